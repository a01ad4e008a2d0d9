import { z } from 'zod';
import type { Operation } from '../../../robot/operations.js';
import type { ToolCallExtra } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';

/** The `detach` argument of every tool that moves the robot (docs/mcp-clients.md, "Deadman"). */
export const detachArg = z
  .boolean()
  .default(false)
  .describe('false (default): the robot stops if this client disconnects or its session ends before the motion is done (deadman); true: the motion goes on without this client');

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
