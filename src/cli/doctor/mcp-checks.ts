import { homedir } from 'node:os';
import { loadConfig, noConfigText, type LoadedConfig } from '../../config/config-file.js';
import { displayPath } from '../../core/display-path.js';
import type { ServerStatus } from '../../mcp/client/hub.js';
import { serverStateText } from '../../mcp/client/status-line.js';
import type { CliIo } from '../io.js';
import { PROGRAM_VERSION } from '../version.js';
import { timedCheck, type CheckResult } from './checks.js';

/**
 * The config file and each MCP server it names, for `robot-agent doctor`: every enabled server is
 * connected through the agent's own client hub (all at once, as a mission does), and each one's
 * check says whether it answered, how long connecting and listing its tools took, and how many
 * tools it offers — or why it failed, with the last lines of its stderr.
 */
export interface ConfigCheck {
  result: CheckResult;
  /** The loaded config, when it loaded. */
  config?: LoadedConfig;
}

export async function configCheck(io: CliIo, explicitPath: string | undefined): Promise<ConfigCheck> {
  const lookup = { explicitPath, env: io.env, cwd: process.cwd(), homedir: homedir() };
  let config: LoadedConfig | undefined;
  const result = await timedCheck('config', async () => {
    config = await loadConfig(lookup);
    if (config.path === null) {
      return { status: 'info', detail: `${noConfigText(lookup)}: no external MCP servers; robot-agent init writes a starter` };
    }
    const n = config.servers.length;
    return { status: 'ok', detail: `${displayPath(config.path, lookup.cwd)}: ${n} MCP server${n === 1 ? '' : 's'}` };
  });
  return { result, ...(config ? { config } : {}) };
}

/** One check per configured server, in the file's order. */
export async function serverChecks(config: LoadedConfig, timeoutMs: number | undefined): Promise<CheckResult[]> {
  if (config.servers.length === 0) return [];
  const { McpHub } = await import('../../mcp/client/hub.js');
  const hub = new McpHub({
    servers: config.servers,
    clientInfo: { name: 'robot-agent-doctor', version: PROGRAM_VERSION },
    ...(timeoutMs === undefined ? {} : { connectTimeoutMs: timeoutMs }),
  });
  // Connected servers report their own connect time; a failure's is when the hub said so.
  const t0 = performance.now();
  const endedAt = new Map<string, number>();
  const stop = hub.onStatusChange(({ status }) => {
    if (status.state !== 'connecting' && !endedAt.has(status.name)) endedAt.set(status.name, performance.now() - t0);
  });
  try {
    await hub.settled();
    const file = config.path === null ? 'the config file' : displayPath(config.path);
    return hub.status().map((s) => serverResult(s, Math.round(s.connectMs ?? endedAt.get(s.name) ?? performance.now() - t0), config, file));
  } finally {
    stop();
    await hub.close();
  }
}

function serverResult(s: ServerStatus, ms: number, config: LoadedConfig, configShown: string): CheckResult {
  const name = `mcp:${s.name}`;
  if (s.state === 'disabled') return { name, status: 'skipped', detail: `${s.transport} server, disabled in the config`, ms: 0 };
  if (s.state === 'connected') return { name, status: 'ok', detail: `${s.transport} server answered: ${serverStateText(s)}`, ms };
  return { name, status: 'fail', detail: `${s.transport} server ${serverStateText(s)}${s.error ? '' : ': no reason given'}${whatToDo(s, config, configShown)}`, ms };
}

/** The next step for a server that did not connect, unless its error already says one. */
function whatToDo(s: ServerStatus, config: LoadedConfig, configShown: string): string {
  // An unset env: variable: the loader's line already says to set it or disable the server.
  if (config.servers.find((c) => c.name === s.name)?.startError !== undefined) return '';
  const remove = `or take it out (robot-agent mcp remove ${s.name})`;
  if (/^timed out/.test(s.error ?? '')) return `; if it is only slow, give it longer with --mcp-timeout MS (mcpTimeout in ${configShown}), ${remove}`;
  return `; fix its entry in ${configShown} (robot-agent mcp list shows what it answers), ${remove}`;
}
