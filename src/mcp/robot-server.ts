import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { InvalidParamsReplies } from './invalid-params.js';
import { PlainErrorMessages } from './plain-error-messages.js';
import { ResourceReadReplies } from './resource-read-replies.js';
import { ToolCallReplies } from './tool-call-replies.js';
import { ToolListReplies } from './tool-list-replies.js';
import type { ConnectableServer } from './transports/connectable-server.js';
import type { Robot } from '../robot/robot.js';
import type { Rng } from '../core/rng.js';
import { registerTools } from './server-builder.js';
import { registerRobotPrompts } from './robot-prompts.js';
import { registerRobotResources } from './robot-resources.js';
import { robotTools, type RobotToolContext } from './tools/robot/index.js';
import type { AuditLog } from './audit-log.js';
import { auditedTools } from './audited-tools.js';
import { attachCallerSession } from './caller-session.js';
import { CallsInFlight } from './calls-in-flight.js';
import { ElicitationValidator } from './elicitation-validator.js';
import { forwardRobotEvents } from './robot-log-messages.js';
import { actuationRefusal, type AttachedExtension, type RobotServerExtension } from './server-extension.js';

export interface RobotServerOptions {
  robot: Robot;
  /** Wall clock for get_time, epoch ms — injected so replays can restore it. */
  wallClock: () => number;
  rng: Rng;
  version: string;
  /** Where programming errors inside tools are reported with their stack (serve: stderr). Without
   *  it the caller still gets an `internal` failure naming the error. */
  onInternalError?: (tool: string, error: unknown) => void;
  /** More tools and resources on the same server (the ROS primitives of --ros-config). */
  extensions?: readonly RobotServerExtension[];
  /** A server for clients in other processes (serve): motion a session started stops when the
   *  session goes away unless started detached (the deadman), and releasing the e-stop needs a
   *  person's confirmation — asked through MCP elicitation, else refused unless
   *  `allowUnconfirmedReset` (an operator's option). Absent for the embedded server, whose agent
   *  confirms tools itself and ends with it. */
  remote?: { allowUnconfirmedReset: boolean };
  /** Where actuations and safety events go with their session and client (--audit-log). */
  audit?: AuditLog;
}

/** The robot server for one connection. Close it through this handle (not `server.close()`): it
 *  also ends the server's subscriptions to the robot's events. */
export interface RobotMcpServer extends ConnectableServer {
  readonly server: McpServer;
}

/**
 * The robot MCP server: the same server for the embedded agent (in-process) and for `serve`
 * (stdio, Streamable HTTP). Transport-agnostic: connect the handle to any transport; it puts
 * InvalidParamsReplies, ToolListReplies, ToolCallReplies, ResourceReadReplies and PlainErrorMessages
 * in front of the SDK on each one.
 */
export function createRobotMcpServer(opts: RobotServerOptions): RobotMcpServer {
  const server = new McpServer(
    { name: 'robot-agent', title: 'robot-agent robot', version: opts.version },
    {
      capabilities: { logging: {}, resources: { subscribe: true }, tools: {}, prompts: {} },
      instructions: 'A mobile manipulator robot. Read robot://map for the room; arm before moving; find objects with detect_objects or scan_surroundings.',
      jsonSchemaValidator: new ElicitationValidator(),
    },
  );
  const session = attachCallerSession(server, opts.robot, {
    deadman: opts.remote !== undefined,
    unconfirmedReset: opts.remote?.allowUnconfirmedReset === false ? 'refused' : 'allowed',
    ...(opts.audit ? { audit: opts.audit } : {}),
  });
  const ctx: RobotToolContext = { robot: opts.robot, wallClock: opts.wallClock, rng: opts.rng, session };
  const callsInFlight = new CallsInFlight();
  registerTools(server, auditedTools(robotTools), ctx, { onInternalError: opts.onInternalError, callsInFlight });
  const attached: AttachedExtension[] = [];
  const resources = registerRobotResources(server, opts.robot, (href) => attached.some((a) => a.isKnownUri(href)));
  registerRobotPrompts(server, opts.robot, robotTools);
  const host = { isSubscribed: (uri: string) => resources.isSubscribed(uri), session, actuationRefusal: (what: string) => actuationRefusal(opts.robot, what), onRobotStop: (l: (reason: string) => void) => opts.robot.onStop(l) };
  for (const extension of opts.extensions ?? []) attached.push(extension.attach(server, host));
  ctx.externalOperations = attached.find((a) => a.operations)?.operations;
  const tools = [...robotTools, ...attached.flatMap((a) => a.tools)];
  // The SDK advertises listChanged: true for whatever is registered; these lists never change.
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } });
  const stopLogging = forwardRobotEvents(server, opts.robot, callsInFlight);
  return {
    server,
    connect: (transport: Transport) =>
      server.connect(
        new PlainErrorMessages(new ResourceReadReplies(new ToolCallReplies(new ToolListReplies(new InvalidParamsReplies(transport), tools), tools), (uri) => resources.isKnownUri(uri) || attached.some((a) => a.isKnownUri(uri)))),
      ),
    async close() {
      resources.stopWatching();
      stopLogging();
      for (const a of attached) a.detach();
      await server.close();
      session.ended(); // also when the transport never reported its close
    },
  };
}
