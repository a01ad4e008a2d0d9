import { verifyReplay, type ReplayVerdict } from '../../runtime/replay-mission.js';
import { existsSync } from 'node:fs';
import { listRecordings } from '../../replay/recording-index.js';
import { readReplay } from '../../replay/replay-reader.js';
import { formatTimeline } from '../../replay/timeline.js';
import { EXIT_USAGE, UserError, writeJson, writeLine, type CliIo } from '../io.js';
import { loadCliConfig, recordingsDir } from '../recordings-dir.js';
import { PROGRAM_VERSION } from '../version.js';

/**
 * `robot-agent replay FILE...`: re-run recorded missions and verify every tool result.
 * Exit 0 all match; 1 on a divergence; 2 for a file that cannot be replayed (a ReplayFileError
 * or ScenarioError, which main words through cli/user-errors).
 */
export interface ReplayCommandOptions {
  json?: boolean;
  show?: boolean;
  record?: string;
  /** Where `last` is looked for (else the config's recordDir, else the per-user state folder). */
  recordDir?: string;
  config?: string;
}

export async function runReplay(io: CliIo, names: string[], opts: ReplayCommandOptions): Promise<number> {
  if (opts.record && names.length !== 1) throw new UserError('--record takes one replay file at a time', EXIT_USAGE);
  const files = await Promise.all(names.map((name) => (name === 'last' && !existsSync(name) ? newestRecording(io, opts) : name)));
  if (opts.show) {
    for (const r of files.map((f) => readReplay(f, { partial: true }))) {
      for (const line of formatTimeline(r)) writeLine(io.stdout, line);
      writeLine(io.stdout);
    }
    return 0;
  }
  const replays = files.map((f) => readReplay(f));
  const verdicts: ReplayVerdict[] = [];
  for (const r of replays) {
    const verdict = await verifyReplay(r, { version: PROGRAM_VERSION, ...(opts.record ? { recordTo: opts.record } : {}) });
    verdicts.push(verdict);
    if (!opts.json) printVerdict(io, verdict);
  }
  if (opts.json) writeJson(io.stdout, verdicts); // one shape, however many files
  return verdicts.every((v) => v.ok) ? 0 : 1;
}

/** The newest recording in the recordings folder, for `replay last`. */
async function newestRecording(io: CliIo, opts: ReplayCommandOptions): Promise<string> {
  const dir = recordingsDir(io, opts.recordDir, await loadCliConfig(io, opts.config));
  const newest = listRecordings(dir, 1)[0];
  if (!newest) throw new UserError(`"last" names no recording: there are none in ${dir} yet (robot-agent run "<instruction>" records one)`, EXIT_USAGE);
  return newest.path;
}

function printVerdict(io: CliIo, v: ReplayVerdict): void {
  if (v.ok) {
    writeLine(io.stdout, `✓ ${v.file}: ${v.calls} tool call(s) match, outcome ${v.outcome.actual} (${v.wallMs} ms)${v.notes.length ? `; note: ${v.notes.join('; ')}` : ''}`);
    return;
  }
  const d = v.divergence!;
  writeLine(io.stdout, `✗ ${v.file}: diverged at call ${d.call} (${d.tool}): ${d.what}`);
  writeLine(io.stdout, `    ${d.diff}`);
  for (const note of v.notes) writeLine(io.stdout, `    note: ${note}`);
}
