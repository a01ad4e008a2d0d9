import { readTextFile } from '../core/read-file.js';
import { firstIssue } from '../core/schema-issue.js';
import { z } from 'zod';
import { DetectorError } from './detector-error.js';
import { displayPath } from './model-paths.js';

/**
 * `models/detector.json`: what the trainer writes next to `detector.onnx` — class names, input
 * size and normalization, output layout — plus the dataset, training and evaluation records.
 */
/** Per-channel normalization values. */
export const rgbTriple = z.array(z.number().finite()).length(3);

export const DetectorMetadataSchema = z.object({
  format: z.literal('robot-agent-detector'),
  version: z.literal(1),
  classes: z.array(z.string().min(1)).min(1),
  /** Two input kinds: normalized float32 NCHW planes (normalized here), or the RGB bytes as
   *  captured, uint8 NHWC, normalized inside the graph (the committed model: no copy, no loop). */
  input: z
    .object({
      name: z.string().min(1),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      layout: z.enum(['NCHW', 'NHWC']),
      dtype: z.enum(['float32', 'uint8']).default('float32'),
      mean: rgbTriple,
      std: rgbTriple.refine((s) => s.every((v) => v > 0), 'std values must be positive'),
    })
    .refine((i) => (i.layout === 'NCHW') === (i.dtype === 'float32'), { message: 'must be NCHW float32 or NHWC uint8', path: ['layout'] }),
  output: z.object({
    name: z.string().min(1),
    layout: z.literal('xyxy_score_class'),
    maxDetections: z.number().int().positive(),
  }),
  /** The second-stage classifier that rescores this detector's candidates (src/vision/second-stage.ts),
   *  a path relative to this file. */
  secondStage: z.object({ model: z.string().min(1) }).optional(),
  dataset: z.record(z.string(), z.unknown()).optional(),
  training: z.record(z.string(), z.unknown()).optional(),
  evaluation: z.record(z.string(), z.unknown()).optional(),
});

export type DetectorMetadata = z.output<typeof DetectorMetadataSchema>;

/** Parses metadata, throwing a one-line DetectorError naming the first bad field. */
export function parseDetectorMetadata(raw: unknown, source = 'detector metadata'): DetectorMetadata {
  const r = DetectorMetadataSchema.safeParse(raw);
  if (!r.success) throw metadataError(source, r.error);
  return r.data;
}

/** A one-line error naming the first bad field of a model's metadata. */
export function metadataError(source: string, error: z.ZodError): DetectorError {
  const { field, message } = firstIssue(error);
  return new DetectorError(`${source}: field "${field}" ${message}; regenerate it with the model (see models/README.md)`);
}

export function loadDetectorMetadata(file: string): DetectorMetadata {
  return parseDetectorMetadata(
    readMetadataJson(file, "the model's metadata must sit next to it (restore it from the checkout, or pass --detector-labels FILE for a YOLO model)"),
    displayPath(file),
  );
}

/** A model's metadata file as JSON, or a one-line DetectorError saying what to do. */
export function readMetadataJson(file: string, whenMissing = 'restore it from the checkout'): unknown {
  const text = readTextFile(file, { what: 'model metadata', shown: displayPath(file), hint: whenMissing, errorClass: DetectorError });
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new DetectorError(`${displayPath(file)} is not valid JSON (${(e as Error).message}): restore it from the checkout or retrain (see models/README.md)`);
  }
}
