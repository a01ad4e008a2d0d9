import { writeFileSync } from 'node:fs';
import type { CameraFrame, RgbImage } from '../../core/camera-frame.js';
import { normalizeAngle, round, type Pose } from '../../core/geometry.js';
import { decodePng, encodePng } from '../../core/png.js';
import { readBinaryFile } from '../../core/read-file.js';
import type { GroundTruthBox } from '../../sim/camera/index.js';
import { DEFAULT_ROBOT_CONFIG } from '../../sim/robot-config.js';
import type { World } from '../../sim/world.js';
import { matchToTruth, missedObjects, openScenarioWorld, poseProblem, renderTruthView, type MissedObject, type TruthMatch } from '../../tools/ground-truth.js';
import { annotate } from '../../vision/annotate.js';
import { createDetector, DEFAULT_CONFIDENCE } from '../../vision/detector.js';
import { displayPath } from '../../vision/model-paths.js';
import { VisionPipeline, type VisionDetection } from '../../vision/pipeline.js';
import type { Detection2D, DetectTiming } from '../../vision/types.js';
import { EXIT_USAGE, UserError, writeJson, writeLine, type CliIo } from '../io.js';

export interface DetectCommandOptions {
  scenario?: string;
  /** [x, y] or [x, y, heading]. */
  pose?: number[];
  seed?: number;
  save?: string;
  json?: boolean;
  detectorModel?: string;
  detectorLabels?: string;
  threads?: number;
  confidence?: string | number;
  /** commander's `--no-second-stage` gives false. */
  secondStage?: boolean;
}

interface Row {
  id: string | null;
  label: string;
  confidence: number;
  box: { x1: number; y1: number; x2: number; y2: number };
  world: { x: number; y: number } | null;
  rangeM: number | null;
  truth?: TruthMatch | null;
}

/**
 * `robot-agent detect`: runs the detector on a rendered camera frame of a scenario (at a given
 * pose) or on a PNG image, prints what it found — with world positions when the pose is known,
 * and on a scenario the ground-truth object each detection corresponds to and what was missed.
 */
