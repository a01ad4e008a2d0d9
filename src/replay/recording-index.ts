import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
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
 * The recordings in `dir`, newest first: files that are not recordings are skipped, a folder that
 * does not exist yet has none. A recording is small (its images are stored beside it), so each is read whole.
 */
export function listRecordings(dir: string): RecordingEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const entries = names.flatMap((name) => {
    const entry = describeRecording(path.join(dir, name));
    return entry ? [entry] : [];
  });
  // Newest first; a file name (UTC stamp first) breaks ties between missions started the same second.
  return entries.sort((a, b) => b.recordedAt.localeCompare(a.recordedAt) || b.path.localeCompare(a.path));
}

function describeRecording(file: string): RecordingEntry | undefined {
  let lines: string[];
  try {
    if (!statSync(file).isFile()) return undefined;
    lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
  } catch {
    return undefined;
  }
  const header = ReplayHeader.safeParse(parseJson(lines[0]));
  if (!header.success) return undefined;
  const last = parseJson(lines.at(-1)) as { type?: unknown; outcome?: RecordingEntry['outcome'] } | undefined;
  return {
    path: file,
    recordedAt: header.data.recordedAt,
    scenario: header.data.scenario.name,
    instruction: header.data.instruction,
    outcome: last?.type === 'mission_finished' && last.outcome ? last.outcome : 'unfinished',
  };
}

function parseJson(line: string | undefined): unknown {
  if (line === undefined) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
