import { EXIT_USAGE, UserError, writeJson } from './io.js';
import type { StreamEvent } from './stream-events.js';

/** What a command prints on stdout: lines for a person, one JSON report, or JSON events as they happen. */
export const OUTPUT_FORMATS = ['text', 'json', 'stream-json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `--output FORMAT`, with `--json` kept as the short form of `--output json`. */
export function chosenOutputFormat(opts: { json?: boolean; output?: OutputFormat }): OutputFormat {
  if (opts.json && opts.output && opts.output !== 'json') throw new UserError(`--json is --output json; it cannot go with --output ${opts.output}`, EXIT_USAGE);
  return opts.output ?? (opts.json ? 'json' : 'text');
}

/**
 * The format the command line asks for, read from the raw arguments: a failure before (or while)
 * the options are parsed must still be printed as the caller's program expects it.
 */
export function outputFormatOfArgs(args: readonly string[]): OutputFormat {
  let format: OutputFormat = 'text';
  args.forEach((arg, i) => {
    const value = arg === '--output' ? args[i + 1] : arg.startsWith('--output=') ? arg.slice('--output='.length) : arg === '--json' ? 'json' : undefined;
    if ((OUTPUT_FORMATS as readonly string[]).includes(value ?? '')) format = value as OutputFormat;
  });
  return format;
}

/** A failure as a program reading stdout expects it: the `--json` error object, or the stream's
 *  last line; nothing on stdout for text (the line for people is on stderr either way). */
export function writeErrorAs(format: OutputFormat, stream: NodeJS.WritableStream, error: Extract<StreamEvent, { type: 'error' }>['error']): void {
  if (format === 'json') writeJson(stream, { error });
  else if (format === 'stream-json') stream.write(`${JSON.stringify({ type: 'error', error } satisfies StreamEvent)}\n`);
}
