import type { ColorDepth, Rgb } from './ansi.js';
import { CellGrid } from './cell-grid.js';
import { OBJECT_RGB } from './map-raster.js';

/** The parts of a camera frame the view needs: packed RGB, top row first. */
export interface FrameImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export interface FrameBox {
  label: string;
  color?: string;
  confidence: number;
  box: { x1: number; y1: number; x2: number; y2: number };
}

/** Cells for a frame: each cell is two pixels stacked (▀), so rows hold twice the pixels; keeps the aspect. */
export function cameraSize(frame: { width: number; height: number }, maxCols: number, maxRows: number): { cols: number; rows: number } {
  if (maxCols < 4 || maxRows < 2) return { cols: 0, rows: 0 };
  const aspect = frame.width / frame.height;
  let cols = maxCols;
  let rows = Math.round(cols / aspect / 2);
  if (rows > maxRows) {
    rows = maxRows;
    cols = Math.round(rows * 2 * aspect);
  }
  return { cols: Math.max(1, cols), rows: Math.max(1, rows) };
}

const RAMP = ' .:-=+*#%@';
const BOX_RGB: Rgb = [255, 235, 60];

/**
 * A camera frame drawn with half blocks: the upper half of each cell is the foreground colour,
 * the lower half the background. Detection boxes are outlined and labelled. Without colour,
 * brightness becomes an ASCII ramp and boxes are drawn with + - |.
 */
export function rasterizeFrame(frame: FrameImage, boxes: readonly FrameBox[], cols: number, rows: number, depth: ColorDepth): string[] {
  if (cols <= 0 || rows <= 0) return [];
  const w = cols;
  const h = rows * 2;
  const pixels = downsample(frame, w, h);
  const toPx = (x: number, size: number, full: number) => Math.min(size - 1, Math.max(0, Math.floor((x / full) * size)));
  const outlines = boxes.map((b) => ({
    b,
    x1: toPx(b.box.x1, w, frame.width),
    x2: toPx(b.box.x2, w, frame.width),
    y1: toPx(b.box.y1, h, frame.height),
    y2: toPx(b.box.y2, h, frame.height),
    rgb: (b.color && OBJECT_RGB[b.color]) || BOX_RGB,
  }));
  const grid = new CellGrid(cols, rows);
  if (depth === 1) {
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) grid.set(c, r, { ch: RAMP[Math.min(RAMP.length - 1, Math.floor((luma(pixels[2 * r * w + c]!) + luma(pixels[(2 * r + 1) * w + c]!)) / 2 / 256 * RAMP.length))]! });
    for (const o of outlines) {
      const [r1, r2] = [Math.floor(o.y1 / 2), Math.floor(o.y2 / 2)];
      for (let c = o.x1; c <= o.x2; c++) [r1, r2].forEach((r) => grid.set(c, r, { ch: '-' }));
      for (let r = r1; r <= r2; r++) [o.x1, o.x2].forEach((c) => grid.set(c, r, { ch: r === r1 || r === r2 ? '+' : '|' }));
    }
  } else {
    for (const o of outlines) {
      for (let x = o.x1; x <= o.x2; x++) [o.y1, o.y2].forEach((y) => (pixels[y * w + x] = o.rgb));
      for (let y = o.y1; y <= o.y2; y++) [o.x1, o.x2].forEach((x) => (pixels[y * w + x] = o.rgb));
    }
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) grid.set(c, r, { ch: '▀', fg: pixels[2 * r * w + c]!, bg: pixels[(2 * r + 1) * w + c]! });
  }
  for (const o of outlines) {
    const text = `${o.b.label} ${Math.round(o.b.confidence * 100)}%`;
    const r = Math.floor(o.y1 / 2);
    const at = r > 0 ? r - 1 : Math.min(rows - 1, r + 1);
    grid.text(o.x1, at, text.slice(0, Math.max(0, cols - o.x1)), { fg: [0, 0, 0], bg: o.rgb });
  }
  return grid.lines(depth);
}

/** Box-averages the frame down to w x h pixels. */
function downsample(frame: FrameImage, w: number, h: number): Rgb[] {
  const out: Rgb[] = new Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy0 = Math.floor((y * frame.height) / h);
    const sy1 = Math.max(sy0 + 1, Math.floor(((y + 1) * frame.height) / h));
    for (let x = 0; x < w; x++) {
      const sx0 = Math.floor((x * frame.width) / w);
      const sx1 = Math.max(sx0 + 1, Math.floor(((x + 1) * frame.width) / w));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        for (let sx = sx0; sx < sx1; sx++) {
          const i = (sy * frame.width + sx) * 3;
          r += frame.rgb[i]!;
          g += frame.rgb[i + 1]!;
          b += frame.rgb[i + 2]!;
          n++;
        }
      }
      out[y * w + x] = [Math.round(r / n), Math.round(g / n), Math.round(b / n)];
    }
  }
  return out;
}

function luma([r, g, b]: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}
