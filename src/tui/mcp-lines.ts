import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_NAME_SEPARATOR, type ServerStatus } from '../mcp/client/hub.js';

/** What `/mcp` reads of the hub: each server's status, and the tools one contributes. */
export interface McpStatusSource {
  status(): ServerStatus[];
  serverTools(serverName: string): Tool[];
}

const MARK: Record<string, string> = { connected: '✓', connecting: '…', failed: '✗', disconnected: '✗', disabled: '○' };
/** An external server's tools one a line, up to this many (the rest counted). */
const MAX_TOOLS_SHOWN = 12;

/**
 * `/mcp`: the MCP servers of the session (the embedded robot server and the configured external
 * ones), each with its transport, its state (and why it is not connected) and its tools, as the
 * agent sees them now.
 */
export function mcpLines(hub: McpStatusSource): string[] {
  const servers = hub.status();
  const external = servers.filter((s) => s.transport !== 'embedded');
  const connected = external.filter((s) => s.state === 'connected').length;
  const lines = [
    external.length
      ? `MCP servers: ${external.length} configured, ${connected} connected`
      : 'MCP servers: no external servers configured (robot-agent mcp add NAME -- COMMAND ARGS… adds one)',
  ];
  for (const s of servers) {
    const tools = s.state === 'connected' ? hub.serverTools(s.name) : [];
    lines.push(`${MARK[s.state] ?? '?'} ${s.name} (${s.transport}) · ${stateText(s)}${s.state === 'connected' ? ` · ${plural(tools.length, 'tool')}` : ''}`);
    if (s.transport === 'embedded') {
      // The robot's own tools are listed by name only: /help and the agent describe them.
      if (tools.length) lines.push(`    ${tools.map((t) => t.name).join(', ')}`);
      continue;
    }
    for (const t of tools.slice(0, MAX_TOOLS_SHOWN)) lines.push(`    ${shortName(s.name, t.name)}${t.description ? ` — ${firstSentence(t.description)}` : ''}`);
    if (tools.length > MAX_TOOLS_SHOWN) lines.push(`    … and ${tools.length - MAX_TOOLS_SHOWN} more`);
  }
  return lines;
}

/** `connected in 412 ms`, `failed: <why>`, `connecting (attempt 2 of 5)`, `disconnected: <why>; reconnecting in 1s (attempt 2 of 5)` */
function stateText(s: ServerStatus): string {
  const why = s.error ? `: ${s.error.split('\n')[0]}` : '';
  const again = s.reconnecting;
  const attempt = again ? `attempt ${again.attempt} of ${again.of}` : '';
  switch (s.state) {
    case 'connected':
      return s.connectMs === undefined ? 'connected' : `connected in ${s.connectMs} ms`;
    case 'connecting':
      return again ? `reconnecting (${attempt})` : 'connecting';
    case 'disconnected':
      return `disconnected${why}${again?.inMs !== undefined ? `; reconnecting in ${again.inMs / 1000}s (${attempt})` : ''}`;
    default:
      return `${s.state}${why}`;
  }
}

/** A tool as its server names it (the hub's `<server>__` prefix dropped). */
function shortName(server: string, name: string): string {
  const prefix = `${server}${TOOL_NAME_SEPARATOR}`;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0]!;
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
