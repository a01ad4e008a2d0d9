import { homedir } from 'node:os';
import { loadConfig } from '../config/config-file.js';
import type { SessionConfig } from '../runtime/session-config.js';
import { chooseProvider } from '../runtime/provider-choice.js';
import { loadScenario } from '../sim/scenario.js';
import type { CliIo } from './io.js';
import { PROGRAM_VERSION } from './version.js';

/** The mission options `run` and `tui` share. */
export interface MissionFlags {
  scenario: string;
  seed: number;
  provider?: 'planner' | 'anthropic';
  model?: string;
  maxSteps: number;
  maxTokens?: number;
  realtime?: boolean;
  config?: string;
  detectorModel?: string;
  detectorLabels?: string;
}

/**
 * A mission session's configuration from the command line: the scenario, the MCP servers of the
 * config file and the provider. A bad scenario, config or provider choice propagates for main
 * to word (cli/user-errors.ts).
 */
export async function sessionConfigFrom(io: CliIo, flags: MissionFlags, recordDir: string | null): Promise<SessionConfig> {
  const scenario = loadScenario(flags.scenario);
  const config = await loadConfig({ explicitPath: flags.config, env: io.env, cwd: process.cwd(), homedir: homedir() });
  return {
    scenario,
    seed: flags.seed,
    realtime: flags.realtime === true,
    detector: { modelPath: flags.detectorModel, labelsPath: flags.detectorLabels },
    servers: config.servers,
    provider: chooseProvider(io.env, flags),
    maxSteps: flags.maxSteps,
    maxTokens: flags.maxTokens,
    recordDir,
    version: PROGRAM_VERSION,
    env: io.env,
  };
}
