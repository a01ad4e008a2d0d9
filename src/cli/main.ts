import { createProgram, CommanderError } from './program.js';
import { EXIT_FAILURE, EXIT_USAGE, UserError, type CliIo } from './io.js';
import { outputFormatOfArgs, writeErrorAs } from './output-format.js';

/**
 * Runs the program and returns the exit code: 0 success, 1 the job failed, 2 usage error.
 * Errors a user can cause are one line on stderr; stacks only with --verbose.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const result = { exitCode: 0 };
  const program = createProgram(io, result);
  const verbose = argv.includes('--verbose');
  // With --json or --output json|stream-json, stdout is read by a program: a failure is JSON there too (the line for people stays on stderr).
  const format = outputFormatOfArgs(argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv);
  const jsonError = (message: string, exitCode: number, code?: string) => {
    writeErrorAs(format, io.stdout, { message, exitCode, ...(code ? { code } : {}) });
    return exitCode;
  };
  try {
    await program.parseAsync(argv, { from: 'user' });
    return result.exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit 0; every usage problem is 2 (commander has printed its line).
      return err.exitCode === 0 ? 0 : jsonError(err.message.replace(/^error: /, ''), EXIT_USAGE, err.code);
    }
    // Loaded only after a failure: it imports every layer's error classes, which --help must not pay for.
    const userError = err instanceof UserError ? err : (await import('./user-errors.js')).asUserError(err);
    if (userError) {
      io.stderr.write(`robot-agent: ${userError.message}\n`);
      if (verbose && userError.stack) io.stderr.write(`${userError.stack}\n`);
      return jsonError(userError.message, userError.exitCode, userError.code);
    }
    const e = err as Error;
    const message = `internal error: ${e?.message ?? String(err)}`;
    io.stderr.write(`robot-agent: ${message}${verbose ? '' : ' (run with --verbose for details)'}\n`);
    if (verbose && e?.stack) io.stderr.write(`${e.stack}\n`);
    return jsonError(message, EXIT_FAILURE);
  }
}
