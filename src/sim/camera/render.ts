import type { CameraFrame } from '../../core/camera-frame.js';
import type { Pose } from '../../core/geometry.js';
import type { Rng } from '../../core/rng.js';
import { DEFAULT_ROBOT_CONFIG } from '../robot-config.js';
import type { World } from '../world.js';
import { intersector } from './intersect.js';
import { cameraModel, NEAR_PLANE_M, type CameraModel, type CameraRig } from '../../core/camera-model.js';
import { quantizeWithNoise } from './noise.js';
import { sceneFromWorld, type Scene, type Solid } from './scene.js';
import { floorShadow, shadowCasters } from './shadow.js';
import { textureFactor } from './texture.js';

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

// Background surface kinds in the per-pixel buffer.
const FLOOR = 0;
const WALL_X0 = 1;
const WALL_X1 = 2;
const WALL_Y0 = 3;
const WALL_Y1 = 4;
const CEILING = 5;
const NOTHING = 6;

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

  // Per-column and per-row offsets of the ray from the optical axis.
  const colA = new Float64Array(W);
  const rowB = new Float64Array(H);
  for (let i = 0; i < W; i++) colA[i] = (i + 0.5 - model.cx) / model.focal;
  for (let j = 0; j < H; j++) rowB[j] = (j + 0.5 - model.cy) / model.focal;
  const { origin: o, forward: f, right: r, up: u } = model;

  drawRoom(scene, model, colA, rowB, depth, surface);

  const unoccludedPixels = new Int32Array(scene.objects.length);
  const n = new Float64Array(3);
  const { x: ox, y: oy, z: oz } = o;
  scene.solids.forEach((solid, k) => {
    const rect = screenRect(solid, model);
    if (!rect) return;
    const hit = intersector(solid);
    const obj = solid.objectIndex;
    for (let j = rect.j0; j < rect.j1; j++) {
      const b = rowB[j]!;
      for (let i = rect.i0; i < rect.i1; i++) {
        const a = colA[i]!;
        const dx = f.x + a * r.x - b * u.x;
        const dy = f.y + a * r.y - b * u.y;
        const dz = f.z + a * r.z - b * u.z;
        const t = hit(ox, oy, oz, dx, dy, dz, n);
        if (!(t > NEAR_PLANE_M && t < Infinity)) continue;
        if (obj >= 0) unoccludedPixels[obj]!++;
        const p = j * W + i;
        if (t < depth[p]!) {
          depth[p] = t;
          solidIds[p] = k;
          normals[3 * p] = n[0]!;
          normals[3 * p + 1] = n[1]!;
          normals[3 * p + 2] = n[2]!;
        }
      }
    }
  });

  shade(scene, model, colA, rowB, depth, surface, solidIds, normals, radiance);
  const rgb = new Uint8Array(N * 3);
  quantizeWithNoise(radiance, rgb, scene.noiseSigma, opts.rng);

  const objectIds = new Int16Array(N);
  for (let p = 0; p < N; p++) {
    const k = solidIds[p]!;
    objectIds[p] = k >= 0 ? scene.solids[k]!.objectIndex : -1;
  }
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

/** Floor, four walls and ceiling of the room box around the camera. */
function drawRoom(scene: Scene, model: CameraModel, colA: Float64Array, rowB: Float64Array, depth: Float64Array, surface: Uint8Array): void {
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

/** The pixel rectangle [i0, i1) × [j0, j1) that a solid can cover, or null if off-screen. */
function screenRect(s: Solid, model: CameraModel): { i0: number; i1: number; j0: number; j1: number } | null {
  let ex: number;
  let ey: number;
  let top: number;
  if (s.kind === 'box') {
    const c = Math.abs(Math.cos(s.yaw));
    const sn = Math.abs(Math.sin(s.yaw));
    ex = s.halfX * c + s.halfY * sn;
    ey = s.halfX * sn + s.halfY * c;
    top = s.height;
  } else if (s.kind === 'sphere') {
    ex = ey = s.radius;
    top = 2 * s.radius;
  } else {
    ex = ey = s.radius;
    top = s.height;
  }
  // Corners in camera coordinates (right, up, depth).
  const cx: number[] = [];
  const cy: number[] = [];
  const cz: number[] = [];
  const { origin: o, forward: f, right: r, up: u } = model;
  for (let c = 0; c < 8; c++) {
    const dx = s.x + (c & 1 ? ex : -ex) - o.x;
    const dy = s.y + (c & 2 ? ey : -ey) - o.y;
    const dz = (c & 4 ? top : 0) - o.z;
    cx.push(dx * r.x + dy * r.y + dz * r.z);
    cy.push(dx * u.x + dy * u.y + dz * u.z);
    cz.push(dx * f.x + dy * f.y + dz * f.z);
  }
  let uMin = Infinity;
  let uMax = -Infinity;
  let vMin = Infinity;
  let vMax = -Infinity;
  const add = (x: number, y: number, z: number) => {
    const uu = model.cx + (model.focal * x) / z;
    const vv = model.cy - (model.focal * y) / z;
    uMin = Math.min(uMin, uu);
    uMax = Math.max(uMax, uu);
    vMin = Math.min(vMin, vv);
    vMax = Math.max(vMax, vv);
  };
  for (let c = 0; c < 8; c++) if (cz[c]! >= NEAR_PLANE_M) add(cx[c]!, cy[c]!, cz[c]!);
  // Edges crossing the near plane are clipped there, so a solid partly behind the lens still
  // gets a tight (if large) rectangle instead of the whole image.
  for (let a = 0; a < 8; a++) {
    for (const bit of [1, 2, 4]) {
      const b = a | bit;
      if (b === a) continue;
      const za = cz[a]!;
      const zb = cz[b]!;
      if ((za < NEAR_PLANE_M) === (zb < NEAR_PLANE_M)) continue;
      const w = (NEAR_PLANE_M - za) / (zb - za);
      add(cx[a]! + w * (cx[b]! - cx[a]!), cy[a]! + w * (cy[b]! - cy[a]!), NEAR_PLANE_M);
    }
  }
  if (uMin === Infinity) return null;
  const i0 = Math.max(0, Math.floor(uMin) - 1);
  const i1 = Math.min(model.width, Math.ceil(uMax) + 1);
  const j0 = Math.max(0, Math.floor(vMin) - 1);
  const j1 = Math.min(model.height, Math.ceil(vMax) + 1);
  return i0 < i1 && j0 < j1 ? { i0, i1, j0, j1 } : null;
}

/** Linear radiance per channel (0..1, may exceed 1 in bright light) for every pixel. */
function shade(
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
