import type { CameraModel } from '../../core/camera-model.js';
import { CEILING, FLOOR, NOTHING, WALL_X0, WALL_X1, WALL_Y0 } from './room-surfaces.js';
import type { Rays } from './rays.js';
import type { Scene } from './scene.js';
import { castersInView, floorShadow, shadowCasters } from './shadow.js';
import { textureFactor } from './texture.js';

/** Linear radiance per channel (0..1, may exceed 1 in bright light) for every pixel. */
export function shade(
  scene: Scene, model: CameraModel, rays: Rays,
  depth: Float64Array, surface: Uint8Array, solidIds: Int16Array, normals: Float32Array, out: Float32Array,
): void {
  const { colX, colY, colZ, rowX, rowY, rowZ } = rays;
  const { x: ox, y: oy, z: oz } = model.origin;
  const W = model.width;
  const { brightness, ambient, direction: L } = scene.lighting;
  const { x: lx, y: ly, z: lz } = L;
  const casters = castersInView(shadowCasters(scene.solids, scene.lighting), model);
  const sh = new Float64Array(2);
  const { floor, wall, ceiling, patches, room } = scene;
  // Scenario rooms are plain: no call per pixel for a factor of 1.
  const floorPlain = floor.texture.kind === 'plain';
  const wallPlain = wall.texture.kind === 'plain';
  // The solids' albedos in one typed array: the solids are objects of three shapes, and reading
  // through them per pixel is a polymorphic property load.
  const solidAlbedo = new Float64Array(scene.solids.flatMap((s) => [...s.albedo]));
  for (let j = 0; j < model.height; j++) {
    const bx = rowX[j]!;
    const by = rowY[j]!;
    const bz = rowZ[j]!;
    for (let i = 0, p = j * W; i < W; i++, p++) {
      const t = depth[p]!;
      const px = ox + t * (colX[i]! - bx);
      const py = oy + t * (colY[i]! - by);
      const pz = oz + t * (colZ[i]! - bz);
      let ar: number, ag: number, ab: number;
      let lambert: number;
      let ao = 1;
      let direct = 1;
      const k = solidIds[p]!;
      if (k >= 0) {
        ar = solidAlbedo[3 * k]!; ag = solidAlbedo[3 * k + 1]!; ab = solidAlbedo[3 * k + 2]!;
        lambert = normals[3 * p]! * lx + normals[3 * p + 1]! * ly + normals[3 * p + 2]! * lz;
        // Faces near the floor get less bounced light: a hint of contact shading on the solid.
        ao = 1 - 0.25 * Math.exp(-pz / 0.02);
      } else {
        const kind = surface[p]!;
        if (kind === FLOOR) {
          let alb = floor.albedo;
          let tex = floorPlain ? 1 : textureFactor(floor.texture, px, py);
          // Later patches are painted over earlier ones.
          for (let z = patches.length - 1; z >= 0; z--) {
            const zn = patches[z]!;
            if (px >= zn.minX && px <= zn.maxX && py >= zn.minY && py <= zn.maxY) { alb = zn.albedo; tex = 1; break; }
          }
          ar = alb[0] * tex; ag = alb[1] * tex; ab = alb[2] * tex;
          lambert = lz;
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
          const tex = wallPlain ? 1 : textureFactor(wall.texture, along, pz);
          ar = wall.albedo[0] * tex; ag = wall.albedo[1] * tex; ab = wall.albedo[2] * tex;
          const tilt = kind === WALL_X0 ? lx : kind === WALL_X1 ? -lx : kind === WALL_Y0 ? ly : -ly;
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
