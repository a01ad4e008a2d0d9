import type { GroundTruthBox } from '../sim/camera/index.js';
import { round } from '../core/geometry.js';
import { createDetector, DEFAULT_CONFIDENCE } from '../vision/detector.js';
import { localizeDetection } from '../vision/localize.js';
import { defaultModelPath, displayPath } from '../vision/model-paths.js';
import { loadOrt } from '../vision/onnx-session.js';
import { benchFrames, SOURCE_DESCRIPTIONS, type BenchSource } from './bench-frames.js';
import { meanAveragePrecision, precisionRecall, quantile, type EvalPrediction, type EvalTruth } from './evaluation.js';

/**
 * The vision figures: detection quality (mAP@0.5, precision and recall at the default threshold),
 * localization error of matched objects within 4 m, and speed (inference and full detect at 1
 * and 2 threads, session creation) on the frames of bench-frames.ts. Detection figures count
 * every frame; localization counts scenario frames (random rooms scale objects away from the
 * size prior).
 */

export interface VisionBenchOptions {
  frames: number;
  seed: number;
  source?: BenchSource;
  modelPath?: string;
  labelsPath?: string;
  threads?: readonly number[];
  /** Whether to run the model's second-stage classifier (default: yes, when it has one). */
  secondStage?: boolean;
  /** Truth boxes with fewer visible pixels are "difficult": neither required nor penalized. */
  minPixels?: number;
  onProgress?: (stage: string) => void;
}

export interface VisionBenchReport {
  frames: number;
  seed: number;
  source: BenchSource;
  sourceDescription: string;
  model: string;
  confidence: number;
  objects: number;
  /** Truth boxes under `minPixels` visible pixels, ignored. */
  difficult: number;
  minPixels: number;
  mAP50: number;
  precision: number;
  recall: number;
  perClass: Array<{ label: string; ap: number; objects: number }>;
  /** Recall at the default threshold by distance from the camera (1 m bins; the last is open). */
  recallByDistance: Array<{ fromM: number; toM: number | null; objects: number; recall: number }>;
  locErrMedianM: number;
  locErrP90M: number;
  locErrMaxM: number;
  locMatched: number;
  inferenceMsMedian: Record<string, number>;
  detectMsMedian: Record<string, number>;
  /** The second-stage classifier's share of full detect (0 without one). */
  secondStageMsMedian: Record<string, number>;
  /** The second-stage classifier scored, or null. */
  secondStage: string | null;
  /** Creation of the process's first session (with `sessionFirstThreads` threads). */
  sessionCreateMs: number;
  sessionFirstThreads: number;
  sessionCreateMsByThreads: Record<string, number>;
}

