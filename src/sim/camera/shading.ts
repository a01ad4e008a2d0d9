import type { CameraModel } from '../../core/camera-model.js';
import { CEILING, FLOOR, NOTHING, WALL_X0, WALL_X1, WALL_Y0 } from './room-surfaces.js';
import type { Scene } from './scene.js';
import { floorShadow, shadowCasters } from './shadow.js';
import { textureFactor } from './texture.js';

/** Linear radiance per channel (0..1, may exceed 1 in bright light) for every pixel. */
export function shade(
  scene: Scene, model: CameraModel, colA: Float64Array, rowB: Float64Array,
  depth: Float64Array, surface: Uint8Array, solidIds: Int16Array, normals: Float32Array, out: Float32Array,
): void {
  const { origin: o, forward: f, right: r, up: u } = model;
  const W = model.width;
  const { brightness, ambient, direction: L } = scene.lighting;
  const casters = shadowCasters(scene.solids, scene.lighting);
  const sh = new Float64Array(2);
  const { floor, wall, ceiling, patches, room } = scene;
  for (let j = 0; j < model.height; j++) {
    const b = rowB[j]!;
    for (let i = 0; i < W; i++) {
      const a = colA[i]!;
      const p = j * W + i;
      const t = depth[p]!;
      const px = o.x + t * (f.x + a * r.x - b * u.x);
      const py = o.y + t * (f.y + a * r.y - b * u.y);
      const pz = o.z + t * (f.z + a * r.z - b * u.z);
      let ar: number, ag: number, ab: number;
      let lambert: number;
      let ao = 1;
      let direct = 1;
      const k = solidIds[p]!;
      if (k >= 0) {
        const alb = scene.solids[k]!.albedo;
        ar = alb[0]; ag = alb[1]; ab = alb[2];
        lambert = normals[3 * p]! * L.x + normals[3 * p + 1]! * L.y + normals[3 * p + 2]! * L.z;
        // Faces near the floor get less bounced light: a hint of contact shading on the solid.
        ao = 1 - 0.25 * Math.exp(-pz / 0.02);
      } else {
        const kind = surface[p]!;
        if (kind === FLOOR) {
          let alb = floor.albedo;
          let tex = textureFactor(floor.texture, px, py);
          // Later patches are painted over earlier ones.
          for (let z = patches.length - 1; z >= 0; z--) {
            const zn = patches[z]!;
            if (px >= zn.minX && px <= zn.maxX && py >= zn.minY && py <= zn.maxY) { alb = zn.albedo; tex = 1; break; }
          }
          ar = alb[0] * tex; ag = alb[1] * tex; ab = alb[2] * tex;
          lambert = L.z;
          floorShadow(casters, px, py, sh);
          ao = sh[0]!;
          direct = sh[1]!;
        } else if (kind === CEILING) {
          ar = ceiling.albedo[0]; ag = ceiling.albedo[1]; ab = ceiling.albedo[2];
          lambert = 0;
        } else if (kind === NOTHING) {
          ar = ag = ab = 0;
          lambert = 0;
        } else {
          // Walls: texture coordinates are the position along the wall and the height.
          const along = kind === WALL_X0 || kind === WALL_X1 ? py : px;
          const tex = textureFactor(wall.texture, along, pz);
          ar = wall.albedo[0] * tex; ag = wall.albedo[1] * tex; ab = wall.albedo[2] * tex;
          const tilt = kind === WALL_X0 ? L.x : kind === WALL_X1 ? -L.x : kind === WALL_Y0 ? L.y : -L.y;
          // The lamp hangs inside the room, so every wall gets some of it at a grazing angle,
          // a little less towards the ceiling.
          lambert = (0.3 + tilt) * (1 - 0.25 * (pz / room.wallHeight));
        }
      }
      const light = brightness * ao * (ambient + (1 - ambient) * Math.max(lambert, 0) * direct);
      out[3 * p] = ar * light;
      out[3 * p + 1] = ag * light;
      out[3 * p + 2] = ab * light;
    }
  }
}
