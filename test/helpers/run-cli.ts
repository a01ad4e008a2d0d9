import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A per-process state folder: missions a test records never land in the real home's recordings. */
let stateHome: string | undefined;

/** Runs the program in-process with captured streams and an explicit environment (XDG_STATE_HOME a temporary folder unless given). */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  env = { XDG_STATE_HOME: (stateHome ??= mkdtempSync(join(tmpdir(), 'ra-state-'))), ...env };
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += String(d)));
  stderr.on('data', (d) => (err += String(d)));
  const code = await main(args, { stdout, stderr, env });
  return { code, stdout: out, stderr: err };
}
