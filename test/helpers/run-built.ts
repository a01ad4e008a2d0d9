import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CliRun } from './run-cli.js';

/** The built program's launcher (run `npm run build` first), as a user runs it. */
export const BIN = fileURLToPath(new URL('../../bin/robot-agent.js', import.meta.url));

/**
 * Runs the built program in its own process, in `cwd`, with exactly `env` (plus PATH): for
 * commands whose behaviour depends on the working directory or the home folder, which an
 * in-process run cannot change.
 */
export function runBuilt(args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, env: { PATH: process.env.PATH, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
