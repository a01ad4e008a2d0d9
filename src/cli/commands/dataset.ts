import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exportDataset } from '../../tools/dataset.js';
import { fileSystemProblem } from '../fs-errors.js';
import { EXIT_USAGE, UserError, writeLine, type CliIo } from '../io.js';

/** What an export writes into --out: with --force these are replaced, so no stale frame stays behind. */
const DATASET_ENTRIES = ['images', 'labels.jsonl', 'dataset.json'];

/**
 * `robot-agent dataset --out DIR --count N --seed S`: exports domain-randomized frames and
 * ground-truth labels for training the detector (see models/README.md). Progress goes to
 * stderr so stdout carries only the one-line summary.
 */
export async function runDataset(io: CliIo, opts: { out: string; count: number; seed: number; force?: boolean }): Promise<void> {
  const outDir = resolve(opts.out);
  const present = entriesOf(outDir);
  if (present.length && !opts.force) {
    throw new UserError(`${outDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}); choose an empty or new --out folder, or add --force to replace its dataset`, EXIT_USAGE);
  }
  const step = Math.max(1, Math.round(opts.count / 20));
  let summary;
  try {
    if (opts.force) for (const entry of DATASET_ENTRIES) rmSync(join(outDir, entry), { recursive: true, force: true });
    summary = await exportDataset({
      outDir,
      count: opts.count,
      seed: opts.seed,
      onProgress: (done, total) => {
        if (done % step === 0 || done === total) io.stderr.write(`dataset: ${done}/${total} frames\n`);
      },
    });
  } catch (err) {
    const problem = fileSystemProblem(err);
    if (problem) throw new UserError(`${problem}; choose another --out folder`);
    throw err;
  }
  writeLine(
    io.stdout,
    `wrote ${summary.count} frames with ${summary.boxes} labelled objects (${summary.emptyFrames} frames without objects) to ${outDir} (seed ${summary.seed})`,
  );
}

/** What is in the folder already (nothing when it does not exist yet). */
function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (e) {
    // Not there yet, or not a folder: the export itself says what is wrong with the path.
    if (['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '')) return [];
    throw e;
  }
}
