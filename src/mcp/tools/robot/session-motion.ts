import { z } from 'zod';
import type { Operation } from '../../../robot/operations.js';
import { isToolFailure, type ToolCallExtra, type ToolFailure, type ToolHints, type ToolSuccess } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';
import { attempt, motionOutcome, type MotionOutput } from './views.js';

/** The `detach` argument of every tool that moves the robot (docs/mcp-clients.md, "Deadman"). */
export const detachArg = z
  .boolean()
  .default(false)
  .describe('false (default): the robot stops if this client disconnects or its session ends before the motion is done (deadman); true: the motion goes on without this client');

/** The annotations of every tool that moves the robot or its gripper. */
export const MOVES_THE_ROBOT: ToolHints = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };

/**
 * Hands an operation a tool started to the calling session — its deadman stops it when the
 * session goes away, unless detached — and, with `wait`, waits for it in robot time, reporting
 * MCP progress; the client's cancel (notifications/cancelled) cancels it and stops the robot.
 */
export async function followOperation(
  { robot, session }: RobotToolContext,
  op: Operation,
  extra: ToolCallExtra,
  how: { wait: boolean; detach: boolean; timeoutS: number },
): Promise<Operation> {
  session?.own(op, how.detach);
  if (!how.wait) return op;
  const signals = session ? session.waitSignals(extra.signal) : { signal: extra.signal };
  return robot.waitFor(op, {
    timeoutS: how.timeoutS,
    ...signals,
    onProgress: (o) => extra.reportProgress(Math.round(o.progress * 1000) / 10, 100, o.message),
  });
}

/**
 * What every motion and gripper tool does: starts the robot command (a refusal becomes its coded
 * failure), follows the operation as `followOperation` does, and reports it with `motionOutcome`
 * (`what` names it there, e.g. "navigation to bin_a").
 */
export async function performMotion(
  ctx: RobotToolContext,
  extra: ToolCallExtra,
  start: () => Operation,
  how: { wait: boolean; detach: boolean; timeoutS: number },
  what: string,
): Promise<ToolSuccess<MotionOutput> | ToolFailure> {
  const op = attempt(start);
  if (isToolFailure(op)) return op;
  await followOperation(ctx, op, extra, how);
  return motionOutcome(ctx.robot, op, how.wait, what);
}
