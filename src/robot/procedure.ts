import type { Vec2 } from '../core/geometry.js';
import type { Zone } from '../core/map.js';
import type { MotionLimits } from './backend.js';
import type { HeldObject } from './held-object.js';
import type { Perception } from './perception.js';
import type { RobotContext } from './robot-context.js';
import type { RobotState } from './robot-state.js';
import type { Safety } from './safety.js';
import type { Step } from './steps.js';

/** Multi-step operations (approach, deliver) are written as procedures over these. */

/** The states a step of a multi-step operation puts the robot in. */
export type StepState = Extract<RobotState, 'NAVIGATING' | 'MANIPULATING'>;

/** What a multi-step operation can do: run a step to its end, and look with the camera. */
export interface ProcedureIo {
  /** Puts the robot in the step's state and runs the step, waiting in robot time; resolves with
   *  its result, and ends the operation (rejecting) when the step fails or the operation is
   *  cancelled. */
  run(label: string, state: StepState, step: Step, span: readonly [number, number]): Promise<Record<string, unknown>>;
  /** Looks with the camera, SENSING while it does. */
  detect(): Promise<void>;
}

export type Procedure = (io: ProcedureIo) => Promise<Record<string, unknown>>;

/** What the kinds are built from. */
export interface KindDeps {
  ctx: RobotContext;
  safety: Safety;
  held: HeldObject;
  perception: Perception | undefined;
  limits(): MotionLimits;
  /** A motion step to a point, after the same checks as navigate_to, keeping out of `avoid`'s zones. */
  drive(target: Vec2 & { heading?: number }, avoid?: readonly Zone[]): Step;
  /** Looks with the camera (detect_objects without a filter). */
  detect(): Promise<unknown>;
}
