import { NEAR_PLANE_M, type CameraModel } from '../../core/camera-model.js';
import { intersector } from './intersect.js';
import type { Rays } from './rays.js';
import type { Scene } from './scene.js';
import { screenRect } from './screen-rect.js';

/** Per-pixel buffers the solids are drawn into (over the room already there). */
export interface SolidBuffers {
  /** Ray depth of the nearest surface so far. */
  depth: Float64Array;
  /** Index into `scene.solids` of the solid seen, or -1. */
  solidIds: Int16Array;
  /** Index into `scene.objects` of the object seen, or -1. */
  objectIds: Int16Array;
  /** Outward unit normal at the nearest solid's hit (3 per pixel). */
  normals: Float32Array;
  /** Per scene object: pixels it would cover with nothing in front of it. */
  unoccludedPixels: Int32Array;
}

/**
 * Ray-casts each solid only inside its projected screen rectangle, with a depth test against
 * what is already drawn; the object ids are written with the depth test rather than by a pass
 * over every pixel afterwards.
 */
export function drawSolids(scene: Scene, model: CameraModel, rays: Rays, out: SolidBuffers): void {
  const { colX, colY, colZ, rowX, rowY, rowZ } = rays;
  const { depth, solidIds, objectIds, normals, unoccludedPixels } = out;
  solidIds.fill(-1);
  objectIds.fill(-1);
  const W = model.width;
  const n = new Float64Array(3);
  const { x: ox, y: oy, z: oz } = model.origin;
  scene.solids.forEach((solid, k) => {
    const rect = screenRect(solid, model);
    if (!rect) return;
    const hit = intersector(solid);
    const obj = solid.objectIndex;
    for (let j = rect.j0; j < rect.j1; j++) {
      const bx = rowX[j]!;
      const by = rowY[j]!;
      const bz = rowZ[j]!;
      for (let i = rect.i0; i < rect.i1; i++) {
        const t = hit(ox, oy, oz, colX[i]! - bx, colY[i]! - by, colZ[i]! - bz, n);
        if (!(t > NEAR_PLANE_M && t < Infinity)) continue;
        if (obj >= 0) unoccludedPixels[obj]!++;
        const p = j * W + i;
        if (t < depth[p]!) {
          depth[p] = t;
          solidIds[p] = k;
          objectIds[p] = obj;
          normals[3 * p] = n[0]!;
          normals[3 * p + 1] = n[1]!;
          normals[3 * p + 2] = n[2]!;
        }
      }
    }
  });
}
