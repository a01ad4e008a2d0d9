import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_NAME_SEPARATOR, type ServerStatus } from '../mcp/client/hub.js';
import { serverStateText, toolSummary } from '../mcp/client/status-line.js';

/** What `/mcp` reads of the hub: each server's status, and the tools one contributes. */
export interface McpStatusSource {
  status(): ServerStatus[];
  serverTools(serverName: string): Tool[];
}

const MARK: Record<string, string> = { connected: '✓', connecting: '…', failed: '✗', disconnected: '✗', disabled: '○' };
/** An external server's tools one a line, up to this many (the rest counted). */
const MAX_TOOLS_SHOWN = 12;
/** A tool's description is cut to this many characters. */
const SUMMARY_WIDTH = 100;

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
    lines.push(`${MARK[s.state] ?? '?'} ${s.name} (${s.transport}) · ${serverStateText(s)}`);
    if (s.transport === 'embedded') {
      // The robot's own tools are listed by name only: /help and the agent describe them.
      if (tools.length) lines.push(`    ${tools.map((t) => t.name).join(', ')}`);
      continue;
    }
    for (const t of tools.slice(0, MAX_TOOLS_SHOWN)) lines.push(`    ${shortName(s.name, t.name)}${t.description ? ` — ${toolSummary(t.description, SUMMARY_WIDTH)}` : ''}`);
    if (tools.length > MAX_TOOLS_SHOWN) lines.push(`    … and ${tools.length - MAX_TOOLS_SHOWN} more`);
  }
  return lines;
}

/** A tool as its server names it (the hub's `<server>__` prefix dropped). */
function shortName(server: string, name: string): string {
  const prefix = `${server}${TOOL_NAME_SEPARATOR}`;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}
