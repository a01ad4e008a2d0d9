import { OBJECT_COLORS, OBJECT_SHAPES, type ObjectColor, type ObjectShape } from '../../core/objects.js';
import { objectHeight } from '../../core/objects.js';
import type { RenderResult } from './render.js';

/**
 * Ground-truth 2D labels for a rendered frame, from the renderer's object-id buffer: a box is
 * the tight bounds of the pixels where the object is actually visible, so hidden objects get no
 * box and partly hidden ones get only their visible extent.
 */

/** The detector's classes, in its output order: colour-major, then shape. */
export const DETECTION_CLASSES: readonly string[] = OBJECT_COLORS.flatMap((c) => OBJECT_SHAPES.map((s) => `${c}_${s}`));

export function classIndex(color: ObjectColor, shape: ObjectShape): number {
  return OBJECT_COLORS.indexOf(color) * OBJECT_SHAPES.length + OBJECT_SHAPES.indexOf(shape);
}

/** Objects with fewer visible pixels than this are not labelled (too small to detect). */
export const MIN_LABEL_PIXELS = 12;

export interface GroundTruthBox {
  objectId: string;
  cls: string;
  clsIndex: number;
  /** Box in continuous pixel coordinates: x1,y1 inclusive top-left corner, x2,y2 exclusive. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Visible pixels. */
  pixels: number;
  /** Visible share of the pixels the object would cover in the image if nothing hid it. */
  visibility: number;
  /** Whether the box touches the image border (the object may extend beyond the frame). */
  truncated: boolean;
  /** Horizontal distance from the lens to the object's centre, metres. */
  distanceM: number;
  /** The object's centre in the world (floor position and half height). */
  world: { x: number; y: number; z: number };
}

export function labelFrame(result: RenderResult, minPixels = MIN_LABEL_PIXELS): GroundTruthBox[] {
  const { objectIds, scene, model, unoccludedPixels } = result;
  const W = model.width;
  const H = model.height;
  const n = scene.objects.length;
  const x1 = new Int32Array(n).fill(W);
  const y1 = new Int32Array(n).fill(H);
  const x2 = new Int32Array(n).fill(-1);
  const y2 = new Int32Array(n).fill(-1);
  const count = new Int32Array(n);
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const k = objectIds[j * W + i]!;
      if (k < 0) continue;
      count[k]!++;
      if (i < x1[k]!) x1[k] = i;
      if (i > x2[k]!) x2[k] = i;
      if (j < y1[k]!) y1[k] = j;
      if (j > y2[k]!) y2[k] = j;
    }
  }
  const boxes: GroundTruthBox[] = [];
  scene.objects.forEach((o, k) => {
    if (count[k]! < minPixels) return;
    const h = objectHeight(o.shape, o.size);
    boxes.push({
      objectId: o.id,
      cls: `${o.color}_${o.shape}`,
      clsIndex: classIndex(o.color, o.shape),
      x1: x1[k]!,
      y1: y1[k]!,
      x2: x2[k]! + 1,
      y2: y2[k]! + 1,
      pixels: count[k]!,
      visibility: Math.min(1, count[k]! / Math.max(1, unoccludedPixels[k]!)),
      truncated: x1[k] === 0 || y1[k] === 0 || x2[k] === W - 1 || y2[k] === H - 1,
      distanceM: Math.hypot(o.x - model.origin.x, o.y - model.origin.y),
      world: { x: o.x, y: o.y, z: h / 2 },
    });
  });
  return boxes;
}
