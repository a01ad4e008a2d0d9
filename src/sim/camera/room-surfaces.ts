import type { CameraModel } from '../../core/camera-model.js';
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
export function drawRoom(scene: Scene, model: CameraModel, colA: Float64Array, rowB: Float64Array, depth: Float64Array, surface: Uint8Array): void {
  const { origin: o, forward: f, right: r, up: u } = model;
  const { width: RW, depth: RD, wallHeight: RH } = scene.room;
  const W = model.width;
  for (let j = 0; j < model.height; j++) {
    const b = rowB[j]!;
    for (let i = 0; i < W; i++) {
      const a = colA[i]!;
      const dx = f.x + a * r.x - b * u.x;
      const dy = f.y + a * r.y - b * u.y;
      const dz = f.z + a * r.z - b * u.z;
      let t = Infinity;
      let kind = NOTHING;
      const tx = dx > 0 ? (RW - o.x) / dx : dx < 0 ? -o.x / dx : Infinity;
      if (tx > 0 && tx < t) { t = tx; kind = dx > 0 ? WALL_X1 : WALL_X0; }
      const ty = dy > 0 ? (RD - o.y) / dy : dy < 0 ? -o.y / dy : Infinity;
      if (ty > 0 && ty < t) { t = ty; kind = dy > 0 ? WALL_Y1 : WALL_Y0; }
      const tz = dz < 0 ? -o.z / dz : dz > 0 ? (RH - o.z) / dz : Infinity;
      if (tz > 0 && tz < t) { t = tz; kind = dz < 0 ? FLOOR : CEILING; }
      const p = j * W + i;
      depth[p] = t;
      surface[p] = kind;
    }
  }
}
