import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SeededRng } from '../core/rng.js';
import { renderScene, RENDERER_VERSION } from '../sim/camera/render.js';
import { randomView, type RandomView } from '../sim/camera/randomize.js';
import { labelFrame, DETECTION_CLASSES, type GroundTruthBox } from '../sim/camera/labels.js';
import type { CameraFrame } from '../core/camera-frame.js';
import { encodePng } from '../core/png.js';
import { round } from '../core/geometry.js';

/**
 * Detector training/evaluation data from the project's own renderer: domain-randomized rooms,
 * one PNG per frame plus one JSON line of labels per frame. Frame i depends only on (seed, i),
 * so a seed names a dataset exactly and evaluation seeds never overlap training content.
 */

export const DATASET_FORMAT = 'robot-agent-dataset';

export type DatasetBox = Pick<GroundTruthBox, 'cls' | 'clsIndex' | 'x1' | 'y1' | 'x2' | 'y2' | 'distanceM' | 'visibility'>;

export interface DatasetLabelLine {
  file: string;
  width: number;
  height: number;
  boxes: DatasetBox[];
}

export interface DatasetOptions {
  outDir: string;
  count: number;
  seed: number;
  onProgress?: (done: number, total: number) => void;
}

export interface DatasetSummary {
  outDir: string;
  count: number;
  seed: number;
  boxes: number;
  emptyFrames: number;
}

/** Frame number `index` of the dataset with this seed, with full ground truth (world positions,
 *  visibility) and the randomized view it shows — for benches that evaluate on unseen seeds. */
export function renderDatasetFrame(seed: number, index: number): { frame: CameraFrame; labels: GroundTruthBox[]; view: RandomView } {
  const rng = new SeededRng(seed).fork(`frame:${index}`);
  const view = randomView(rng.fork('scene'));
  const result = renderScene(view.scene, view.pose, { rng: rng.fork('sensor'), camera: view.camera, time: 0 });
  return { frame: result.frame, labels: labelFrame(result), view };
}

/** Frame number `index` of the dataset with this seed and its label line's boxes. */
export function datasetFrame(seed: number, index: number): { frame: CameraFrame; boxes: DatasetBox[] } {
  const { frame, labels } = renderDatasetFrame(seed, index);
  const boxes: DatasetBox[] = labels.map((b) => ({
    cls: b.cls,
    clsIndex: b.clsIndex,
    x1: b.x1,
    y1: b.y1,
    x2: b.x2,
    y2: b.y2,
    distanceM: round(b.distanceM, 3),
    visibility: round(b.visibility, 3),
  }));
  return { frame, boxes };
}

export async function exportDataset(opts: DatasetOptions): Promise<DatasetSummary> {
  const { outDir, count, seed } = opts;
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a whole number ≥ 1 (got ${count})`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be a whole number (got ${seed})`);
  await mkdir(join(outDir, 'images'), { recursive: true });
  const lines: string[] = [];
  let boxes = 0;
  let emptyFrames = 0;
  for (let i = 0; i < count; i++) {
    const { frame, boxes: b } = datasetFrame(seed, i);
    const file = `images/${String(i).padStart(6, '0')}.png`;
    await writeFile(join(outDir, file), encodePng(frame));
    const line: DatasetLabelLine = { file, width: frame.width, height: frame.height, boxes: b };
    lines.push(JSON.stringify(line));
    boxes += b.length;
    if (b.length === 0) emptyFrames++;
    opts.onProgress?.(i + 1, count);
  }
  await writeFile(join(outDir, 'labels.jsonl'), `${lines.join('\n')}\n`);
  const meta = {
    format: DATASET_FORMAT,
    version: 1,
    seed,
    count,
    classes: DETECTION_CLASSES,
    rendererVersion: RENDERER_VERSION,
    boxes,
    emptyFrames,
  };
  await writeFile(join(outDir, 'dataset.json'), `${JSON.stringify(meta, null, 2)}\n`);
  return { outDir, count, seed, boxes, emptyFrames };
}
