import { homedir } from 'node:os';
import path from 'node:path';
import { loadConfig, type LoadedConfig } from '../config/config-file.js';
import { defaultRecordingsDir } from '../replay/recording-index.js';
import type { CliIo } from './io.js';

/**
 * Where recordings go and are looked for: `--record-dir`, else the config file's `recordDir`,
 * else the per-user state folder. Never the current directory unless asked, so a mission run
 * from anywhere leaves nothing behind there.
 */
export function recordingsDir(io: CliIo, flag: string | undefined, config: Pick<LoadedConfig, 'recordDir'>): string {
  if (flag !== undefined) return path.resolve(flag);
  return config.recordDir ?? defaultRecordingsDir(io.env, homedir());
}

/** The config of `--config PATH` (or the default places), for commands that read only its settings. */
export function loadCliConfig(io: CliIo, explicitPath: string | undefined): Promise<LoadedConfig> {
  return loadConfig({ explicitPath, env: io.env, cwd: process.cwd(), homedir: homedir() });
}
