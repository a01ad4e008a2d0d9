import { glyph, GLYPH_ADVANCE, GLYPH_HEIGHT, GLYPH_WIDTH, textWidth } from './bitmap-font.js';
import { splitLabel } from '../core/names.js';
import type { Box } from './types.js';
import { type RgbImage } from '../core/camera-frame.js';

/** Draws detection boxes and their captions onto a copy of an image (for `detect --save`). */
export interface Annotation {
  box: Box;
  caption: string;
  /** Box colour; by default from the label's colour word, else a fixed palette by class index. */
  color?: readonly [number, number, number];
  label?: string;
  clsIndex?: number;
}

const NAMED: Record<string, readonly [number, number, number]> = {
  red: [255, 40, 40],
  green: [40, 230, 60],
  blue: [60, 110, 255],
  yellow: [255, 230, 0],
};
const PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [255, 56, 56],
  [255, 157, 151],
  [255, 112, 31],
  [255, 178, 29],
  [207, 210, 49],
  [72, 249, 10],
  [26, 147, 52],
  [0, 212, 187],
  [44, 153, 168],
  [0, 194, 255],
  [52, 69, 147],
  [100, 115, 255],
  [132, 56, 255],
  [203, 56, 255],
  [255, 149, 200],
];

export function annotationColor(a: Annotation): readonly [number, number, number] {
  if (a.color) return a.color;
  const c = a.label ? splitLabel(a.label)?.color : undefined;
  if (c && NAMED[c]) return NAMED[c]!;
  return PALETTE[(a.clsIndex ?? 0) % PALETTE.length]!;
}

export function annotate(image: RgbImage, annotations: readonly Annotation[]): RgbImage {
  const out: RgbImage = { width: image.width, height: image.height, rgb: new Uint8Array(image.rgb) };
  const scale = image.width >= 640 ? 2 : 1;
  const thickness = image.width >= 640 ? 2 : 1;
  for (const a of annotations) {
    const color = annotationColor(a);
    const x1 = Math.round(a.box.x1);
    const y1 = Math.round(a.box.y1);
    const x2 = Math.round(a.box.x2) - 1;
    const y2 = Math.round(a.box.y2) - 1;
    for (let t = 0; t < thickness; t++) {
      hline(out, x1, x2, y1 + t, color);
      hline(out, x1, x2, y2 - t, color);
      vline(out, x1 + t, y1, y2, color);
      vline(out, x2 - t, y1, y2, color);
    }
    // Caption on a filled bar above the box (inside it when there is no room above).
    const tw = textWidth(a.caption, scale) + 2 * scale;
    const th = GLYPH_HEIGHT * scale + 2 * scale;
    let ty = y1 - th;
    if (ty < 0) ty = Math.min(y1 + thickness, out.height - th);
    const tx = Math.max(0, Math.min(x1, out.width - tw));
    fillRect(out, tx, ty, tw, th, color);
    const ink: readonly [number, number, number] = luminance(color) > 140 ? [0, 0, 0] : [255, 255, 255];
    drawText(out, a.caption, tx + scale, ty + scale, ink, scale);
  }
  return out;
}

export function drawText(img: RgbImage, text: string, x: number, y: number, color: readonly [number, number, number], scale = 1): void {
  for (let i = 0; i < text.length; i++) {
    const rows = glyph(text[i]!);
    const gx = x + i * GLYPH_ADVANCE * scale;
    for (let r = 0; r < GLYPH_HEIGHT; r++) {
      const bits = rows[r]!;
      for (let c = 0; c < GLYPH_WIDTH; c++) {
        if (bits & (1 << (GLYPH_WIDTH - 1 - c))) fillRect(img, gx + c * scale, y + r * scale, scale, scale, color);
      }
    }
  }
}

function setPixel(img: RgbImage, x: number, y: number, c: readonly [number, number, number]): void {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  const o = (y * img.width + x) * 3;
  img.rgb[o] = c[0];
  img.rgb[o + 1] = c[1];
  img.rgb[o + 2] = c[2];
}

function hline(img: RgbImage, x1: number, x2: number, y: number, c: readonly [number, number, number]): void {
  for (let x = Math.max(0, x1); x <= Math.min(img.width - 1, x2); x++) setPixel(img, x, y, c);
}

function vline(img: RgbImage, x: number, y1: number, y2: number, c: readonly [number, number, number]): void {
  for (let y = Math.max(0, y1); y <= Math.min(img.height - 1, y2); y++) setPixel(img, x, y, c);
}

function fillRect(img: RgbImage, x: number, y: number, w: number, h: number, c: readonly [number, number, number]): void {
  for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) setPixel(img, i, j, c);
}

function luminance(c: readonly [number, number, number]): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}
