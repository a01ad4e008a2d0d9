import type { Operation, OperationKind } from './operations.js';
import type { KindDeps, Procedure } from './procedure.js';
import type { RobotState } from './robot-state.js';
import { chargeStep, gripperStep, motionStep, type Step } from './steps.js';
import { approachProcedure, type ApproachGoal } from './approach.js';
import { deliveryProcedure, type DeliveryGoal } from './delivery.js';

interface KindSpec {
  /** Robot state while it runs. */
  state: RobotState;
  /** A simple operation is one step; a multi-step one runs a procedure. */
  begin(op: Operation, deps: KindDeps): { step: Step } | { procedure: Procedure };
}

/** Every operation kind in one table: the state it puts the robot in and what it runs. */
export const OPERATION_KIND_TABLE: Record<OperationKind, KindSpec> = {
  navigate: {
    state: 'NAVIGATING',
    begin: ({ goal: g }, { ctx, limits }) => ({
      step: motionStep(ctx.backend, { kind: 'goto', target: { x: g.x as number, y: g.y as number }, limits: limits(), ...(g.heading !== undefined ? { heading: g.heading as number } : {}) }),
    }),
  },
  rotate: {
    state: 'NAVIGATING',
    begin: ({ goal }, { ctx, limits }) => ({ step: motionStep(ctx.backend, { kind: 'rotate', angle: goal.angleRad as number, limits: limits() }) }),
  },
  grasp: { state: 'MANIPULATING', begin: (_op, { ctx, held }) => ({ step: gripperStep(ctx.backend, 'grasp', held) }) },
  release: { state: 'MANIPULATING', begin: (_op, { ctx, held }) => ({ step: gripperStep(ctx.backend, 'release', held) }) },
  charge: { state: 'CHARGING', begin: ({ goal }, { ctx }) => ({ step: chargeStep(ctx.backend, goal.target as number) }) },
  approach: { state: 'NAVIGATING', begin: ({ goal }, deps) => ({ procedure: approachProcedure(goal as unknown as ApproachGoal, deps) }) },
  deliver: { state: 'MANIPULATING', begin: ({ goal }, deps) => ({ procedure: deliveryProcedure(goal as unknown as DeliveryGoal, deps) }) },
};
