import { iou, lookAlike, type Detection2D } from './types.js';

/**
 * Class-wise greedy non-maximum suppression: within each class (or each group `competes` puts
 * together), keeps the highest-scoring box and drops the others that overlap it by more than
 * `iouThreshold`, and so on. Output is sorted by confidence (ties by class index, then position)
 * so it is deterministic.
 */
export function nonMaxSuppression(
  dets: readonly Detection2D[],
  iouThreshold = 0.45,
  maxDetections = 300,
  competes: (a: Detection2D, b: Detection2D) => boolean = (a, b) => a.clsIndex === b.clsIndex,
): Detection2D[] {
  const sorted = [...dets].sort(byConfidence);
  const kept: Detection2D[] = [];
  const suppressed = new Uint8Array(sorted.length);
  for (let i = 0; i < sorted.length && kept.length < maxDetections; i++) {
    if (suppressed[i]) continue;
    const a = sorted[i]!;
    kept.push(a);
    for (let j = i + 1; j < sorted.length; j++) {
      if (suppressed[j]) continue;
      const b = sorted[j]!;
      if (competes(a, b) && iou(a.box, b.box) > iouThreshold) suppressed[j] = 1;
    }
  }
  return kept;
}

/**
 * One blob, two shape guesses: the detector's per-class peaks can put a cube and a cylinder of one
 * colour on the same small, far object. Detection metrics want both hypotheses; the robot wants
 * one object per blob, so of same-colour boxes overlapping by more than `iouThreshold` only the
 * likeliest stays.
 */
export function suppressLookAlikes(dets: readonly Detection2D[], iouThreshold = 0.5): Detection2D[] {
  return nonMaxSuppression(dets, iouThreshold, dets.length, (a, b) => a.clsIndex === b.clsIndex || lookAlike(a.label, b.label));
}

export function byConfidence(a: Detection2D, b: Detection2D): number {
  return b.confidence - a.confidence || a.clsIndex - b.clsIndex || a.box.x1 - b.box.x1 || a.box.y1 - b.box.y1;
}
