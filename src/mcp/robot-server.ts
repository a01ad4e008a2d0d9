import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { Robot } from '../robot/robot.js';
import type { Rng } from '../sim/rng.js';
import { registerTools } from './server-builder.js';
import { registerRobotPrompts } from './robot-prompts.js';
import { registerRobotResources } from './robot-resources.js';
import { robotTools, type RobotToolContext } from './tools/robot/index.js';
import type { RobotEvent } from '../robot/event-log.js';

export interface RobotServerOptions {
  robot: Robot;
  /** Wall clock for get_time, epoch ms — injected so replays can restore it. */
  wallClock: () => number;
  rng: Rng;
  version: string;
  /** Where programming errors inside tools are reported (stderr for serve, the event stream for run). */
  onInternalError?: (tool: string, error: unknown) => void;
}

/** Event kinds worth a notifications/message to the client. */
const LOGGED_KINDS = new Set(['safety', 'operation', 'battery']);

/**
 * The robot MCP server: the same server for the embedded agent (in-process) and for `serve`
 * (stdio, Streamable HTTP). Transport-agnostic: connect it to any SDK transport.
 */
export function createRobotMcpServer(opts: RobotServerOptions): McpServer {
  const server = new McpServer(
    { name: 'robot-agent', title: 'robot-agent robot', version: opts.version },
    {
      capabilities: { logging: {}, resources: { subscribe: true, listChanged: false }, tools: {}, prompts: {} },
      instructions: 'A mobile manipulator robot. Read robot://map for the room; arm before moving; find objects with detect_objects or scan_surroundings.',
    },
  );
  const ctx: RobotToolContext = { robot: opts.robot, wallClock: opts.wallClock, rng: opts.rng };
  registerTools(server, robotTools, ctx, { onInternalError: opts.onInternalError });
  const stopWatching = registerRobotResources(server, opts.robot);
  registerRobotPrompts(server, opts.robot, robotTools);
  answerBadParamsAsInvalidParams(server.server);
  const stopLogging = opts.robot.events.subscribe((e: RobotEvent) => {
    if (!LOGGED_KINDS.has(e.kind) || !server.isConnected()) return;
    const level = e.kind === 'safety' || /failed/.test(e.message) ? 'warning' : 'info';
    // The session id makes logging/setLevel count over HTTP: the SDK files levels by session.
    void server
      .sendLoggingMessage({ level, logger: `robot.${e.kind}`, data: { t: e.t, message: e.message } }, server.server.transport?.sessionId)
      .catch(() => undefined);
  });
  const close = server.close.bind(server);
  server.close = async () => {
    stopWatching();
    stopLogging();
    await close();
  };
  return server;
}

const PAGINATED = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);

/**
 * JSON-RPC conformance the SDK (1.32) leaves out: a request whose params fail the method's schema
 * is answered -32603 "Internal error" with a zod dump; it is -32602 Invalid params, with a line
 * naming the field. And every list fits in one page, so a cursor can only be one we never issued:
 * the spec wants -32602 for an invalid cursor, the SDK ignores it. Wraps the handlers registered
 * so far (all of them: call this last); a later SDK without the private map is left untouched.
 */
function answerBadParamsAsInvalidParams(protocol: Server): void {
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
