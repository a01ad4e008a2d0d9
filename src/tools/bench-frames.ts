import { existsSync } from 'node:fs';
import type { CameraFrame } from '../core/camera-frame.js';
import { distanceToRect, type Pose } from '../core/geometry.js';
import { OBJECT_COLORS, OBJECT_SHAPES } from '../core/objects.js';
import { SeededRng, type Rng } from '../core/rng.js';
import { labelFrame, renderWorld, type GroundTruthBox } from '../sim/camera/index.js';
import { listScenarios, type Scenario } from '../sim/scenario.js';
import { World } from '../sim/world.js';
import { readMetadataJson } from '../vision/model-metadata.js';
import { besideModel, metadataPathFor } from '../vision/model-paths.js';
import { renderDatasetFrame } from './dataset.js';

/**
 * The frames the vision bench scores, with their ground truth, rendered with seeds never used in
 * training. Sources: `scenarios` — the built-in scenario rooms, which training never sees (it
 * uses only randomized rooms), from random robot poses mostly facing an object;
 * `scenarios-any-class` — the same rooms and poses with every object's class redrawn from all 12
 * (the scenarios use 6); `random` — the trainer's randomized rooms (`renderDatasetFrame`: all 12
 * classes, random sizes, lighting and clutter), skipping any frame whose rng stream coincides with
 * a frame of the model's training or evaluation dataset; `mixed` (default) — half `scenarios`,
 * half `random`.
 */
export type BenchSource = 'scenarios' | 'scenarios-any-class' | 'random' | 'mixed';
export const BENCH_SOURCES: readonly BenchSource[] = ['mixed', 'scenarios', 'scenarios-any-class', 'random'];

export const SOURCE_DESCRIPTIONS: Record<BenchSource, string> = {
  scenarios: 'the built-in scenarios (never used in training) from random robot poses',
  'scenarios-any-class': "the built-in scenarios' rooms and robot poses, each object's colour and shape drawn anew from all 12 classes",
  random: "randomized rooms like the trainer's, frames whose rng stream is not in its training or evaluation set",
  mixed:
    "half the built-in scenarios (never used in training) from random robot poses, half randomized rooms like the trainer's whose rng streams are not in its training or evaluation set",
};

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
