/** The streams and environment a command runs with — injected so tests run the CLI in-process. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };
  stderr: NodeJS.WritableStream;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** Exit codes: the job could not be done (1); the command line or a file it names is wrong (2). */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A problem the user can fix: printed as one line, no stack, with the given exit code. */
export class UserError extends Error {
  override name = 'UserError';
  constructor(
    message: string,
    readonly exitCode: typeof EXIT_FAILURE | typeof EXIT_USAGE = EXIT_FAILURE,
    /** A machine-readable code (a FAILURE_CODES value) for --json output, when the problem has one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export function writeLine(stream: NodeJS.WritableStream, text = ''): void {
  stream.write(`${text}\n`);
}

export function writeJson(stream: NodeJS.WritableStream, value: unknown): void {
  stream.write(`${JSON.stringify(value, null, 2)}\n`);
}
