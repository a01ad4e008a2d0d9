import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

const PAGINATED = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);

/**
 * JSON-RPC conformance the SDK (1.32) leaves out: a request whose params fail the method's schema
 * is answered -32603 "Internal error" with a zod dump; it is -32602 Invalid params, with a line
 * naming the field. And every list fits in one page, so a cursor can only be one we never issued:
 * the spec wants -32602 for an invalid cursor, the SDK ignores it. Wraps the handlers registered
 * so far (all of them: call this last); a later SDK without the private map is left untouched.
 */
export function answerBadParamsAsInvalidParams(protocol: Server): void {
  type Handler = (request: { method: string; params?: Record<string, unknown> }, extra: unknown) => Promise<unknown>;
  const handlers = (protocol as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(handlers instanceof Map)) return;
  for (const [method, handler] of [...(handlers as Map<string, Handler>)]) {
    handlers.set(method, async (request: Parameters<Handler>[0], extra: unknown) => {
      if (PAGINATED.has(method) && request.params?.cursor !== undefined) {
        throw invalidParams(`invalid cursor: ${method} returns everything in one page; omit "cursor"`);
      }
      try {
        return await handler(request, extra);
      } catch (error) {
        const issues = (error as { issues?: unknown }).issues;
        if (error instanceof Error && Array.isArray(issues)) {
          const what = issues
            .map((i: { path?: unknown[]; message?: string }) => `${(i.path ?? []).join('.') || 'params'}: ${i.message ?? 'invalid'}`)
            .join('; ');
          throw invalidParams(`invalid params for ${method}: ${what}`);
        }
        throw error;
      }
    });
  }
}

/** An error the SDK sends as-is ({code, message}); McpError would prefix "MCP error -32602:". */
function invalidParams(message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code: ErrorCode.InvalidParams });
}
