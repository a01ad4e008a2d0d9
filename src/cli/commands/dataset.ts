import { resolve } from 'node:path';
import { exportDataset } from '../../tools/dataset.js';
import { EXIT_USAGE, UserError, writeLine, type CliIo } from '../io.js';

/**
 * `robot-agent dataset --out DIR --count N --seed S`: exports domain-randomized frames and
 * ground-truth labels for training the detector (see models/README.md). Progress goes to
 * stderr so stdout carries only the one-line summary.
 */
export async function runDataset(io: CliIo, opts: { out: string; count: number; seed: number }): Promise<void> {
  if (!Number.isInteger(opts.count) || opts.count < 1) throw new UserError(`--count must be a whole number of 1 or more (got ${opts.count})`, EXIT_USAGE);
  if (!Number.isInteger(opts.seed)) throw new UserError(`--seed must be a whole number (got ${opts.seed})`, EXIT_USAGE);
  const outDir = resolve(opts.out);
  const step = Math.max(1, Math.round(opts.count / 20));
  let summary;
  try {
    summary = await exportDataset({
      outDir,
      count: opts.count,
      seed: opts.seed,
      onProgress: (done, total) => {
        if (done % step === 0 || done === total) io.stderr.write(`dataset: ${done}/${total} frames\n`);
      },
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EACCES' || e.code === 'EROFS' || e.code === 'ENOTDIR' || e.code === 'EEXIST') {
      throw new UserError(`cannot write the dataset to ${outDir}: ${e.message}; choose another --out directory`);
    }
    throw err;
  }
  writeLine(
    io.stdout,
    `wrote ${summary.count} frames with ${summary.boxes} labelled objects (${summary.emptyFrames} frames without objects) to ${outDir} (seed ${summary.seed})`,
  );
}
