import { listRecordings, type RecordingEntry } from '../../replay/recording-index.js';
import { writeJson, writeLine, type CliIo } from '../io.js';
import { loadCliConfig, recordingsDir } from '../recordings-dir.js';

export interface MissionsOptions {
  recordDir?: string;
  config?: string;
  limit: number;
  json?: boolean;
}

/**
 * `robot-agent missions`: the most recent recorded missions, newest first — when, where, what
 * was asked, how it ended and the file — so a person finds the one to replay or show.
 */
export async function runMissions(io: CliIo, opts: MissionsOptions): Promise<number> {
  const dir = recordingsDir(io, opts.recordDir, await loadCliConfig(io, opts.config));
  const recent = listRecordings(dir, opts.limit);
  if (opts.json) {
    writeJson(io.stdout, recent);
    return 0;
  }
  if (!recent.length) {
    writeLine(io.stdout, `no recorded missions in ${dir} yet; robot-agent run "<instruction>" records one`);
    return 0;
  }
  for (const entry of recent) writeLine(io.stdout, formatEntry(entry));
  writeLine(io.stdout, `(${recent.length} most recent in ${dir}; robot-agent replay last re-runs the newest, --show prints it)`);
  return 0;
}

function formatEntry(e: RecordingEntry): string {
  const when = e.recordedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, 'Z');
  return `${when}  ${e.scenario.padEnd(11)}  ${e.outcome.padEnd(10)}  "${e.instruction}"  ${e.path}`;
}