export async function runDetect(io: CliIo, image: string | undefined, opts: DetectCommandOptions): Promise<number> {
  const confidence = parseConfidence(opts.confidence);
  if (image && opts.scenario) throw new UserError('give either an IMAGE or --scenario, not both', EXIT_USAGE);
  if (!image && !opts.scenario) throw new UserError('nothing to look at: give IMAGE.png or --scenario NAME [--pose X,Y,THETA]', EXIT_USAGE);
  const threads = opts.threads ?? 2;
  const detector = createDetector({ modelPath: opts.detectorModel, labelsPath: opts.detectorLabels, threads, secondStage: opts.secondStage });
  try {
    const info = await detector.load();
    const { frame, world, source, truthBoxes } = image ? loadImage(image, opts.pose) : renderScenario(opts.scenario!, opts.pose, opts.seed ?? 1);
    let rows: Row[];
    let timing: DetectTiming;
    if ('pose' in frame) {
      const r = await new VisionPipeline(detector).process(frame, { confidence });
      timing = r.timing;
      rows = r.detections.map((d) => toRow(d, world));
    } else {
      const r = await detector.detectTimed(frame, { confidence });
      timing = r.timing;
      rows = r.detections.map(rawRow);
    }
    const missed = truthBoxes ? missedObjects(truthBoxes, rows) : undefined;
    if (opts.save) {
      const picture = annotate(
        frame,
        rows.map((r) => ({ box: r.box, label: r.label, caption: `${r.id ?? r.label} ${r.confidence.toFixed(2)}`, clsIndex: info.labels.indexOf(r.label) })),
      );
      try {
        writeFileSync(opts.save, encodePng(picture));
      } catch (e) {
        throw new UserError(`cannot write ${opts.save}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    const model = { kind: info.kind, path: displayPath(info.modelPath), secondStage: info.secondStage ? displayPath(info.secondStage.modelPath) : null, threads: info.threads };
    if (opts.json) {
      writeJson(io.stdout, { source, model, confidence, detections: rows, ...(missed ? { missed } : {}), timing: roundTiming(timing), ...(opts.save ? { saved: opts.save } : {}) });
      return 0;
    }
    printText(io, source, model, rows, missed, timing, opts.save);
    return 0;
  } finally {
    await detector.dispose();
  }
}

function parseConfidence(value: string | number | undefined): number {
  if (value === undefined) return DEFAULT_CONFIDENCE;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0 || n >= 1 || (typeof value === 'string' && value.trim() === '')) {
    throw new UserError(`--confidence "${value}" must be a number between 0 and 1 (exclusive), e.g. 0.5`, EXIT_USAGE);
  }
  return n;
}

type Source = { scenario: string; pose: { x: number; y: number; heading: number }; seed: number } | { image: string; pose?: { x: number; y: number; heading: number } };

function poseFrom(values: number[] | undefined, fallback: Pose): Pose {
  if (!values) return fallback;
  if ((values.length !== 2 && values.length !== 3) || values.some((v) => !Number.isFinite(v))) {
    throw new UserError(`--pose must be X,Y or X,Y,THETA (metres, radians), got "${values.join(',')}"`, EXIT_USAGE);
  }
  return { x: values[0]!, y: values[1]!, heading: normalizeAngle(values[2] ?? 0) };
}

function renderScenario(
  name: string,
  poseValues: number[] | undefined,
  seed: number,
): { frame: CameraFrame; world: World; source: Source; truthBoxes: GroundTruthBox[] } {
  const world = openScenarioWorld(name);
  const start = world.scenario.robot;
  const pose = poseFrom(poseValues, { x: start.x, y: start.y, heading: start.heading });
  const problem = poseProblem(world, pose);
  if (problem) throw new UserError(problem, EXIT_USAGE);
  const { frame, truthBoxes } = renderTruthView(world, pose, seed);
  return {
    frame,
    world,
    source: { scenario: world.scenario.name, pose: { x: round(pose.x), y: round(pose.y), heading: round(pose.heading, 4) }, seed },
    truthBoxes,
  };
}

function loadImage(file: string, poseValues: number[] | undefined): { frame: RgbImage | CameraFrame; world: null; source: Source; truthBoxes: null } {
  const bytes = readBinaryFile(file, { what: 'image' });
  let img: RgbImage;
  try {
    img = decodePng(bytes);
  } catch (e) {
    throw new UserError(`${file} is not a PNG image (${(e as Error).message}): give a .png file`);
  }
  if (!poseValues) return { frame: img, world: null, source: { image: file }, truthBoxes: null };
  // With a pose, the image is taken as a frame of the robot's own camera, scaled to its size.
  const pose = poseFrom(poseValues, { x: 0, y: 0, heading: 0 });
  const camera = { ...DEFAULT_ROBOT_CONFIG.camera, width: img.width, heightPx: img.height };
  return { frame: { ...img, pose, camera, time: 0 }, world: null, source: { image: file, pose }, truthBoxes: null };
}

function toRow(d: VisionDetection, world: World | null): Row {
  const row: Row = { id: d.id, label: d.label, confidence: d.confidence, box: d.box, world: d.world, rangeM: d.rangeM };
  if (world) row.truth = matchToTruth(world, d);
  return row;
}

function rawRow(d: Detection2D): Row {
  const b = d.box;
  return { id: null, label: d.label, confidence: round(d.confidence, 3), box: { x1: round(b.x1, 1), y1: round(b.y1, 1), x2: round(b.x2, 1), y2: round(b.y2, 1) }, world: null, rangeM: null };
}

function roundTiming(t: DetectTiming): DetectTiming {
  return { preMs: round(t.preMs, 2), inferenceMs: round(t.inferenceMs, 2), postMs: round(t.postMs, 2), secondStageMs: round(t.secondStageMs, 2), totalMs: round(t.totalMs, 2) };
}

function printText(
  io: CliIo,
  source: Source,
  model: { kind: string; path: string; secondStage: string | null; threads: number },
  rows: Row[],
  missed: MissedObject[] | undefined,
  timing: DetectTiming,
  saved: string | undefined,
): void {
  const where =
    'scenario' in source
      ? `scenario ${source.scenario} at (${source.pose.x}, ${source.pose.y}, ${source.pose.heading} rad), camera seed ${source.seed}`
      : `image ${source.image}${source.pose ? ` at (${source.pose.x}, ${source.pose.y}, ${source.pose.heading} rad)` : ''}`;
  writeLine(io.stdout, `${where}: ${rows.length} detection${rows.length === 1 ? '' : 's'} (${model.kind} model ${model.path}${model.secondStage ? ` + second stage ${model.secondStage}` : ''}, ${model.threads} thread${model.threads === 1 ? '' : 's'})`);
  const f = (v: number, d = 2) => v.toFixed(d);
  for (const r of rows) {
    const parts = [
      `  ${(r.id ?? r.label).padEnd(18)}`,
      f(r.confidence),
      `  box ${[r.box.x1, r.box.y1, r.box.x2, r.box.y2].map((v) => f(v, 0).padStart(3)).join(' ')}`,
    ];
    if (r.world) parts.push(`  at (${f(r.world.x)}, ${f(r.world.y)})  range ${f(r.rangeM!)} m`);
    if (r.truth !== undefined) parts.push(r.truth ? `  truth ${r.truth.objectId} (${f(r.truth.x)}, ${f(r.truth.y)}) error ${f(r.truth.errorM, 3)} m` : '  truth: no such object in the world');
    writeLine(io.stdout, parts.join(''));
  }
  if (missed) {
    writeLine(io.stdout, missed.length ? `missed: ${missed.map((m) => `${m.objectId} (${m.label}, ${m.distanceM} m, ${m.pixels} px visible)`).join(', ')}` : 'missed: none of the visible objects');
  }
  writeLine(io.stdout, `time: ${f(timing.totalMs, 1)} ms (pre ${f(timing.preMs, 1)}, inference ${f(timing.inferenceMs, 1)}, post ${f(timing.postMs, 1)}${timing.secondStageMs ? `, second stage ${f(timing.secondStageMs, 1)}` : ''})`);
  if (saved) writeLine(io.stdout, `saved annotated frame to ${saved}`);
}
