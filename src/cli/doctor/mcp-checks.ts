import { homedir } from 'node:os';
import { configCandidates, loadConfig, type LoadedConfig } from '../../config/config-file.js';
import type { McpHub, ServerStatus } from '../../mcp/client/hub.js';
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
  try {
    const took = await firstConnects(hub);
    return hub.status().map((s) => serverResult(s, Math.round(took.get(s.name) ?? 0)));
  } finally {
    await hub.close();
  }
}

/**
 * Starts the hub and resolves once every server's first connect has ended, with how long each
 * took (ms). Only the hub's public status API: its snapshot once started, then its change events.
 */
function firstConnects(hub: McpHub): Promise<Map<string, number>> {
  const t0 = performance.now();
  const took = new Map<string, number>();
  return new Promise((resolve, reject) => {
    let started = false;
    const look = () => {
      if (!started) return; // before start() has begun every connect, a server's state is not yet its own
      for (const s of hub.status()) if (SETTLED.has(s.state) && !took.has(s.name)) took.set(s.name, performance.now() - t0);
      if (took.size < hub.status().length) return;
      stop();
      resolve(took);
    };
    const stop = hub.onStatusChange(look);
    hub.start().then(() => {
      started = true;
      look();
    }, reject);
  });
}

/** States a server's first connect ends in. */
const SETTLED = new Set<string>(['connected', 'failed', 'disconnected', 'disabled']);

function serverResult(s: ServerStatus, ms: number): CheckResult {
  const name = `mcp:${s.name}`;
  if (s.state === 'disabled') return { name, status: 'skipped', detail: `${s.transport} server, disabled in the config`, ms: 0 };
  if (s.state === 'connected') {
    return { name, status: 'ok', detail: `${s.transport} server answered: connected and listed ${s.toolCount} tool${s.toolCount === 1 ? '' : 's'} in ${ms} ms`, ms };
  }
  return { name, status: 'fail', detail: `${s.transport} server ${s.state}: ${s.error ?? 'no reason given'}`, ms };
}
