import { existsSync } from 'node:fs';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { z } from 'zod';
import { cropPatch, type CropSpec } from './crops.js';
import { DetectorError } from './detector-error.js';
import { metadataError, readMetadataJson, rgbTriple } from './model-metadata.js';
import { displayPath, metadataPathFor } from './model-paths.js';
import { byConfidence, nonMaxSuppression } from './nms.js';
import { dimsCompatible, formatDims, openSession, sessionSignature, type Ort } from './onnx-session.js';
import { cutEdges } from './localize.js';
import { iou, lookAlike, type Detection2D } from './types.js';
import { type RgbImage } from '../core/camera-frame.js';

/**
 * The second stage of the project's detector. The detector's remaining errors are mostly shape
 * confusions of the right colour (a far cube read as a cylinder); a small classifier that looks
 * again at each candidate, cut out and scaled to 32×32 pixels, tells the shapes apart better
 * than the detector's heads can within their time budget, and says "background" for boxes on
 * nothing. Each candidate blob then scores every class k as
 *     objectness × p_k
 * (objectness: the best score of each shape of the blob's colour on it, summed; p_k: the
 * classifier's probability), and class-wise NMS removes duplicates. The product ranks exactly as a geometric
 * mean of the two would, but keeps the robot's default threshold (0.35) at a point where both
 * precision and recall beat the detector alone (models/README.md, "Second stage"). */

/** Crops the second-stage classifier is trained on (models/train/crops.mjs writes them). */
export const CROP_SPEC: CropSpec = { size: 32, context: 1.4, minSide: 12 };

/** Detector score down to which hypotheses become candidates. */
export const CANDIDATE_FLOOR = 0.05;

export interface Candidate extends Detection2D {
  /** The detector's hypotheses on the blob, this one first. */
  members: Detection2D[];
  /** The detector's belief that something of this colour is here: the best score of each of its
   *  shapes on the blob, summed (the class softmax splits one object's score among look-alike
   *  shapes; two peaks of one class on one object are one guess, not two). */
  objectness: number;
}

/** One candidate per same-colour blob: the detector's likeliest box for it, with objectness from
 *  the look-alike hypotheses it suppresses. Greedy like NMS. */
export function candidateBlobs(found: readonly Detection2D[], iouThreshold = 0.5): Candidate[] {
  const blobs: Array<{ top: Detection2D; members: Detection2D[]; best: Map<number, number> }> = [];
  for (const d of [...found].sort(byConfidence)) {
    const owner = blobs.find(({ top }) => (top.clsIndex === d.clsIndex || lookAlike(top.label, d.label)) && iou(top.box, d.box) > iouThreshold);
    if (!owner) {
      blobs.push({ top: d, members: [d], best: new Map([[d.clsIndex, d.confidence]]) });
      continue;
    }
    owner.members.push(d);
    // Sorted by confidence, so the first score of a class in a blob is its best.
    if (!owner.best.has(d.clsIndex)) owner.best.set(d.clsIndex, d.confidence);
  }
  return blobs.map(({ top, members, best }) => ({ ...top, members, objectness: Math.min(1, [...best.values()].reduce((a, b) => a + b, 0)) }));
}

/** A candidate box this close to the image border is an object the frame cuts off. */
const CUT_BY_BORDER_PX = 2;

/** The second stage on a detector's decoded hypotheses: candidates that could still reach their
 *  threshold (a final score is at most the candidate's objectness) are classified and rescored.
 *  Candidates the image border cuts keep the detector's own hypotheses: their crop would show a
 *  part of the object beside smeared edge pixels, which the classifier, trained mostly on whole
 *  objects in randomized rooms, misreads (on scenario frames it lost 8 of 9 such near objects
 *  the detector had right), while the detector sees them in their frame. */
export async function secondLook(second: SecondStage, image: RgbImage, found: readonly Detection2D[], labels: readonly string[], thresholds: Float32Array): Promise<Detection2D[]> {
  const lowest = Math.min(...thresholds);
  const candidates = candidateBlobs(found).filter((c) => c.objectness >= lowest);
  const isCut = (c: Candidate) => Object.values(cutEdges(c.box, image.width, image.height, CUT_BY_BORDER_PX)).some(Boolean);
  const whole = candidates.filter((c) => !isCut(c));
  const cut = candidates.filter(isCut).flatMap((c) => c.members.filter((d) => d.confidence >= thresholds[d.clsIndex]!));
  return rescore(whole, whole.length ? await second.classify(image, whole) : new Float32Array(0), labels, thresholds, cut);
}

/**
 * Final detections from candidates and the classifier's probabilities (row i: candidate i, one
 * column per label and a last one for background): every class whose combined score reaches its
 * threshold, with `kept` (detections that skip the second stage), de-duplicated per class,
 * sorted by confidence.
 */
