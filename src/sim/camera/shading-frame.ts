import type { CameraModel } from '../../core/camera-model.js';
import { CEILING, NOTHING, WALL_X0, WALL_X1, WALL_Y0, WALL_Y1 } from './room-surfaces.js';
import type { Rays } from './rays.js';
import type { Scene, SurfaceTexture } from './scene.js';
import { castersInView, shadowCasters, type ShadowCaster } from './shadow.js';

/**
 * Everything the shading pass reads per pixel, set up once per frame as numbers and typed
 * arrays in one object of one shape: the solids are objects of three shapes (reading through
 * them per pixel is a polymorphic load), and a branch that first runs after V8 has optimized
 * the loop (the floor below the walls, a wall facing away from the lamp) would deoptimize it if
 * it did loads and arithmetic of its own.
 */
export interface ShadingFrame {
  rays: Rays;
  ox: number; oy: number; oz: number;
  width: number;
  depth: Float64Array;
  surface: Uint8Array;
  solidIds: Int16Array;
  normals: Float32Array;
  out: Float32Array;
  brightness: number;
  ambient: number;
  lx: number; ly: number; lz: number;
  casters: ShadowCaster[];
  /** [ao, direct] of the floor point being shaded. */
  shadow: Float64Array;
  solidAlbedo: Float64Array;
  floorR: number; floorG: number; floorB: number;
  /** Null when plain: scenario rooms are, and then no call per pixel for a factor of 1. */
  floorTexture: SurfaceTexture | null;
  wallTexture: SurfaceTexture | null;
  /** Floor patches: [minX, maxX, minY, maxY] and [r, g, b] each. */
  patchBounds: Float64Array;
  patchAlbedo: Float64Array;
  /** Per background surface kind (the index): albedo (3 each), whether it is a wall, and for
   *  walls the lamp direction's component towards the room (signs resolved here, not per pixel). */
  kindAlbedo: Float64Array;
  isWall: Uint8Array;
  tilt: Float64Array;
  wallHeight: number;
}

export interface ShadingBuffers {
  depth: Float64Array;
  surface: Uint8Array;
  solidIds: Int16Array;
  normals: Float32Array;
  /** Written: linear radiance, 3 per pixel. */
  out: Float32Array;
}

export function shadingFrame(scene: Scene, model: CameraModel, rays: Rays, buffers: ShadingBuffers): ShadingFrame {
  const { brightness, ambient, direction: L } = scene.lighting;
  const { floor, wall, ceiling, patches } = scene;
  const kindAlbedo = new Float64Array(3 * (NOTHING + 1)); // NOTHING stays black
  const isWall = new Uint8Array(NOTHING + 1);
  const tilt = new Float64Array(NOTHING + 1);
  for (const [kind, toRoom] of [[WALL_X0, L.x], [WALL_X1, -L.x], [WALL_Y0, L.y], [WALL_Y1, -L.y]] as const) {
    kindAlbedo.set(wall.albedo, 3 * kind);
    isWall[kind] = 1;
    tilt[kind] = toRoom;
  }
  kindAlbedo.set(ceiling.albedo, 3 * CEILING);
  return {
    rays,
    ox: model.origin.x, oy: model.origin.y, oz: model.origin.z,
    width: model.width,
    ...buffers,
    brightness,
    ambient,
    lx: L.x, ly: L.y, lz: L.z,
    casters: castersInView(shadowCasters(scene.solids, scene.lighting), model),
    shadow: new Float64Array(2),
    solidAlbedo: new Float64Array(scene.solids.flatMap((s) => [...s.albedo])),
    floorR: floor.albedo[0], floorG: floor.albedo[1], floorB: floor.albedo[2],
    floorTexture: floor.texture.kind === 'plain' ? null : floor.texture,
    wallTexture: wall.texture.kind === 'plain' ? null : wall.texture,
    patchBounds: new Float64Array(patches.flatMap((z) => [z.minX, z.maxX, z.minY, z.maxY])),
    patchAlbedo: new Float64Array(patches.flatMap((z) => [...z.albedo])),
    kindAlbedo,
    isWall,
    tilt,
    wallHeight: scene.room.wallHeight,
  };
}
