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
  const why = status.error ? `: ${status.error.split('\n')[0]}` : '';
  const next = status.reconnecting?.inMs === undefined ? '' : `; reconnecting in ${seconds(status.reconnecting.inMs)} (${attemptOf(status)})`;
  switch (status.state) {
    case 'connecting':
      return { level: 'info', text: status.reconnecting ? `${server} reconnecting (${attemptOf(status)})` : `${server} connecting` };
    case 'connected':
      return previousState === 'connected'
        ? { level: 'info', text: `${server} tools changed (${tools(status.toolCount)})` }
        : { level: 'info', text: `${server} connected (${tools(status.toolCount)}${status.connectMs === undefined ? '' : `, ${status.connectMs} ms`})` };
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

function attemptOf(status: ServerStatus): string {
  return `attempt ${status.reconnecting!.attempt} of ${status.reconnecting!.of}`;
}

function tools(n: number): string {
  return `${n} tool${n === 1 ? '' : 's'}`;
}

function seconds(ms: number): string {
  return `${Math.round(ms) / 1000}s`;
}
