import { existsSync } from 'node:fs';
import { labelFrame, renderWorld, type GroundTruthBox } from '../sim/camera/index.js';
import type { CameraFrame } from '../core/camera-frame.js';
import { distanceToRect, round, type Pose } from '../core/geometry.js';
import { SeededRng, type Rng } from '../core/rng.js';
import { listScenarios, type Scenario } from '../sim/scenario.js';
import { OBJECT_COLORS, OBJECT_SHAPES } from '../core/objects.js';
import { World } from '../sim/world.js';
import { renderDatasetFrame } from './dataset.js';
import { createDetector, DEFAULT_CONFIDENCE } from '../vision/detector.js';
import { meanAveragePrecision, precisionRecall, quantile, type EvalPrediction, type EvalTruth } from './evaluation.js';
import { localizeDetection } from '../vision/localize.js';
import { readMetadataJson } from '../vision/model-metadata.js';
import { besideModel, defaultModelPath, displayPath, metadataPathFor } from '../vision/model-paths.js';
import { loadOrt } from '../vision/onnx-session.js';

/**
 * The vision figures: detection quality (mAP@0.5, precision and recall at the default threshold),
 * localization error of matched objects within 4 m, and speed (inference and full detect at 1
 * and 2 threads, session creation) on frames rendered with seeds never used in training.
 *
 * Sources: `scenarios` — the built-in scenario rooms, which training never sees (it uses only
 * randomized rooms), from random robot poses mostly facing an object; `scenarios-any-class` — the
 * same rooms and poses with every object's class redrawn from all 12 (the scenarios use 6);
 * `random` — the trainer's randomized rooms (`renderDatasetFrame`: all 12 classes, random sizes,
 * lighting and clutter), skipping any frame whose rng stream coincides with a frame of the model's
 * training or evaluation dataset; `mixed` (default) — half `scenarios`, half `random`. Detection
 * figures count every frame; localization counts scenario frames (random rooms scale objects away
 * from the size prior).
 */
export type BenchSource = 'scenarios' | 'scenarios-any-class' | 'random' | 'mixed';
export const BENCH_SOURCES: readonly BenchSource[] = ['mixed', 'scenarios', 'scenarios-any-class', 'random'];

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

export interface BenchFrame {
  frame: CameraFrame;
  truths: GroundTruthBox[];
}

/** The frames a bench from `source` scores, with their ground truth; `modelPath` names the model
 *  whose training frames the random source must skip. */
export function benchFrames(source: BenchSource, count: number, seed: number, modelPath: string): BenchFrame[] {
  if (source === 'random') return randomFrames(count, seed, modelPath);
  if (source === 'scenarios' || source === 'scenarios-any-class') return scenarioFrames(count, seed, source === 'scenarios-any-class');
  return interleave(scenarioFrames(Math.ceil(count / 2), seed), randomFrames(Math.floor(count / 2), seed, modelPath));
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

const SOURCE_DESCRIPTIONS: Record<BenchSource, string> = {
  scenarios: 'the built-in scenarios (never used in training) from random robot poses',
  'scenarios-any-class': "the built-in scenarios' rooms and robot poses, each object's colour and shape drawn anew from all 12 classes",
  random: "randomized rooms like the trainer's, frames whose rng stream is not in its training or evaluation set",
  mixed:
    "half the built-in scenarios (never used in training) from random robot poses, half randomized rooms like the trainer's whose rng streams are not in its training or evaluation set",
};

function interleave<T>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}

/** Scenario rooms from random poses: 85% facing a random object 0.7–4.5 m away, the rest anywhere.
 *  The scenarios hold only 6 of the 12 classes; `anyClass` redraws each object's colour and shape
 *  per frame (from its own rng stream, so poses and noise stay those of the plain source). */
function scenarioFrames(count: number, seed: number, anyClass = false): BenchFrame[] {
  const scenarios = listScenarios();
  const worlds = anyClass ? [] : scenarios.map((s) => new World(s));
  const out: BenchFrame[] = [];
  for (let i = 0; i < count; i++) {
    const rng = new SeededRng(seed).fork(`vision-bench:${i}`);
    const world = anyClass ? new World(withClassesRedrawn(scenarios[i % scenarios.length]!, rng.fork('classes'))) : worlds[i % worlds.length]!;
    const pose = randomPose(world, rng.fork('pose'));
    const r = renderWorld(world, pose, { rng: rng.fork('sensor'), time: 0 });
    out.push({ frame: r.frame, truths: labelFrame(r) });
  }
  return out;
}

/** Object ids stay as written in the scenario ("red_cube_1" may now be a blue ball): the bench
 *  scores classes from colour and shape, never from ids. */
function withClassesRedrawn(scenario: Scenario, rng: Rng): Scenario {
  return { ...scenario, objects: scenario.objects.map((o) => ({ ...o, color: rng.pick(OBJECT_COLORS), shape: rng.pick(OBJECT_SHAPES) })) };
}

function randomPose(world: World, rng: Rng): Pose {
  const { width, depth, obstacles } = world.map;
  const free = (x: number, y: number) => x > 0.35 && y > 0.35 && x < width - 0.35 && y < depth - 0.35 && obstacles.every((o) => distanceToRect(o, { x, y }) > 0.3);
  for (let tries = 0; tries < 50; tries++) {
    if (world.objects.length && rng.next() < 0.85) {
      const o = rng.pick(world.objects);
      const d = rng.range(0.7, 4.5);
      const a = rng.range(-Math.PI, Math.PI);
      const x = o.x + d * Math.cos(a);
      const y = o.y + d * Math.sin(a);
      if (free(x, y)) return { x, y, heading: a + Math.PI + rng.range(-0.55, 0.55) };
    } else {
      const x = rng.range(0, width);
      const y = rng.range(0, depth);
      if (free(x, y)) return { x, y, heading: rng.range(-Math.PI, Math.PI) };
    }
  }
  return { x: world.scenario.robot.x, y: world.scenario.robot.y, heading: rng.range(-Math.PI, Math.PI) };
}

