import { describe, expect, it } from 'vitest';
import { cropPatch, cropSquare, type CropSpec } from '../../src/vision/crops.js';

/** A grey image with a red rectangle over [x1, x2) × [y1, y2). */
function picture(width: number, height: number, rect: { x1: number; y1: number; x2: number; y2: number }) {
  const rgb = new Uint8Array(width * height * 3).fill(100);
  for (let y = rect.y1; y < rect.y2; y++) for (let x = rect.x1; x < rect.x2; x++) rgb.set([220, 20, 20], (y * width + x) * 3);
  return { width, height, rgb };
}

const isRed = (p: Uint8Array, i: number) => p[i * 3]! > 200 && p[i * 3 + 1]! < 40;

describe('cropPatch', () => {
  const spec: CropSpec = { size: 20, context: 2, minSide: 4 };

  it("centres the box in a square of `context` × its longer side, keeping the object's aspect", () => {
    // A 10×5 rectangle: the crop is 20 px of image, 1 px per crop pixel, so the rectangle covers
    // crop columns 5..14 and rows 7.5..12.5 (rows 7 and 12 are half red, blended with the grey).
    const img = picture(64, 48, { x1: 30, y1: 20, x2: 40, y2: 25 });
    expect(cropSquare({ x1: 30, y1: 20, x2: 40, y2: 25 }, spec)).toEqual({ cx: 35, cy: 22.5, side: 20 });
    const out = new Uint8Array(20 * 20 * 3);
    cropPatch(img, { x1: 30, y1: 20, x2: 40, y2: 25 }, spec, out);
    const red: Array<[number, number]> = [];
    for (let j = 0; j < 20; j++) for (let i = 0; i < 20; i++) if (isRed(out, j * 20 + i)) red.push([i, j]);
    const xs = red.map(([i]) => i);
    const ys = red.map(([, j]) => j);
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([5, 14]);
    expect([Math.min(...ys), Math.max(...ys)]).toEqual([8, 11]);
  });

  it('gives tiny boxes at least minSide pixels and clamps at the image edge', () => {
    expect(cropSquare({ x1: 0, y1: 0, x2: 1, y2: 1 }, spec).side).toBe(4);
    // A box in the corner: samples outside the image repeat the edge pixels, never read garbage.
    const img = picture(16, 16, { x1: 0, y1: 0, x2: 4, y2: 4 });
    const out = new Uint8Array(20 * 20 * 3);
    cropPatch(img, { x1: 0, y1: 0, x2: 4, y2: 4 }, spec, out);
    expect(isRed(out, 0)).toBe(true); // top-left: the clamped corner pixel is red
    expect(out[(19 * 20 + 19) * 3]).toBe(100); // bottom-right: grey
  });

  it('writes at the offset and is deterministic', () => {
    const img = picture(64, 48, { x1: 10, y1: 10, x2: 20, y2: 30 });
    const a = new Uint8Array(2 * 20 * 20 * 3);
    const b = new Uint8Array(20 * 20 * 3);
    cropPatch(img, { x1: 10, y1: 10, x2: 20, y2: 30 }, spec, a, 20 * 20 * 3);
    cropPatch(img, { x1: 10, y1: 10, x2: 20, y2: 30 }, spec, b);
    expect(a.subarray(0, 1200).every((v) => v === 0)).toBe(true);
    expect(a.subarray(1200)).toEqual(b);
  });
});
