import { isToolFailure, type AnyToolDeclaration, type ToolOutcome } from './tool-declaration.js';
import type { CallerSession } from './caller-session.js';

/**
 * The tools that act on the robot — every one not read-only, utilities aside — wrapped so that
 * each call goes to the caller's audit log twice: when it starts (who asked what: a long drive
 * is on record before it ends) and when it ends (its outcome and operation).
 */
export function auditedTools<C extends { session?: CallerSession }>(tools: readonly AnyToolDeclaration<C>[]): AnyToolDeclaration<C>[] {
  return tools.map((tool) => {
    if (tool.annotations.readOnlyHint || tool.category === 'utility') return tool;
    return {
      ...tool,
      async handler(ctx, args, extra) {
        ctx.session?.audit({ event: 'tool_call', tool: tool.name, arguments: args });
        let outcome: ToolOutcome<unknown>;
        try {
          outcome = await tool.handler(ctx, args, extra);
        } catch (error) {
          ctx.session?.audit({ event: 'tool_result', tool: tool.name, outcome: 'internal' });
          throw error;
        }
        ctx.session?.audit({ event: 'tool_result', tool: tool.name, ...outcomeFields(outcome) });
        return outcome;
      },
    };
  });
}

function outcomeFields(outcome: ToolOutcome<unknown>): Record<string, unknown> {
  if (isToolFailure(outcome)) {
    const { code, message, operation_id } = outcome.error;
    return { outcome: code, message, ...(operation_id !== undefined ? { operation: operation_id } : {}) };
  }
  type OperationLike = { id?: string; kind?: string; status?: string };
  const output = outcome.output as (OperationLike & { operation?: OperationLike; state?: string }) | undefined;
  // Robot motion tools answer { operation }; a ROS goal's tool answers the operation itself.
  const operation = output?.operation ?? (output?.kind !== undefined ? output : undefined);
  return {
    outcome: 'ok',
    ...(operation?.id ? { operation: operation.id, status: operation.status } : {}),
    ...(output?.state ? { state: output.state } : {}),
  };
}
