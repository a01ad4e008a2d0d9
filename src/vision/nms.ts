import { iou, type Detection2D } from './types.js';

/**
 * Class-wise greedy non-maximum suppression: within each class, keeps the highest-scoring box and
 * drops the others that overlap it by more than `iouThreshold`, and so on. Output is sorted by
 * confidence (ties by class index, then position) so it is deterministic.
 */
export function nonMaxSuppression(dets: readonly Detection2D[], iouThreshold = 0.45, maxDetections = 300): Detection2D[] {
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
      if (b.clsIndex === a.clsIndex && iou(a.box, b.box) > iouThreshold) suppressed[j] = 1;
    }
  }
  return kept;
}

export function byConfidence(a: Detection2D, b: Detection2D): number {
  return b.confidence - a.confidence || a.clsIndex - b.clsIndex || a.box.x1 - b.box.x1 || a.box.y1 - b.box.y1;
}
