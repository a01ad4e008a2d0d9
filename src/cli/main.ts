import { createProgram, CommanderError } from './program.js';
import { EXIT_FAILURE, EXIT_USAGE, UserError, type CliIo } from './io.js';

/**
 * Runs the program and returns the exit code: 0 success, 1 the job failed, 2 usage error.
 * Errors a user can cause are one line on stderr; stacks only with --verbose.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const result = { exitCode: 0 };
  const program = createProgram(io, result);
  const verbose = argv.includes('--verbose');
  try {
    await program.parseAsync(argv, { from: 'user' });
    return result.exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit 0; every usage problem is 2.
      return err.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    // Loaded only after a failure: it imports every layer's error classes, which --help must not pay for.
    const userError = err instanceof UserError ? err : (await import('./user-errors.js')).asUserError(err);
    if (userError) {
      io.stderr.write(`robot-agent: ${userError.message}\n`);
      if (verbose && userError.stack) io.stderr.write(`${userError.stack}\n`);
      return userError.exitCode;
    }
    const e = err as Error;
    io.stderr.write(`robot-agent: internal error: ${e?.message ?? String(err)}${verbose ? '' : ' (run with --verbose for details)'}\n`);
    if (verbose && e?.stack) io.stderr.write(`${e.stack}\n`);
    return EXIT_FAILURE;
  }
}
