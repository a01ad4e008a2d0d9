import { verifyReplay, type ReplayVerdict } from '../../runtime/replay-mission.js';
import { readReplay } from '../../replay/replay-reader.js';
import { formatTimeline } from '../../replay/timeline.js';
import { UserError, writeJson, writeLine, type CliIo } from '../io.js';
import { PROGRAM_VERSION } from '../version.js';

/**
 * `robot-agent replay FILE...`: re-run recorded missions and verify every tool result.
 * Exit 0 all match; 1 on a divergence; 2 for a file that cannot be replayed (a ReplayFileError
 * or ScenarioError, which main words through cli/user-errors).
 */
export async function runReplay(io: CliIo, files: string[], opts: { json?: boolean; show?: boolean; record?: string }): Promise<number> {
  if (opts.record && files.length !== 1) throw new UserError('--record takes one replay file at a time', 2);
  const replays = files.map((f) => readReplay(f));
  if (opts.show) {
    for (const r of replays) {
      for (const line of formatTimeline(r)) writeLine(io.stdout, line);
      writeLine(io.stdout);
    }
    return 0;
  }
  const verdicts: ReplayVerdict[] = [];
  for (const r of replays) {
    const verdict = await verifyReplay(r, { version: PROGRAM_VERSION, ...(opts.record ? { recordTo: opts.record } : {}) });
    verdicts.push(verdict);
    if (!opts.json) printVerdict(io, verdict);
  }
  if (opts.json) writeJson(io.stdout, verdicts.length === 1 ? verdicts[0] : verdicts);
  return verdicts.every((v) => v.ok) ? 0 : 1;
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
