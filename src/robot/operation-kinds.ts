import type { Operation, OperationKind } from './operations.js';
import type { KindDeps, Procedure } from './procedure.js';
import type { RobotState } from './robot-state.js';
import { chargeStep, gripperStep, motionStep, type Step } from './steps.js';
import { approachProcedure, type ApproachGoal } from './approach.js';
import { deliveryProcedure, type DeliveryGoal } from './delivery.js';
import { avoidZonesOf, driveStep, zonesNamed } from './keep-out.js';

/** A simple operation is one step, in one state; a multi-step one runs a procedure, whose steps
 *  each put the robot in their own state (ProcedureIo). */
type KindSpec = { /** Robot state while it runs. */ state: RobotState; step(op: Operation, deps: KindDeps): Step } | { procedure(op: Operation, deps: KindDeps): Procedure };

/** Every operation kind in one table: what it runs, and the state a simple one puts the robot in. */
export const OPERATION_KIND_TABLE: Record<OperationKind, KindSpec> = {
  navigate: {
    state: 'NAVIGATING',
    step: ({ goal: g }, { ctx, limits }) =>
      driveStep(ctx.backend, limits(), { x: g.x as number, y: g.y as number, ...(g.heading !== undefined ? { heading: g.heading as number } : {}) }, zonesNamed(ctx.backend, avoidZonesOf(g))),
  },
  rotate: {
    state: 'NAVIGATING',
    step: ({ goal }, { ctx, limits }) => motionStep(ctx.backend, { kind: 'rotate', angle: goal.angleRad as number, limits: limits() }),
  },
  grasp: { state: 'MANIPULATING', step: (_op, { ctx, held }) => gripperStep(ctx.backend, 'grasp', held) },
  release: { state: 'MANIPULATING', step: (_op, { ctx, held }) => gripperStep(ctx.backend, 'release', held) },
  charge: { state: 'CHARGING', step: ({ goal }, { ctx }) => chargeStep(ctx.backend, goal.target as number) },
  approach: { procedure: ({ goal }, deps) => approachProcedure(goal as unknown as ApproachGoal, deps) },
  deliver: { procedure: ({ goal }, deps) => deliveryProcedure(goal as unknown as DeliveryGoal, deps) },
};
