import type { MissionEvent } from '../agent/mission-events.js';
import type { ServerStatusChange } from '../mcp/client/hub.js';
import { statusLine } from '../mcp/client/status-line.js';

/** What a mission session tells whoever shows it (see MissionSession.onAction). */

export type NoteLevel = 'info' | 'warning' | 'error';

/** What the session tells whoever shows it: the running mission's events and its own notes. */
export type SessionAction =
  | MissionEvent
  /** `source: 'mcp'`: a line about an external MCP server's status (connecting, connected, failed, ...). */
  | { type: 'note'; level: NoteLevel; text: string; source?: 'mcp' }
  /** The mission ended without its own mission_finished (it threw). */
  | { type: 'interrupted'; text: string }
  /** A tool waits for the operator's approval. */
  | { type: 'awaiting_approval'; name: string };

export interface PendingConfirmation {
  name: string;
  args: Record<string, unknown>;
}

/** An external server's status change as the note that shows it. */
export function mcpNote(change: ServerStatusChange): SessionAction {
  const { level, text } = statusLine(change);
  return { type: 'note', level, text, source: 'mcp' };
}
