import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the program in-process with captured streams and an explicit environment. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += String(d)));
  stderr.on('data', (d) => (err += String(d)));
  const code = await main(args, { stdout, stderr, env });
  return { code, stdout: out, stderr: err };
}
