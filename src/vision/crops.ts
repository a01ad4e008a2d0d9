import type { Box } from './types.js';
import { type RgbImage } from '../core/camera-frame.js';

/**
 * Square patches around candidate boxes, the input of the second-stage classifier. One function
 * cuts them for training (models/train/crops.mjs) and at run time, so the classifier sees exactly
 * the pixels it was trained on.
 *
 * The square is centred on the box with side `context` × the box's longer side, so the aspect of
 * the object (a ball is round, a cylinder tall) survives and some background frames it; tiny far
 * boxes get at least `minSide` pixels of context. Sampling is bilinear at pixel centres, with
 * coordinates outside the image clamped to its edge.
 */
export interface CropSpec {
  /** Output side in pixels. */
  size: number;
  /** Crop side / longer box side. */
  context: number;
  /** Smallest crop side in image pixels. */
  minSide: number;
}

/** The square a crop of `box` covers, in image pixels. */
export function cropSquare(box: Box, spec: CropSpec): { cx: number; cy: number; side: number } {
  const side = Math.max(spec.minSide, spec.context * Math.max(box.x2 - box.x1, box.y2 - box.y1));
  return { cx: (box.x1 + box.x2) / 2, cy: (box.y1 + box.y2) / 2, side };
}

/** Writes the crop of `box` as size×size×3 RGB bytes into `out` at byte `offset`. */
export function cropPatch(image: RgbImage, box: Box, spec: CropSpec, out: Uint8Array, offset = 0): void {
  const { width: w, height: h, rgb } = image;
  const { cx, cy, side } = cropSquare(box, spec);
  const n = spec.size;
  const step = side / n;
  // Column taps are the same for every row: byte offsets of the two source pixels and the weight.
  const left = new Int32Array(n);
  const right = new Int32Array(n);
  const fxs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // Sample point in the image's pixel-centre grid (pixel i's centre is at i + 0.5).
    const sx = clamp(cx - side / 2 + (i + 0.5) * step - 0.5, 0, w - 1);
    const xA = Math.floor(sx);
    left[i] = xA * 3;
    right[i] = Math.min(xA + 1, w - 1) * 3;
    fxs[i] = sx - xA;
  }
  let o = offset;
  for (let j = 0; j < n; j++) {
    const sy = clamp(cy - side / 2 + (j + 0.5) * step - 0.5, 0, h - 1);
    const yA = Math.floor(sy);
    const rowA = yA * w * 3;
    const rowB = Math.min(yA + 1, h - 1) * w * 3;
    const fy = sy - yA;
    for (let i = 0; i < n; i++) {
      const fx = fxs[i]!;
      for (let ch = 0; ch < 3; ch++) {
        const a = rgb[rowA + left[i]! + ch]!;
        const b = rgb[rowA + right[i]! + ch]!;
        const c = rgb[rowB + left[i]! + ch]!;
        const d = rgb[rowB + right[i]! + ch]!;
        const top = a + (b - a) * fx;
        const bottom = c + (d - c) * fx;
        out[o++] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
