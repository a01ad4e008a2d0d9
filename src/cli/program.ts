import { Command, CommanderError, Option } from 'commander';
import type { CliIo } from './io.js';
import { parseInteger, parseNumberList } from './parse.js';
import { PROGRAM_VERSION } from './version.js';

/**
 * The command-line grammar. Each command's work lives in `commands/<name>.ts`, imported only when
 * that command runs, so `--help` never pays for ink, the SDKs or onnxruntime.
 */
export interface ProgramResult {
  /** Exit code a command chose (0 unless it reported a failed job). */
  exitCode: number;
}

export function createProgram(io: CliIo, result: ProgramResult = { exitCode: 0 }): Command {
  /** Commands return their exit code (or nothing for 0). */
  const run =
    <A extends unknown[]>(fn: (...args: A) => Promise<number | void>) =>
    async (...args: A) => {
      result.exitCode = (await fn(...args)) ?? 0;
    };
  const program = new Command('robot-agent')
    .description('Give a mobile robot a mission in plain words and watch it plan and carry it out.')
    .version(PROGRAM_VERSION, '-V, --version')
    .option('--verbose', 'print stack traces for errors')
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // Commander's "error: ..." lines become our one-line format with a hint.
      outputError: (s, write) => write(`robot-agent: ${s.replace(/^error: /, '').trimEnd()} (see robot-agent --help)\n`),
    })
    .exitOverride();

  program
    .command('scenarios')
    .description('list the built-in scenarios')
    .option('--json', 'print a JSON array')
    .action(run(async (opts) => (await import('./commands/scenarios.js')).runScenarios(io, opts)));

  program
    .command('sim')
    .description('drive the simulated robot to a point and report how it went')
    .option('-s, --scenario <name|path>', 'scenario name or file', 'warehouse')
    .option('--seed <n>', 'random seed', parseInteger, 1)
    .requiredOption('--goto <x,y>', 'target position in metres', parseNumberList([2], 'a position like 4,2.5'))
    .option('--json', 'print one JSON object')
    .action(run(async (opts) => (await import('./commands/sim.js')).runSim(io, opts)));

  return program;
}

/** Re-exported so the entry point can recognise commander's own exits. */
export { CommanderError, Option };
