import type { SessionAction } from '../runtime/mission-session.js';
import { reportedToolCall, type ReportedToolCall, type RunReport, type RunSetup } from './run-report.js';

/**
 * `run --output stream-json`: one of these per line on stdout, written as it happens. A reader
 * may ignore types it does not know; fields are only ever added. The README's "run output"
 * section lists them for users.
 */
export type StreamEvent =
  | ({ type: 'mission_started'; provider: string; model: string; tools: string[] } & RunSetup)
  /** The model's (or planner's) words to the user, one block at a time. */
  | { type: 'narration'; text: string }
  | { type: 'tool_call_started'; callId: string; name: string; args: Record<string, unknown> }
  /** `progress` out of `total` (percent for the robot's operations); `message` such as "3.2 m to go". */
  | { type: 'tool_call_progress'; callId: string; name: string; progress: number; total?: number; message?: string }
  | { type: 'confirmation'; callId: string; name: string; approved: boolean; by: 'user' | 'flag' | 'policy' }
  | ({ type: 'tool_call_finished'; callId: string } & ReportedToolCall)
  /** The agent's notices and the session's notes: a lost MCP server, where the recording went. */
  | { type: 'notice'; level: 'info' | 'warning' | 'error'; message: string }
  /** The last line of a mission: the same report `run --json` prints. */
  | { type: 'mission_finished'; report: RunReport }
  /** The last line when the command fails instead (bad input, a failed start); exitCode as the process's. */
  | { type: 'error'; error: { message: string; exitCode: number; code?: string } };

/** The stream events one session action becomes (none for what a reader of the stream does not
 *  need: text deltas, telemetry, model requests; and the mission's own finish, which `run` reports
 *  with the world once the mission is safe). */
export function streamEventsOf(action: SessionAction, setup: RunSetup): StreamEvent[] {
  switch (action.type) {
    case 'mission_started':
      return [{ type: 'mission_started', ...setup, provider: action.provider, model: action.model, tools: action.tools }];
    case 'model_turn':
      return action.content.flatMap((block) => (block.type === 'text' && block.text.trim() ? [{ type: 'narration' as const, text: block.text.trim() }] : []));
    case 'tool_call_started':
      return [{ type: 'tool_call_started', callId: action.callId, name: action.name, args: action.args }];
    case 'tool_call_progress':
      return [{ type: 'tool_call_progress', callId: action.callId, name: action.name, progress: action.progress, ...(action.total !== undefined ? { total: action.total } : {}), ...(action.message ? { message: action.message } : {}) }];
    case 'confirmation':
      return [{ type: 'confirmation', callId: action.callId, name: action.name, approved: action.approved, by: action.by }];
    case 'tool_call_finished':
      return [{ type: 'tool_call_finished', callId: action.callId, ...reportedToolCall(action) }];
    case 'notice':
      return [{ type: 'notice', level: action.level, message: action.message }];
    case 'note':
      return [{ type: 'notice', level: action.level, message: action.text }];
    default:
      return [];
  }
}