export function rescore(
  candidates: readonly Candidate[],
  probabilities: Float32Array,
  labels: readonly string[],
  thresholds: Float32Array,
  kept: readonly Detection2D[] = [],
): Detection2D[] {
  const columns = labels.length + 1;
  const out: Detection2D[] = [...kept];
  candidates.forEach((c, i) => {
    for (let k = 0; k < labels.length; k++) {
      const confidence = c.objectness * probabilities[i * columns + k]!;
      if (confidence >= thresholds[k]!) out.push({ label: labels[k]!, clsIndex: k, confidence, box: { ...c.box } });
    }
  });
  return nonMaxSuppression(out, 0.5, out.length);
}

export const SecondStageMetadataSchema = z.object({
  format: z.literal('robot-agent-second-stage'),
  version: z.literal(1),
  classes: z.array(z.string().min(1)).min(2),
  crop: z.object({ size: z.number().int().min(4).max(256), context: z.number().positive(), minSide: z.number().positive() }),
  input: z.object({ name: z.string().min(1), layout: z.literal('NHWC'), dtype: z.literal('uint8'), mean: rgbTriple, std: rgbTriple }),
  output: z.object({ name: z.string().min(1) }),
  dataset: z.record(z.string(), z.unknown()).optional(),
  validation: z.record(z.string(), z.unknown()).optional(),
  training: z.record(z.string(), z.unknown()).optional(),
});

export type SecondStageMetadata = z.output<typeof SecondStageMetadataSchema>;

/** The classifier session, checked against its metadata and the detector's classes. */
export class SecondStage {
  /** Session runs so far (see InThreadDetector.sessionRuns). */
  runs = 0;

  private constructor(
    private readonly ort: Ort,
    private readonly session: InferenceSession,
    readonly meta: SecondStageMetadata,
    readonly modelPath: string,
  ) {}

  static async open(modelPath: string, detectorLabels: readonly string[], threads: number): Promise<SecondStage> {
    const shown = displayPath(modelPath);
    const metaPath = metadataPathFor(modelPath);
    if (!existsSync(modelPath) || !existsSync(metaPath)) {
      throw new DetectorError(
        `second-stage classifier ${shown} or its metadata ${displayPath(metaPath)} is missing: restore both from the checkout, or drop "secondStage" from the detector's .json to run the detector alone`,
      );
    }
    const meta = parseSecondStageMetadata(readMetadataJson(metaPath), displayPath(metaPath));
    const expected = [...detectorLabels, 'background'];
    if (meta.classes.join() !== expected.join()) {
      throw new DetectorError(
        `${displayPath(metaPath)} has classes ${shortList(meta.classes)} but the detector's plus "background" are ${shortList(expected)}: retrain the second stage for this detector (see models/README.md)`,
      );
    }
    const { ort, session } = await openSession(modelPath, { threads });
    const sig = sessionSignature(session);
    const input = sig.inputs.find((i) => i.name === meta.input.name);
    const output = sig.outputs.find((o) => o.name === meta.output.name);
    const inDims = [-1, meta.crop.size, meta.crop.size, 3];
    if (!input || !output || (input.type && input.type !== 'uint8') || !dimsCompatible(input.dims, inDims)) {
      await session.release();
      throw new DetectorError(
        `${shown} does not take "${meta.input.name}" uint8 ${formatDims(['n', meta.crop.size, meta.crop.size, 3])} and give "${meta.output.name}" as its metadata says: restore both files from one commit`,
      );
    }
    return new SecondStage(ort, session, meta, modelPath);
  }

  /** Class probabilities for each candidate, row by row (the last column is background). */
  async classify(image: RgbImage, candidates: readonly Candidate[]): Promise<Float32Array> {
    const { size } = this.meta.crop;
    const bytes = size * size * 3;
    // A fresh buffer each call (a few kB): onnxruntime reads it only when the run starts, after
    // an overlapping call could have cut its own crops into a shared one.
    const data = new Uint8Array(candidates.length * bytes);
    candidates.forEach((c, i) => cropPatch(image, c.box, this.meta.crop, data, i * bytes));
    return this.classifyCrops(data, candidates.length);
  }

  /** Class probabilities for `count` crops already cut: size×size×3 RGB bytes each, back to back. */
  async classifyCrops(data: Uint8Array, count: number): Promise<Float32Array> {
    const { size } = this.meta.crop;
    const tensor = new this.ort.Tensor('uint8', data, [count, size, size, 3]);
    this.runs++;
    const out = (await this.session.run({ [this.meta.input.name]: tensor }))[this.meta.output.name] as Tensor | undefined;
    if (!out || out.type !== 'float32' || out.data.length !== count * this.meta.classes.length) {
      throw new DetectorError(`${displayPath(this.modelPath)} returned no float32 "${this.meta.output.name}" of ${this.meta.classes.length} classes per crop: restore it from the checkout`);
    }
    return out.data as Float32Array;
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

export function parseSecondStageMetadata(raw: unknown, source: string): SecondStageMetadata {
  const r = SecondStageMetadataSchema.safeParse(raw);
  if (!r.success) throw metadataError(source, r.error);
  return r.data;
}

function shortList(names: readonly string[]): string {
  return names.length > 4 ? `[${names.slice(0, 3).join(', ')}, … ${names.length} in all]` : `[${names.join(', ')}]`;
}
