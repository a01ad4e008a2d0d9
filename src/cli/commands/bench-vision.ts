import { BENCH_SOURCES, type BenchSource } from '../../tools/bench-frames.js';
import { runVisionBench } from '../../tools/vision-bench.js';
import { formatVisionBench } from '../../tools/vision-bench-format.js';
import { EXIT_USAGE, UserError, writeJson, writeLine, type CliIo } from '../io.js';

export interface BenchVisionOptions {
  frames?: number;
  seed?: number;
  source?: string;
  json?: boolean;
  detectorModel?: string;
  detectorLabels?: string;
  /** commander's `--no-second-stage` gives false. */
  secondStage?: boolean;
}

/**
 * `robot-agent bench vision`: detection quality, localization error and detector speed on frames
 * rendered with seeds never used in training. Figures, not a test: nothing is asserted.
 */
export async function runBenchVision(io: CliIo, opts: BenchVisionOptions): Promise<number> {
  const frames = opts.frames ?? 1000;
  const seed = opts.seed ?? 4242;
  if (!Number.isInteger(frames) || frames < 1 || frames > 100_000) throw new UserError(`--frames ${frames}: give a whole number from 1 to 100000`, EXIT_USAGE);
  if (!Number.isInteger(seed)) throw new UserError(`--seed ${seed}: give a whole number`, EXIT_USAGE);
  const source = (opts.source ?? 'mixed') as BenchSource;
  if (!BENCH_SOURCES.includes(source)) throw new UserError(`--source "${opts.source}": use ${BENCH_SOURCES.join(', ')}`, EXIT_USAGE);
  const report = await runVisionBench({
    frames,
    seed,
    source,
    modelPath: opts.detectorModel,
    labelsPath: opts.detectorLabels,
    secondStage: opts.secondStage,
    onProgress: opts.json ? undefined : (stage) => io.stderr.write(`bench vision: ${stage}…\n`),
  });
  if (opts.json) writeJson(io.stdout, report);
  else for (const line of formatVisionBench(report)) writeLine(io.stdout, line);
  return 0;
}
