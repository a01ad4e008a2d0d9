import { homedir } from 'node:os';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ConfigError, configCandidates, loadConfig } from '../../config/config-file.js';
import { McpHub, type ServerStatus } from '../../mcp/client/hub.js';
import { UserError, writeJson, writeLine, type CliIo } from '../io.js';
import { PROGRAM_VERSION } from '../version.js';

interface ServerListing extends ServerStatus {
  tools: { name: string; description: string }[];
}

/**
 * `robot-agent mcp list`: connects to every configured server (and the embedded robot server when
 * a factory is given), prints each one's status and tools, then disconnects.
 */
export async function runMcpList(
  io: CliIo,
  opts: { config?: string; json?: boolean },
  embedded?: () => Promise<Client>,
): Promise<void> {
  const lookup = { explicitPath: opts.config, env: io.env, cwd: process.cwd(), homedir: homedir() };
  let config;
  try {
    config = await loadConfig(lookup);
  } catch (err) {
    if (err instanceof ConfigError) throw new UserError(err.message);
    throw err;
  }

  const embeddedClient = embedded ? await embedded() : undefined;
  const hub = new McpHub({
    ...(embeddedClient ? { embedded: embeddedClient } : {}),
    servers: config.servers,
    clientInfo: { name: 'robot-agent', version: PROGRAM_VERSION },
  });
  let listings: ServerListing[];
  try {
    await hub.start();
    listings = hub.status().map((status) => ({
      ...status,
      tools: hub.serverTools(status.name).map((t) => ({ name: t.name, description: t.description ?? '' })),
    }));
  } finally {
    await hub.close();
    await embeddedClient?.close();
  }

  if (opts.json) {
    writeJson(io.stdout, listings);
    return;
  }
  if (listings.length === 0) {
    const places = configCandidates(lookup).join(' or ');
    writeLine(io.stdout, `No MCP servers configured (no config file at ${places}).`);
    return;
  }
  if (config.path) writeLine(io.stdout, `config: ${config.path}`);
  for (const server of listings) printServer(io, server);
}

function printServer(io: CliIo, server: ServerListing): void {
  const state =
    server.state === 'connected'
      ? `connected, ${server.toolCount} tool${server.toolCount === 1 ? '' : 's'}`
      : server.error
        ? `${server.state}: ${server.error}`
        : server.state;
  writeLine(io.stdout, `${server.name} (${server.transport})  ${state}`);
  const width = Math.max(0, ...server.tools.map((t) => t.name.length));
  const room = Math.max(20, (io.stdout.columns ?? 100) - width - 4);
  for (const tool of server.tools) {
    const summary = firstLine(tool.description);
    writeLine(io.stdout, `  ${tool.name.padEnd(width)}  ${summary.length > room ? `${summary.slice(0, room - 1)}…` : summary}`.trimEnd());
  }
}

function firstLine(text: string): string {
  return text.trim().split(/\r?\n/)[0]?.trim() ?? '';
}
