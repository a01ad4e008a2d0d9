import type { Box, RgbImage } from './types.js';

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
  const x0 = cx - side / 2;
  const y0 = cy - side / 2;
  let o = offset;
  for (let j = 0; j < n; j++) {
    // Sample point in the image's pixel-centre grid (pixel i's centre is at i + 0.5).
    const sy = clamp(y0 + (j + 0.5) * step - 0.5, 0, h - 1);
    const yA = Math.floor(sy);
    const yB = Math.min(yA + 1, h - 1);
    const fy = sy - yA;
    for (let i = 0; i < n; i++) {
      const sx = clamp(x0 + (i + 0.5) * step - 0.5, 0, w - 1);
      const xA = Math.floor(sx);
      const xB = Math.min(xA + 1, w - 1);
      const fx = sx - xA;
      const a = (yA * w + xA) * 3;
      const b = (yA * w + xB) * 3;
      const c = (yB * w + xA) * 3;
      const d = (yB * w + xB) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const top = rgb[a + ch]! + (rgb[b + ch]! - rgb[a + ch]!) * fx;
        const bottom = rgb[c + ch]! + (rgb[d + ch]! - rgb[c + ch]!) * fx;
        out[o++] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
