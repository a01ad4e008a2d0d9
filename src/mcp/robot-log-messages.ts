import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { LoggingLevelSchema, SetLevelRequestSchema, type LoggingLevel, type ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { Robot } from '../robot/robot.js';
import type { RobotEvent } from '../robot/event-log.js';
import type { CallsInFlight } from './calls-in-flight.js';

/** Event kinds worth a notifications/message to the client. */
const LOGGED_KINDS = new Set(['safety', 'operation', 'battery']);
const LEVELS = LoggingLevelSchema.options;

/**
 * Robot events as notifications/message, at or above the level the client set with
 * logging/setLevel (one server per connection, so one level). During a tool call they go out on
 * that call's stream (CallsInFlight), otherwise as unrelated notifications (stdio; an HTTP
 * client's standalone GET stream). The SDK's own sendLoggingMessage cannot do the former: it sends
 * no relatedRequestId. Returns the function that stops forwarding.
 */
export function forwardRobotEvents(server: McpServer, robot: Robot, calls: CallsInFlight): () => void {
  let minimum: LoggingLevel | undefined;
  server.server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    minimum = request.params.level;
    return {};
  });
  return robot.events.subscribe((e: RobotEvent) => {
    if (!LOGGED_KINDS.has(e.kind) || !server.isConnected()) return;
    const level: LoggingLevel = isWarning(e) ? 'warning' : 'info';
    if (minimum !== undefined && LEVELS.indexOf(level) < LEVELS.indexOf(minimum)) return;
    const message: ServerNotification = { method: 'notifications/message', params: { level, logger: `robot.${e.kind}`, data: { t: e.t, message: e.message } } };
    const onCallStream = calls.newest();
    void (onCallStream ? onCallStream(message) : server.server.notification(message)).catch(() => undefined);
  });
}

/** Safety events, operations that ended failed and programming errors inside an operation (the
 *  operation events' data says which; their wording is for people). */
function isWarning(e: RobotEvent): boolean {
  return e.kind === 'safety' || e.data?.status === 'failed' || e.data?.internal === true;
}
