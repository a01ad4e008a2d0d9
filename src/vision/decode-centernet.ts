import { nonMaxSuppression } from './nms.js';
import { unletterboxBox, type Letterbox } from './preprocess.js';
import type { Detection2D } from './types.js';

/**
 * Decodes the project detector's output: float32 [1, K, 6], rows [x1, y1, x2, y2, score, class]
 * in model-input pixels, sorted by score (peak extraction is done inside the graph). Rows under
 * their class's threshold are dropped, boxes are mapped back to image pixels, and a light
 * class-wise NMS removes the rare double peak on one object.
 */
export interface CenterNetDecodeOptions {
  labels: readonly string[];
  /** Threshold per class index. */
  thresholds: Float32Array | readonly number[];
  letterbox: Letterbox;
  /** IoU above which two same-class boxes are one object (1 disables). */
  iouThreshold?: number;
  maxDetections?: number;
}

export function decodeCenterNet(data: Float32Array, dims: readonly number[], opts: CenterNetDecodeOptions): Detection2D[] {
  const rows = dims.length === 3 ? dims[1]! : dims.length === 2 ? dims[0]! : NaN;
  const cols = dims[dims.length - 1]!;
  if (!(cols === 6) || !(rows * cols <= data.length)) {
    throw new RangeError(`detector output has shape [${dims.join(', ')}], expected [1, N, 6]`);
  }
  const minThreshold = Math.min(...Array.from(opts.thresholds));
  const out: Detection2D[] = [];
  for (let r = 0; r < rows; r++) {
    const o = r * 6;
    const score = data[o + 4]!;
    if (!(score >= minThreshold)) continue;
    const cls = Math.round(data[o + 5]!);
    if (cls < 0 || cls >= opts.labels.length) continue;
    if (score < opts.thresholds[cls]!) continue;
    const box = unletterboxBox(opts.letterbox, data[o]!, data[o + 1]!, data[o + 2]!, data[o + 3]!);
    if (box.x2 - box.x1 <= 0 || box.y2 - box.y1 <= 0) continue;
    out.push({ label: opts.labels[cls]!, clsIndex: cls, confidence: score, box });
  }
  const iouT = opts.iouThreshold ?? 0.7;
  return iouT >= 1 ? out : nonMaxSuppression(out, iouT, opts.maxDetections ?? 100);
}
