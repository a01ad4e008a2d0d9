import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CliRun } from './run-cli.js';

/** The built program's launcher (run `npm run build` first), as a user runs it. */
export const BIN = fileURLToPath(new URL('../../bin/robot-agent.js', import.meta.url));

export interface BuiltRun extends CliRun {
  /** stdout as it arrived, one entry per chunk read from the pipe (only with `chunks: true`). */
  chunks?: string[];
}

/**
 * Runs the built program in its own process, in `cwd`, with exactly `env` (plus PATH): for
 * commands whose behaviour depends on the working directory or the home folder, which an
 * in-process run cannot change, or whose output must be read from a pipe as it is written
 * (`chunks`: when each piece arrived, e.g. one event per line as it happens).
 */
export function runBuilt(args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; chunks?: boolean }): Promise<BuiltRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, env: { PATH: process.env.PATH, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const chunks: string[] = [];
    child.stdout.on('data', (d) => {
      stdout += String(d);
      if (opts.chunks) chunks.push(String(d));
    });
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, ...(opts.chunks ? { chunks } : {}) }));
  });
}