export async function runVisionBench(opts: VisionBenchOptions): Promise<VisionBenchReport> {
  const source = opts.source ?? 'mixed';
  // The default (2 threads) goes first so its session creation is the cold one a CLI run pays,
  // onnxruntime's own initialisation included.
  const threadCounts = opts.threads ?? [2, 1];
  const minPixels = opts.minPixels ?? 25;
  const modelPath = opts.modelPath ?? defaultModelPath();
  opts.onProgress?.(`rendering ${opts.frames} frames`);
  const frames = benchFrames(source, opts.frames, opts.seed, modelPath);

  // Speed: one session per thread count, timed at the default threshold after a warm-up.
  await loadOrt();
  const inferenceMsMedian: Record<string, number> = {};
  const detectMsMedian: Record<string, number> = {};
  const secondStageMsMedian: Record<string, number> = {};
  let secondStage: string | null = null;
  const sessionCreateMsByThreads: Record<string, number> = {};
  let labels: string[] = [];
  const preds: EvalPrediction[] = [];
  for (const threads of threadCounts) {
    opts.onProgress?.(`timing with ${threads} thread${threads === 1 ? '' : 's'}`);
    const det = createDetector({ modelPath: opts.modelPath, labelsPath: opts.labelsPath, threads, secondStage: opts.secondStage });
    const info = await det.load();
    labels = info.labels;
    secondStage = info.secondStage ? displayPath(info.secondStage.modelPath) : null;
    sessionCreateMsByThreads[String(threads)] = round(info.sessionCreateMs, 1);
    for (let i = 0; i < Math.min(10, frames.length); i++) await det.detect(frames[i]!.frame, { confidence: DEFAULT_CONFIDENCE });
    const inf: number[] = [];
    const full: number[] = [];
    const second: number[] = [];
    for (const f of frames) {
      const r = await det.detectTimed(f.frame, { confidence: DEFAULT_CONFIDENCE });
      inf.push(r.timing.inferenceMs);
      full.push(r.timing.totalMs);
      second.push(r.timing.secondStageMs);
    }
    inferenceMsMedian[String(threads)] = round(quantile(inf, 0.5), 2);
    secondStageMsMedian[String(threads)] = round(quantile(second, 0.5), 2);
    detectMsMedian[String(threads)] = round(quantile(full, 0.5), 2);
    if (threads === threadCounts[threadCounts.length - 1]) {
      // Accuracy: all detections down to a low threshold, for the whole precision–recall curve.
      // With the second stage a score is objectness × class probability, so its tail sits below
      // the detector's own (its candidates still start at the detector's CANDIDATE_FLOOR).
      opts.onProgress?.('scoring');
      for (const [k, f] of frames.entries()) {
        for (const d of await det.detect(f.frame, { confidence: SCORING_FLOOR })) preds.push({ frame: k, clsIndex: d.clsIndex, confidence: d.confidence, box: d.box });
      }
    }
    await det.dispose();
  }

  const truths: EvalTruth[] = [];
  const truthRefs: Array<{ frame: number; t: GroundTruthBox }> = [];
  frames.forEach((f, k) =>
    f.truths.forEach((t) => {
      truths.push({ frame: k, clsIndex: labels.indexOf(t.cls), box: t, difficult: t.pixels < minPixels });
      truthRefs.push({ frame: k, t });
    }),
  );
  const ap = meanAveragePrecision(preds, truths, 0.5);
  const pr = precisionRecall(preds, truths, DEFAULT_CONFIDENCE, 0.5);

  const matchedTruths = new Set(pr.matches.map((m) => m.truth));
  const recallByDistance = DISTANCE_BINS_M.map((fromM, b) => {
    const toM = DISTANCE_BINS_M[b + 1] ?? null;
    const inBin = truths.flatMap((t, i) => (!t.difficult && truthRefs[i]!.t.distanceM >= fromM && (toM === null || truthRefs[i]!.t.distanceM < toM) ? [i] : []));
    return { fromM, toM, objects: inBin.length, recall: round(inBin.length ? inBin.filter((i) => matchedTruths.has(i)).length / inBin.length : NaN, 4) };
  });

  // Localization of the detections matched at the default threshold, truths within 4 m.
  const errors: number[] = [];
  for (const m of pr.matches) {
    const p = preds[m.pred]!;
    const { frame: k, t } = truthRefs[m.truth]!;
    if (!(t.distanceM <= 4) || !Number.isFinite(t.world.x)) continue;
    const f = frames[k]!.frame;
    const loc = localizeDetection({ label: labels[p.clsIndex]!, box: p.box }, { pose: f.pose, camera: f.camera, width: f.width, height: f.height });
    if (loc) errors.push(Math.hypot(loc.x - t.world.x, loc.y - t.world.y));
  }

  const defaultThreads = String(threadCounts[0]);
  return {
    frames: frames.length,
    seed: opts.seed,
    source,
    sourceDescription: SOURCE_DESCRIPTIONS[source],
    model: displayPath(modelPath),
    confidence: DEFAULT_CONFIDENCE,
    objects: truths.filter((t) => !t.difficult).length,
    difficult: truths.filter((t) => t.difficult).length,
    minPixels,
    mAP50: round(ap.mAP, 4),
    precision: round(pr.precision, 4),
    recall: round(pr.recall, 4),
    recallByDistance,
    perClass: ap.perClass.map((c) => ({ label: labels[c.clsIndex] ?? String(c.clsIndex), ap: round(c.ap, 4), objects: c.truths })),
    locErrMedianM: round(quantile(errors, 0.5), 4),
    locErrP90M: round(quantile(errors, 0.9), 4),
    locErrMaxM: round(errors.length ? Math.max(...errors) : NaN, 4),
    locMatched: errors.length,
    inferenceMsMedian,
    detectMsMedian,
    secondStageMsMedian,
    secondStage,
    sessionCreateMs: sessionCreateMsByThreads[defaultThreads] ?? NaN,
    sessionFirstThreads: threadCounts[0]!,
    sessionCreateMsByThreads,
  };
}

const DISTANCE_BINS_M = [0, 1, 2, 3, 4, 5];
const SCORING_FLOOR = 0.01;
