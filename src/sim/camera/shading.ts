import type { CameraModel } from '../../core/camera-model.js';
import { FLOOR, WALL_X0, WALL_X1 } from './room-surfaces.js';
import type { Rays } from './rays.js';
import type { Scene } from './scene.js';
import { floorShadow } from './shadow.js';
import { shadingFrame, type ShadingBuffers, type ShadingFrame } from './shading-frame.js';
import { textureFactor } from './texture.js';

/**
 * The image is cut into this many horizontal bands, and rows are shaded taking one from each
 * band in turn (with 240 rows: 0, 30, 60, …, 210, then 1, 31, …). Every pixel's value is the
 * same in any order; this one makes the first rows V8 profiles span the whole image (ceiling,
 * walls, floor, solids), so the row function it optimizes in a process's first frame has seen
 * every branch, instead of deoptimizing when the first floor row comes.
 */
const ROW_BANDS = 8;

/** Linear radiance per channel (0..1, may exceed 1 in bright light) for every pixel. */
export function shade(scene: Scene, model: CameraModel, rays: Rays, buffers: ShadingBuffers): void {
  const f = shadingFrame(scene, model, rays, buffers);
  const stride = Math.ceil(model.height / ROW_BANDS);
  for (let s = 0; s < stride; s++) {
    for (let j = s; j < model.height; j += stride) shadeRow(f, j);
  }
}

/** One image row: a function V8 optimizes after a few calls, rather than on-stack replacement
 *  of a per-frame loop that restarts interpreted after each deoptimization. */
function shadeRow(f: ShadingFrame, j: number): void {
  const { colX, colY, colZ } = f.rays;
  const bx = f.rays.rowX[j]!;
  const by = f.rays.rowY[j]!;
  const bz = f.rays.rowZ[j]!;
  const { ox, oy, oz, lx, ly, lz, depth, surface, solidIds, normals, out, solidAlbedo, patchBounds, patchAlbedo, kindAlbedo, shadow } = f;
  const W = f.width;
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
        let r = f.floorR, g = f.floorG, b = f.floorB;
        let tex = f.floorTexture ? textureFactor(f.floorTexture, px, py) : 1;
        // Later patches are painted over earlier ones.
        for (let z = patchAlbedo.length / 3 - 1; z >= 0; z--) {
          if (px >= patchBounds[4 * z]! && px <= patchBounds[4 * z + 1]! && py >= patchBounds[4 * z + 2]! && py <= patchBounds[4 * z + 3]!) {
            r = patchAlbedo[3 * z]!; g = patchAlbedo[3 * z + 1]!; b = patchAlbedo[3 * z + 2]!;
            tex = 1;
            break;
          }
        }
        ar = r * tex; ag = g * tex; ab = b * tex;
        lambert = lz;
        floorShadow(f.casters, px, py, shadow);
        ao = shadow[0]!;
        direct = shadow[1]!;
      } else {
        // Walls, ceiling or nothing (× 1 leaves an albedo exactly as it is).
        let tex = 1;
        lambert = 0;
        if (f.isWall[kind]) {
          // Walls: texture coordinates are the position along the wall and the height.
          if (f.wallTexture) tex = textureFactor(f.wallTexture, kind === WALL_X0 || kind === WALL_X1 ? py : px, pz);
          // The lamp hangs inside the room, so every wall gets some of it at a grazing angle,
          // a little less towards the ceiling.
          lambert = (0.3 + f.tilt[kind]!) * (1 - 0.25 * (pz / f.wallHeight));
        }
        ar = kindAlbedo[3 * kind]! * tex; ag = kindAlbedo[3 * kind + 1]! * tex; ab = kindAlbedo[3 * kind + 2]! * tex;
      }
    }
    const light = f.brightness * ao * (f.ambient + (1 - f.ambient) * Math.max(lambert, 0) * direct);
    out[3 * p] = ar * light;
    out[3 * p + 1] = ag * light;
    out[3 * p + 2] = ab * light;
  }
}
