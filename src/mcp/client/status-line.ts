import { seconds } from './duration-text.js';
import type { ServerStatus, ServerStatusChange } from './hub.js';

/** A status change as a person reads it: one line, and whether it is news to worry about. */
export interface StatusLine {
  level: 'info' | 'warning';
  text: string;
}

/**
 * One line per server status change, as `run` prints them on stderr and the TUI notes them:
 *
 *   MCP server "everything" connecting
 *   MCP server "everything" connected (13 tools, 412 ms)
 *   MCP server "hung" failed: timed out: not ready within 0.3s (--mcp-timeout); carrying on without it
 *   MCP server "web" disconnected: the server stopped answering; its tools are withdrawn; reconnecting in 0.5s (attempt 1 of 5)
 *   MCP server "web" reconnecting (attempt 1 of 5)
 */
export function statusLine({ status, previousState, withdrawnTools }: ServerStatusChange): StatusLine {
  const server = `MCP server "${status.name}"`;
  const why = whyText(status);
  const next = nextAttemptText(status);
  switch (status.state) {
    case 'connecting':
      return { level: 'info', text: `${server} ${serverStateText(status)}` };
    case 'connected':
      return previousState === 'connected'
        ? { level: 'info', text: `${server} tools changed (${tools(status.toolCount)})` }
        : { level: 'info', text: `${server} ${serverStateText(status)}` };
    case 'disconnected':
      return previousState === 'connected'
        ? { level: 'warning', text: `${server} disconnected${why}; its tools are withdrawn${next}` }
        : { level: 'warning', text: `${server} still unreachable${why}${next}` };
    case 'failed':
    case 'disabled':
      return { level: 'warning', text: `${server} ${status.state}${why}; ${withdrawnTools.length ? 'its tools are withdrawn' : 'carrying on without it'}` };
  }
}

/** `MCP server "hung" was still connecting when the mission ended; its tools were not offered`, one per such server. */
export function stillConnectingLines(statuses: readonly ServerStatus[]): string[] {
  return statuses
    .filter((s) => s.state === 'connecting')
    .map((s) => `MCP server "${s.name}" was still connecting when the mission ended; its tools were not offered`);
}

/**
 * A server's state in a few words, the same wherever servers are listed (/mcp, mcp list, doctor):
 * `connected (13 tools, 412 ms)`, `connecting`, `reconnecting (attempt 2 of 5)`,
 * `disconnected: <why>; reconnecting in 1s (attempt 2 of 5)`, `failed: <why>`, `disabled`.
 */
export function serverStateText(status: ServerStatus): string {
  switch (status.state) {
    case 'connected':
      return `connected (${tools(status.toolCount)}${status.connectMs === undefined ? '' : `, ${status.connectMs} ms`})`;
    case 'connecting':
      return status.reconnecting ? `reconnecting (${attemptOf(status)})` : 'connecting';
    case 'disconnected':
      return `disconnected${whyText(status)}${nextAttemptText(status)}`;
    default:
      return `${status.state}${whyText(status)}`;
  }
}

/** A tool's description as one line for a listing: its first line, cut to `width` characters with an ellipsis. */
export function toolSummary(description: string | undefined, width: number): string {
  const line = description?.trim().split(/\r?\n/)[0]?.trim() ?? '';
  return line.length > width ? `${line.slice(0, Math.max(1, width - 1))}…` : line;
}

/** `: <first line of the error>`, or nothing. */
function whyText(status: ServerStatus): string {
  return status.error ? `: ${status.error.split('\n')[0]}` : '';
}

function nextAttemptText(status: ServerStatus): string {
  return status.reconnecting?.inMs === undefined ? '' : `; reconnecting in ${seconds(status.reconnecting.inMs)} (${attemptOf(status)})`;
}

function attemptOf(status: ServerStatus): string {
  return `attempt ${status.reconnecting!.attempt} of ${status.reconnecting!.of}`;
}

function tools(n: number): string {
  return `${n} tool${n === 1 ? '' : 's'}`;
}
