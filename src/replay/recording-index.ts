import { readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { readLineEnds, type LineEnds } from './line-ends.js';
import { ReplayHeader } from './replay-format.js';

/**
 * The per-user folder of mission recordings, as the XDG base directories put state a program
 * keeps between runs: `$XDG_STATE_HOME/robot-agent/recordings`, else
 * `~/.local/state/robot-agent/recordings`. A relative XDG_STATE_HOME is ignored, as the spec says.
 */
export function defaultRecordingsDir(env: NodeJS.ProcessEnv, homedir: string): string {
  const xdg = env.XDG_STATE_HOME;
  const state = xdg && path.isAbsolute(xdg) ? xdg : path.join(homedir, '.local', 'state');
  return path.join(state, 'robot-agent', 'recordings');
}

/** One recording as `robot-agent missions` lists it. */
export interface RecordingEntry {
  path: string;
  /** When the mission started (the header's `recordedAt`). */
  recordedAt: string;
  scenario: string;
  instruction: string;
  /** The recorded outcome; `unfinished` when the file ends before the mission did (a killed run). */
  outcome: 'succeeded' | 'failed' | 'aborted' | 'unfinished';
}

/**
 * The newest `limit` recordings in `dir`, newest first: files that are not recordings are skipped,
 * a folder that does not exist yet has none. A folder may hold thousands, and the TUI asks while
 * the person types: the files are ordered by modification time (a stat, no read) and only the
 * newest are opened, each for its first line (the header) and its last (the outcome); what was
 * read is kept per file until the file changes.
 */
export function listRecordings(dir: string, limit = Number.POSITIVE_INFINITY): RecordingEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const files = names.flatMap((name) => {
    const file = path.join(dir, name);
    const stats = statOrUndefined(file);
    return stats?.isFile() ? [{ file, mtimeMs: stats.mtimeMs, size: stats.size }] : [];
  });
  files.sort((a, b) => b.mtimeMs - a.mtimeMs || b.file.localeCompare(a.file));
  const entries: RecordingEntry[] = [];
  for (const f of files) {
    if (entries.length >= limit) break;
    const entry = describeCached(f.file, f.mtimeMs, f.size);
    if (entry) entries.push(entry);
  }
  // Newest first by when the mission started; a file name (UTC stamp first) breaks ties between missions started the same second.
  return entries.sort((a, b) => b.recordedAt.localeCompare(a.recordedAt) || b.path.localeCompare(a.path));
}

/** What each file said when last read, with the stat it was read at (a recording still being written changes). */
const described = new Map<string, { mtimeMs: number; size: number; entry: RecordingEntry | undefined }>();

function describeCached(file: string, mtimeMs: number, size: number): RecordingEntry | undefined {
  const known = described.get(file);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known.entry;
  const entry = describeRecording(file, size);
  described.set(file, { mtimeMs, size, entry });
  return entry;
}

function describeRecording(file: string, size: number): RecordingEntry | undefined {
  let ends: LineEnds;
  try {
    ends = readLineEnds(file, size);
  } catch {
    return undefined;
  }
  const header = ReplayHeader.safeParse(parseJson(ends.first));
  if (!header.success) return undefined;
  const last = parseJson(ends.last) as { type?: unknown; outcome?: RecordingEntry['outcome'] } | undefined;
  return {
    path: file,
    recordedAt: header.data.recordedAt,
    scenario: header.data.scenario.name,
    instruction: header.data.instruction,
    outcome: last?.type === 'mission_finished' && last.outcome ? last.outcome : 'unfinished',
  };
}

function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined; // gone between the listing and the stat
  }
}

function parseJson(line: string | undefined): unknown {
  if (line === undefined) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
