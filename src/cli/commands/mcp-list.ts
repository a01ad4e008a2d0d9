import { homedir } from 'node:os';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { loadConfig, noConfigText } from '../../config/config-file.js';
import { displayPath } from '../../core/display-path.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, McpHub, type ServerStatus } from '../../mcp/client/hub.js';
import { serverStateText, toolSummary } from '../../mcp/client/status-line.js';
import { writeJson, writeLine, type CliIo } from '../io.js';
import { PROGRAM_VERSION } from '../version.js';

interface ServerListing extends ServerStatus {
  tools: { name: string; description: string }[];
}

/**
 * `robot-agent mcp list`: connects to the embedded robot server and every configured server (in
 * parallel, each within `--mcp-timeout` or the config's `mcpTimeout`), prints each one's status
 * and tools, then disconnects.
 */
export async function runMcpList(
  io: CliIo,
  opts: { config?: string; json?: boolean; mcpTimeout?: number },
  embedded: () => Promise<Client> = embeddedRobotClient,
): Promise<void> {
  const lookup = { explicitPath: opts.config, env: io.env, cwd: process.cwd(), homedir: homedir() };
  const config = await loadConfig(lookup);

  const embeddedClient = await embedded();
  const hub = new McpHub({
    embedded: embeddedClient,
    servers: config.servers,
    connectTimeoutMs: opts.mcpTimeout ?? config.mcpTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    clientInfo: { name: 'robot-agent', version: PROGRAM_VERSION },
  });
  let listings: ServerListing[];
  try {
    await hub.settled();
    listings = hub.status().map((status) => ({
      ...status,
      tools: hub.serverTools(status.name).map((t) => ({ name: t.name, description: t.description ?? '' })),
    }));
  } finally {
    await hub.close();
    await embeddedClient.close();
  }

  if (opts.json) {
    writeJson(io.stdout, listings);
    return;
  }
  writeLine(io.stdout, config.path ? `config: ${displayPath(config.path, lookup.cwd)}` : `${noConfigText(lookup)}: only the embedded robot server`);
  for (const server of listings) printServer(io, server);
}

/** The robot server the agent embeds, on the default scenario: listed like any other server. */
async function embeddedRobotClient(): Promise<Client> {
  const [{ createSimulatedRobot }, { createRobotMcpServer }, { connectInProcess }] = await Promise.all([
    import('../../runtime/simulated-robot.js'),
    import('../../mcp/robot-server.js'),
    import('../../mcp/transports/in-process.js'),
  ]);
  const { robot, toolRng } = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
  const server = createRobotMcpServer({ robot, wallClock: () => Date.now(), rng: toolRng, version: PROGRAM_VERSION });
  return (await connectInProcess(server, { name: 'robot-agent', version: PROGRAM_VERSION })).client;
}

function printServer(io: CliIo, server: ServerListing): void {
  writeLine(io.stdout, `${server.name} (${server.transport})  ${serverStateText(server)}`);
  const width = Math.max(0, ...server.tools.map((t) => t.name.length));
  const room = Math.max(20, (io.stdout.columns ?? 100) - width - 4);
  for (const tool of server.tools) writeLine(io.stdout, `  ${tool.name.padEnd(width)}  ${toolSummary(tool.description, room)}`.trimEnd());
}
