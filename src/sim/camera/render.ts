import type { CameraFrame } from '../../core/camera-frame.js';
import type { Pose } from '../../core/geometry.js';
import type { Rng } from '../../core/rng.js';
import { DEFAULT_ROBOT_CONFIG } from '../robot-config.js';
import type { World } from '../world.js';
import { intersector } from './intersect.js';
import { cameraModel, NEAR_PLANE_M, type CameraModel, type CameraRig } from '../../core/camera-model.js';
import { quantizeWithNoise } from './noise.js';
import { pixelRays } from './rays.js';
import { drawRoom } from './room-surfaces.js';
import { sceneFromWorld, type Scene } from './scene.js';
import { screenRect } from './screen-rect.js';
import { shade } from './shading.js';

/**
 * The CPU renderer: one ray per pixel. The room box (floor, walls, ceiling) is intersected
 * analytically for every pixel; each solid is then ray-cast only inside its projected screen
 * rectangle with a depth test, which keeps a 320×240 frame at a few milliseconds. A shading
 * pass applies textures, floor patches, Lambert light from the ceiling lamp plus ambient, soft
 * floor shadows, and finally sensor noise from the injected rng.
 */

/** Bumped whenever the renderer's output for the same inputs changes (recorded in datasets). */
export const RENDERER_VERSION = 1;

export interface RenderOptions {
  /** Source of the sensor noise; one draw per frame, so consecutive frames differ. Pass a
   *  stream dedicated to the camera (e.g. `rng.fork('camera')`). */
  rng: Rng;
  /** Robot time of capture, seconds (copied into the frame). */
  time?: number;
  camera?: CameraRig;
}

export interface RenderResult {
  frame: CameraFrame;
  /** Per pixel: index into `scene.objects` of the object seen there, or -1. */
  objectIds: Int16Array;
  /** Per scene object: pixels it would cover with nothing in front of it (inside the image). */
  unoccludedPixels: Int32Array;
  scene: Scene;
  model: CameraModel;
}

interface Scratch {
  depth: Float64Array;
  surface: Uint8Array;
  solidIds: Int16Array;
  normals: Float32Array;
  radiance: Float32Array;
}
/** Working buffers reused across frames of the same size: allocating ~2 MB per frame made the
 *  garbage collector a visible share of render time. Nothing returned to callers aliases them. */
let scratch: Scratch | null = null;

function scratchBuffers(n: number): Scratch {
  if (!scratch || scratch.depth.length !== n) {
    scratch = {
      depth: new Float64Array(n),
      surface: new Uint8Array(n),
      solidIds: new Int16Array(n),
      normals: new Float32Array(n * 3),
      radiance: new Float32Array(n * 3),
    };
  }
  return scratch;
}

/** Renders what the robot's camera sees in a world, held objects excluded. */
export function renderFrame(world: World, pose: Pose, opts: RenderOptions): CameraFrame {
  return renderWorld(world, pose, opts).frame;
}

/** Like `renderFrame`, with the object-id buffer ground-truth labelling needs. */
export function renderWorld(world: World, pose: Pose, opts: RenderOptions): RenderResult {
  return renderScene(sceneFromWorld(world), pose, { ...opts, camera: opts.camera ?? world.config.camera });
}

export function renderScene(scene: Scene, pose: Pose, opts: RenderOptions): RenderResult {
  const camera = opts.camera ?? DEFAULT_ROBOT_CONFIG.camera;
  const model = cameraModel(camera, pose);
  const W = model.width;
  const H = model.height;
  const N = W * H;
  const { depth, surface, solidIds, normals, radiance } = scratchBuffers(N);
  solidIds.fill(-1);

  const rays = pixelRays(model);
  const { colX, colY, colZ, rowX, rowY, rowZ } = rays;
  drawRoom(scene, model, rays, depth, surface);

  const unoccludedPixels = new Int32Array(scene.objects.length);
  // Written with the depth test below (the nearest solid's object, or -1), rather than by a pass
  // over every pixel afterwards.
  const objectIds = new Int16Array(N).fill(-1);
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

  shade(scene, model, rays, depth, surface, solidIds, normals, radiance);
  const rgb = new Uint8Array(N * 3);
  quantizeWithNoise(radiance, rgb, scene.noiseSigma, opts.rng);

  const frame: CameraFrame = {
    width: W,
    height: H,
    rgb,
    pose: { x: pose.x, y: pose.y, heading: pose.heading },
    camera: { ...camera },
    time: opts.time ?? 0,
  };
  return { frame, objectIds, unoccludedPixels, scene, model };
}