interface DatasetPart {
  seed?: number;
  count?: number;
}

/** What a model's metadata (detector.json) says about the frames it was trained and evaluated on. */
export interface ModelFramesRecord {
  dataset?: DatasetPart & { parts?: DatasetPart[] };
  evaluation?: { seed?: number; frames?: number };
}

/** The rng streams of every dataset frame the model was trained or evaluated on. Training on
 *  several seeds is recorded as `dataset.parts`; older exports named one seed and count. */
export function framesSeenByModel(meta: ModelFramesRecord): Set<number> {
  const seen = new Set<number>();
  const parts: DatasetPart[] = [...(meta.dataset?.parts ?? [meta.dataset ?? {}]), { seed: meta.evaluation?.seed, count: meta.evaluation?.frames }];
  for (const { seed, count } of parts) {
    if (typeof seed === 'number' && typeof count === 'number') for (let i = 0; i < count; i++) seen.add(frameStream(seed, i));
  }
  return seen;
}

/** Frames the detector and its second stage (if its metadata names one) were trained or
 *  validated on. The second stage's are skipped even when it is switched off, so a bench with
 *  and one without it score the same frames. */
export function framesUsedBy(modelPath: string): Set<number> {
  const metaPath = metadataPathFor(modelPath);
  if (!existsSync(metaPath)) return new Set();
  const meta = readMetadataJson(metaPath) as ModelFramesRecord & { secondStage?: { model?: string } };
  const used = framesSeenByModel(meta);
  const secondPath = meta.secondStage?.model ? metadataPathFor(besideModel(modelPath, meta.secondStage.model)) : null;
  if (secondPath && existsSync(secondPath)) {
    const second = readMetadataJson(secondPath) as { dataset?: ModelFramesRecord['dataset']; validation?: ModelFramesRecord['evaluation'] };
    for (const stream of framesSeenByModel({ dataset: second.dataset, evaluation: second.validation })) used.add(stream);
  }
  return used;
}

/** Randomized rooms, skipping frames whose rng stream a training or evaluation frame used. */
function randomFrames(count: number, seed: number, modelPath: string): BenchFrame[] {
  const used = framesUsedBy(modelPath);
  const out: BenchFrame[] = [];
  for (let i = 0; out.length < count; i++) {
    if (used.has(frameStream(seed, i))) continue;
    // Full labels, so "difficult" counts visible pixels here as on scenario frames. No world
    // positions: these rooms scale objects away from the class size prior localization assumes.
    const { frame, labels } = renderDatasetFrame(seed, i);
    out.push({ frame, truths: labels.map((t) => ({ ...t, world: { x: NaN, y: NaN, z: 0 } })) });
  }
  return out;
}

/** The seed of frame `index`'s rng stream in a dataset (see dataset.ts: fork(`frame:${i}`)). */
export function frameStream(seed: number, index: number): number {
  return (new SeededRng(seed).fork(`frame:${index}`) as SeededRng).seed;
}

/** Human-readable summary lines. */
export function formatVisionBench(r: VisionBenchReport): string[] {
  const t = Object.keys(r.detectMsMedian);
  const per = (rec: Record<string, number>) => t.map((k) => `${rec[k]} ms (${k} thread${k === '1' ? '' : 's'})`).join(', ');
  const lines = [
    `vision bench: ${r.frames} frames, seed ${r.seed}: ${r.sourceDescription}; model ${r.model}${r.secondStage ? ` + second stage ${r.secondStage}` : ' (no second stage)'}`,
    `  detection   mAP@0.5 ${r.mAP50.toFixed(3)} over ${r.perClass.length} classes; at confidence ${r.confidence}: precision ${r.precision.toFixed(3)}, recall ${r.recall.toFixed(3)} (${r.objects} objects; ${r.difficult} with under ${r.minPixels} visible px ignored)`,
    `  per class   ${r.perClass.map((c) => `${c.label} ${c.ap.toFixed(3)}`).join(', ')}`,
    `  recall by distance  ${r.recallByDistance
      .filter((b) => b.objects > 0)
      .map((b) => `${b.fromM}${b.toM === null ? '+' : `–${b.toM}`} m ${b.recall.toFixed(3)} (${b.objects})`)
      .join(', ')}`,
    r.locMatched
      ? `  location    median ${fmtM(r.locErrMedianM)}, p90 ${fmtM(r.locErrP90M)}, max ${fmtM(r.locErrMaxM)} over ${r.locMatched} matched objects within 4 m (scenario frames)`
      : '  location    not measured (randomized rooms vary object sizes away from the size prior localization uses; use --source scenarios, scenarios-any-class or mixed)',
    `  inference   median ${per(r.inferenceMsMedian)}`,
    `  full detect median ${per(r.detectMsMedian)} (pre-processing + inference + decoding${r.secondStage ? ` + second stage: ${per(r.secondStageMsMedian)}` : ''})`,
    `  session     creation ${r.sessionCreateMs} ms (${r.sessionFirstThreads} threads, the process's first: onnxruntime start-up included)` +
      Object.entries(r.sessionCreateMsByThreads)
        .filter(([k]) => k !== String(r.sessionFirstThreads))
        .map(([k, v]) => `, then ${v} ms (${k} thread${k === '1' ? '' : 's'})`)
        .join(''),
  ];
  return lines;
}

function fmtM(v: number): string {
  return Number.isFinite(v) ? `${(v * 100).toFixed(1)} cm` : 'n/a';
}
