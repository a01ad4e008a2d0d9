import { readFileSync } from 'node:fs';
import { REPLAY_FORMAT, REPLAY_VERSION, ReplayEvent, ReplayHeader } from './replay-format.js';

/** An unreadable, truncated, corrupted or unsupported replay file: one line saying which. */
export class ReplayFileError extends Error {
  override name = 'ReplayFileError';
}

export interface Replay {
  file: string;
  header: ReplayHeader;
  events: ReplayEvent[];
  /** Set only when read with `partial`: the file ends before the mission did, after this line. */
  truncatedAfterLine?: number;
}

/**
 * Reads and validates a replay file. A truncated one (a killed run) is an error unless `partial`
 * is set, for a person reading it: then its complete lines are returned and it says where it ends.
 */
export function readReplay(file: string, opts: { partial?: boolean } = {}): Replay {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ReplayFileError(`cannot read ${file}: no such file or not readable`);
  }
  const lines = text.split('\n');
  const complete = text.endsWith('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length === 0) throw new ReplayFileError(`${file} is empty: not a replay file`);
  const header = parseHeader(file, lines[0]!);
  const events: ReplayEvent[] = [];
  for (let i = 1; i < lines.length; i++) {
    const isLast = i === lines.length - 1;
    let raw: unknown;
    try {
      raw = JSON.parse(lines[i]!);
    } catch {
      if (isLast && !complete && opts.partial) return { file, header, events, truncatedAfterLine: i };
      if (isLast && !complete) throw truncated(file, i + 1);
      throw new ReplayFileError(`${file}: line ${i + 1} is not valid JSON (the file is corrupted)`);
    }
    const parsed = ReplayEvent.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ReplayFileError(`${file}: line ${i + 1} is not a valid replay event (${issue.path.join('.') || 'line'}: ${issue.message})`);
    }
    events.push(parsed.data);
  }
  if (events.at(-1)?.type !== 'mission_finished') {
    if (opts.partial) return { file, header, events, truncatedAfterLine: lines.length };
    throw truncated(file, lines.length);
  }
  return { file, header, events };
}

function parseHeader(file: string, line: string): ReplayHeader {
  let raw: { format?: unknown; version?: unknown } | null;
  try {
    raw = JSON.parse(line);
  } catch {
    throw new ReplayFileError(`${file}: the first line is not JSON; not a robot-agent replay file`);
  }
  if (raw?.format !== REPLAY_FORMAT) throw new ReplayFileError(`${file} is not a robot-agent replay file (format ${JSON.stringify(raw?.format)})`);
  if (typeof raw.version === 'number' && raw.version > REPLAY_VERSION) {
    throw new ReplayFileError(`${file} has replay format version ${raw.version}, newer than this program reads (${REPLAY_VERSION}); upgrade robot-agent to replay it`);
  }
  const parsed = ReplayHeader.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ReplayFileError(`${file}: the header is invalid (${issue.path.join('.')}: ${issue.message})`);
  }
  return parsed.data;
}

function truncated(file: string, line: number): ReplayFileError {
  return new ReplayFileError(`${file} is truncated after line ${line} (the mission did not finish recording, e.g. the process was killed); it cannot be verified; replay --show ${file} prints it up to where it ends`);
}
