import { existsSync, readFileSync } from 'node:fs';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { z } from 'zod';
import { cropPatch, type CropSpec } from './crops.js';
import { DetectorError } from './detector-error.js';
import { metadataError } from './model-metadata.js';
import { displayPath, metadataPathFor } from './model-paths.js';
import { byConfidence, nonMaxSuppression } from './nms.js';
import { dimsCompatible, formatDims, openSession, sessionSignature, type Ort } from './onnx-session.js';
import { iou, lookAlike, type Detection2D, type RgbImage } from './types.js';

/**
 * The second stage of the project's detector. The detector's remaining errors are mostly shape
 * confusions of the right colour (a far cube read as a cylinder); a small classifier that looks
 * again at each candidate, cut out and scaled to 32×32 pixels, tells the shapes apart better
 * than the detector's heads can within their time budget, and says "background" for boxes on
 * nothing. Each candidate blob then scores every class k as
 *     objectness^(1−w) × p_k^w
 * (objectness: the detector's summed same-colour scores on the blob; p_k: the classifier's
 * probability; w: `CLASSIFIER_WEIGHT`), and class-wise NMS removes duplicates.
 */

/** Crops the second-stage classifier is trained on (models/train/crops.mjs writes them). */
export const CROP_SPEC: CropSpec = { size: 32, context: 1.4, minSide: 12 };

/** Detector score down to which hypotheses become candidates. */
export const CANDIDATE_FLOOR = 0.05;

/** The classifier's share of a candidate's final score (geometric weighting, see above). */
export const CLASSIFIER_WEIGHT = 0.5;

export interface Candidate extends Detection2D {
  /** The detector's belief that something of this colour is here: its same-colour hypotheses on
   *  the blob summed (the class softmax splits one object's score among look-alike shapes). */
  objectness: number;
}

/** One candidate per same-colour blob: the detector's likeliest box for it, with the scores of
 *  the look-alike hypotheses it suppresses added to its objectness. Greedy like NMS. */
export function candidateBlobs(found: readonly Detection2D[], iouThreshold = 0.5): Candidate[] {
  const blobs: Candidate[] = [];
  for (const d of [...found].sort(byConfidence)) {
    const owner = blobs.find((b) => (b.clsIndex === d.clsIndex || lookAlike(b.label, d.label)) && iou(b.box, d.box) > iouThreshold);
    if (owner) owner.objectness = Math.min(1, owner.objectness + d.confidence);
    else blobs.push({ ...d, objectness: d.confidence });
  }
  return blobs;
}

/**
 * Final detections from candidates and the classifier's probabilities (row i: candidate i, one
 * column per label and a last one for background): every class whose combined score reaches its
 * threshold, de-duplicated per class, sorted by confidence.
 */
export function rescore(
  candidates: readonly Candidate[],
  probabilities: Float32Array,
  labels: readonly string[],
  thresholds: Float32Array,
  weight = CLASSIFIER_WEIGHT,
): Detection2D[] {
  const columns = labels.length + 1;
  const out: Detection2D[] = [];
  candidates.forEach((c, i) => {
    const o = Math.pow(c.objectness, 1 - weight);
    for (let k = 0; k < labels.length; k++) {
      const confidence = o * Math.pow(probabilities[i * columns + k]!, weight);
      if (confidence >= thresholds[k]!) out.push({ label: labels[k]!, clsIndex: k, confidence, box: c.box });
    }
  });
  return nonMaxSuppression(out, 0.5, out.length);
}

const triple = z.array(z.number().finite()).length(3);

export const SecondStageMetadataSchema = z.object({
  format: z.literal('robot-agent-second-stage'),
  version: z.literal(1),
  classes: z.array(z.string().min(1)).min(2),
  crop: z.object({ size: z.number().int().min(4).max(256), context: z.number().positive(), minSide: z.number().positive() }),
  input: z.object({ name: z.string().min(1), layout: z.literal('NHWC'), dtype: z.literal('uint8'), mean: triple, std: triple }),
  output: z.object({ name: z.string().min(1) }),
  dataset: z.record(z.string(), z.unknown()).optional(),
  validation: z.record(z.string(), z.unknown()).optional(),
  training: z.record(z.string(), z.unknown()).optional(),
});

export type SecondStageMetadata = z.output<typeof SecondStageMetadataSchema>;

/** The classifier session, checked against its metadata and the detector's classes. */
export class SecondStage {
  private buffer = new Uint8Array(0);

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
    const meta = parseSecondStageMetadata(readJson(metaPath), displayPath(metaPath));
    const expected = [...detectorLabels, 'background'];
    if (meta.classes.join() !== expected.join()) {
      throw new DetectorError(`${displayPath(metaPath)} classes do not match the detector's (plus "background"): retrain the second stage for this detector (see models/README.md)`);
    }
    const { ort, session } = await openSession(modelPath, { threads });
    const sig = sessionSignature(session);
    const input = sig.inputs.find((i) => i.name === meta.input.name);
    const output = sig.outputs.find((o) => o.name === meta.output.name);
    const inDims = [-1, meta.crop.size, meta.crop.size, 3];
    if (!input || !output || (input.type && input.type !== 'uint8') || !dimsCompatible(input.dims, inDims)) {
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
    if (this.buffer.length < candidates.length * bytes) this.buffer = new Uint8Array(candidates.length * bytes);
    const data = this.buffer.subarray(0, candidates.length * bytes);
    candidates.forEach((c, i) => cropPatch(image, c.box, this.meta.crop, data, i * bytes));
    return this.classifyCrops(data, candidates.length);
  }

  /** Class probabilities for `count` crops already cut: size×size×3 RGB bytes each, back to back. */
  async classifyCrops(data: Uint8Array, count: number): Promise<Float32Array> {
    const { size } = this.meta.crop;
    const tensor = new this.ort.Tensor('uint8', data, [count, size, size, 3]);
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

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new DetectorError(`${displayPath(file)} is not readable JSON (${(e as Error).message}): restore it from the checkout`);
  }
}
