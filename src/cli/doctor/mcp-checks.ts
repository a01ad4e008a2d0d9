import { homedir } from 'node:os';
import { configCandidates, loadConfig, type LoadedConfig } from '../../config/config-file.js';
import type { ServerStatus } from '../../mcp/client/hub.js';
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
      return { status: 'info', detail: `no config file (looked for ${configCandidates(lookup).join(' and ')}): no external MCP servers; robot-agent init writes a starter` };
    }
    const n = config.servers.length;
    return { status: 'ok', detail: `${config.path}: ${n} MCP server${n === 1 ? '' : 's'}` };
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
    return hub.status().map((s) => serverResult(s, Math.round(s.connectMs ?? endedAt.get(s.name) ?? performance.now() - t0)));
  } finally {
    stop();
    await hub.close();
  }
}

function serverResult(s: ServerStatus, ms: number): CheckResult {
  const name = `mcp:${s.name}`;
  if (s.state === 'disabled') return { name, status: 'skipped', detail: `${s.transport} server, disabled in the config`, ms: 0 };
  if (s.state === 'connected') {
    return { name, status: 'ok', detail: `${s.transport} server answered: connected and listed ${s.toolCount} tool${s.toolCount === 1 ? '' : 's'} in ${ms} ms`, ms };
  }
  return { name, status: 'fail', detail: `${s.transport} server ${s.state}: ${s.error ?? 'no reason given'}`, ms };
}
