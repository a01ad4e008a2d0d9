/** Shared vision types: boxes and detections in image pixels, and confidence thresholds. */
import { splitLabel } from '../core/names.js';

/** Axis-aligned box in continuous pixel coordinates (pixel i spans [i, i+1)). */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** One object found in an image. */
export interface Detection2D {
  label: string;
  clsIndex: number;
  confidence: number;
  box: Box;
}

/** A single threshold for all classes, or per label (key "default" for the rest). */
export type ConfidenceSpec = number | Record<string, number>;

/** Wall-clock milliseconds spent in each stage of one detect call (for benchmarks only). */
export interface DetectTiming {
  preMs: number;
  inferenceMs: number;
  postMs: number;
  /** The second-stage classifier, crops included (0 without one). */
  secondStageMs: number;
  totalMs: number;
}

/** The threshold for class `label` under a confidence spec. */
export function thresholdFor(spec: ConfidenceSpec, label: string, fallback = 0.5): number {
  if (typeof spec === 'number') return spec;
  return spec[label] ?? spec.default ?? fallback;
}

/** Per-class thresholds as an array aligned with `labels`. */
export function thresholdsFor(spec: ConfidenceSpec, labels: readonly string[], fallback = 0.5): Float32Array {
  const t = new Float32Array(labels.length);
  labels.forEach((l, i) => (t[i] = thresholdFor(spec, l, fallback)));
  return t;
}

export function boxWidth(b: Box): number {
  return Math.max(0, b.x2 - b.x1);
}

export function boxHeight(b: Box): number {
  return Math.max(0, b.y2 - b.y1);
}

/** Intersection over union of two boxes (0 when either is empty). */
export function iou(a: Box, b: Box): number {
  const iw = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const ih = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (iw <= 0 || ih <= 0) return 0;
  const inter = iw * ih;
  const union = boxWidth(a) * boxHeight(a) + boxWidth(b) * boxHeight(b) - inter;
  return union > 0 ? inter / union : 0;
}

/** Same colour, other shape: the pair the detector confuses. Labels outside the colour_shape
 *  vocabulary (a user's YOLO model) are never look-alikes. */
export function lookAlike(a: string, b: string): boolean {
  const pa = splitLabel(a);
  const pb = splitLabel(b);
  return !!pa && !!pb && pa.color === pb.color && pa.shape !== pb.shape;
}
