import { z } from 'zod';
import { isFinished } from '../../../robot/operations.js';
import { defineTool, isToolFailure, toolFailure, MAX_NAME_LENGTH } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';
import { attempt, operationSchema, operationView } from './views.js';

const define = defineTool<RobotToolContext>();

export const getOperation = define({
  name: 'get_operation',
  title: 'Get an operation',
  description: 'Status, progress and result of an operation started with wait=false. With wait_seconds, waits up to that long (robot time) for it to finish.',
  input: {
    id: z.string().max(MAX_NAME_LENGTH).describe('operation id, e.g. "op-3"'),
    wait_seconds: z.number().min(0).max(600).optional().describe('wait up to this long for the operation to end'),
  },
  output: operationSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  category: 'motion',
  needsConfirmation: false,
  timeoutSeconds: 600,
  async handler({ robot, externalOperations }, { id, wait_seconds }, extra) {
    const external = externalOperations?.get(id);
    if (external) {
      const view = (wait_seconds ? await externalOperations!.wait(id, wait_seconds, extra) : undefined) ?? external;
      return { output: view, summary: `${view.id} ${view.kind} ${view.status} (${Math.round(view.progress * 100)}%)` };
    }
    const op = robot.operations.get(id);
    if (!op) return toolFailure('unknown_operation', `no operation "${id}"; list_operations shows the known ids`);
    if (wait_seconds && !isFinished(op)) {
      // Waiting here must not cancel the operation when the time is up: poll in robot time.
      const until = robot.now() + wait_seconds;
      while (!isFinished(op) && robot.now() < until && !extra.signal.aborted) {
        await robot.backend.sleep(Math.min(0.25, until - robot.now()));
        await extra.reportProgress(Math.round(op.progress * 1000) / 10, 100, op.message);
      }
    }
    return { output: operationView(op), summary: `${op.id} ${op.kind} ${op.status} (${Math.round(op.progress * 100)}%)` };
  },
});

export const cancelOperation = define({
  name: 'cancel_operation',
  title: 'Cancel an operation',
  description: 'Cancel a running or queued operation; a running motion stops the robot.',
  input: { id: z.string().max(MAX_NAME_LENGTH).describe('operation id, e.g. "op-3"') },
  output: operationSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  category: 'motion',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler({ robot, externalOperations }, { id }) {
    const external = externalOperations?.cancel(id);
    if (external) return isToolFailure(external) ? external : { output: external, summary: `${external.id} ${external.status}` };
    const op = attempt(() => robot.cancelOperation(id));
    if (isToolFailure(op)) return op;
    return { output: operationView(op), summary: `${op.id} ${op.status}` };
  },
});

export const listOperations = define({
  name: 'list_operations',
  title: 'List operations',
  description: 'Operations of this session, newest last, optionally only active ones (pending or running).',
  input: { active_only: z.boolean().default(false) },
  output: z.object({ operations: z.array(operationSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  category: 'motion',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler({ robot, externalOperations }, { active_only }) {
    const ops = robot.operations.list(active_only ? { status: ['pending', 'running'] } : undefined).map(operationView);
    ops.push(...(externalOperations?.list(active_only) ?? []));
    return { output: { operations: ops }, summary: `${ops.length} operation(s)` };
  },
});

export const operationTools = [getOperation, cancelOperation, listOperations];
