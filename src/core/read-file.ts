import { readFileSync } from 'node:fs';

/**
 * Reading a file the user named (a scenario, a model's metadata, a labels file, an image, a
 * token) fails in ways they can fix, so the failure is one line that names the file and why:
 * "labels file x.txt not found: check the --detector-labels path". Each caller passes the error
 * class it already throws, so its callers (and the CLI's exit-code mapping) need no new case.
 */
export class FileReadError extends Error {
  override name = 'FileReadError';
}

export interface ReadFileOptions {
  /** What the file is, leading the message: "scenario file", "image", "labels file". */
  what: string;
  /** What to do about it, after a colon. */
  hint?: string;
  /** How to show the path (default: as given). */
  shown?: string;
  /** The error to throw (default FileReadError). */
  errorClass?: new (message: string) => Error;
}

export function readTextFile(file: string, opts: ReadFileOptions): string {
  return readOrThrow(file, opts, () => readFileSync(file, 'utf8'));
}

export function readBinaryFile(file: string, opts: ReadFileOptions): Buffer {
  return readOrThrow(file, opts, () => readFileSync(file));
}

/** Why a read failed, in words: "not found", "is a directory", … */
export function readFailureReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'not found';
    case 'EACCES':
    case 'EPERM':
      return 'is not readable (permission denied)';
    case 'EISDIR':
      return 'is a directory, not a file';
    default:
      return `cannot be read (${code ?? (error as Error).message})`;
  }
}

function readOrThrow<T>(file: string, opts: ReadFileOptions, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const ErrorClass = opts.errorClass ?? FileReadError;
    throw new ErrorClass(`${opts.what} ${opts.shown ?? file} ${readFailureReason(error)}${opts.hint ? `: ${opts.hint}` : ''}`);
  }
}
