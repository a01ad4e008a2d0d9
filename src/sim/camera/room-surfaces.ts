import type { CameraModel } from '../../core/camera-model.js';
import type { Rays } from './rays.js';
import type { Scene } from './scene.js';

/**
 * The room box around the camera (floor, four walls, ceiling), intersected analytically for
 * every pixel: what each pixel sees when no solid is in front, and how far away it is.
 */

// Background surface kinds in the per-pixel buffer.
export const FLOOR = 0;
export const WALL_X0 = 1;
export const WALL_X1 = 2;
export const WALL_Y0 = 3;
export const WALL_Y1 = 4;
export const CEILING = 5;
export const NOTHING = 6;

/** Floor, four walls and ceiling of the room box around the camera. */
export function drawRoom(scene: Scene, model: CameraModel, rays: Rays, depth: Float64Array, surface: Uint8Array): void {
  const { colX, colY, colZ, rowX, rowY, rowZ } = rays;
  const { width: RW, depth: RD, wallHeight: RH } = scene.room;
  const { x: ox, y: oy, z: oz } = model.origin;
  const W = model.width;
  // The numerators of the three plane distances, once per frame (the same values the per-pixel
  // expressions gave: subtraction and negation are exact per operand).
  const toX1 = RW - ox, toX0 = -ox, toY1 = RD - oy, toY0 = -oy, toCeiling = RH - oz, toFloor = -oz;
  for (let j = 0; j < model.height; j++) {
    const bx = rowX[j]!;
    const by = rowY[j]!;
    const bz = rowZ[j]!;
    for (let i = 0, p = j * W; i < W; i++, p++) {
      const dx = colX[i]! - bx;
      const dy = colY[i]! - by;
      const dz = colZ[i]! - bz;
      // Each distance is computed whether or not its plane faces the ray, so the loop runs the
      // same operations for every pixel (V8 optimizes it once, early, instead of deoptimizing
      // when the first ray meets a plane the first rows did not): a zero component gives ±∞ or
      // NaN, which the tests below drop as the original "no hit" did.
      const tx = (dx > 0 ? toX1 : toX0) / dx;
      const ty = (dy > 0 ? toY1 : toY0) / dy;
      const tz = (dz < 0 ? toFloor : toCeiling) / dz;
      let t = Infinity;
      let kind = NOTHING;
      if (tx > 0 && tx < t) { t = tx; kind = dx > 0 ? WALL_X1 : WALL_X0; }
      if (ty > 0 && ty < t) { t = ty; kind = dy > 0 ? WALL_Y1 : WALL_Y0; }
      if (tz > 0 && tz < t) { t = tz; kind = dz < 0 ? FLOOR : CEILING; }
      depth[p] = t;
      surface[p] = kind;
    }
  }
}
