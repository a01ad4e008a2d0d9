import type { Pose } from '../../core/geometry.js';
import type { Rng } from '../../core/rng.js';
import { DEFAULT_ROBOT_CONFIG } from '../robot-config.js';
import { type CameraConfig } from '../../core/camera-frame.js';
import { OBJECT_COLORS, OBJECT_SHAPES } from '../../core/objects.js';
import type { CameraRig } from '../../core/camera-model.js';
import { OBJECT_ALBEDO, normalize, objectSolid, type FloorPatch, type Rgb, type Scene, type SceneObject, type Solid, type Surface, type SurfaceTexture } from './scene.js';
import { objectHeight } from '../../core/objects.js';

/**
 * Domain randomization: random rooms for detector training. Each view is a room with random
 * wall/floor colours and textures, lighting level and direction, a jittered camera, the 12 object
 * classes at random sizes, yaws and distances (mostly 0.4–4.5 m ahead, in view), occluding boxes,
 * and distractors that are not objects (furniture, boxes, balls and cylinders in colours outside
 * the four classes, flat coloured floor patches). About one view in twelve has no object at all.
 * Everything is drawn from the given rng, so a seed fixes the view.
 */

export interface RandomView {
  scene: Scene;
  pose: Pose;
  camera: CameraRig;
}

/** Colours that are not object classes — for distractor solids. */
const DISTRACTOR_COLORS: Record<string, Rgb> = {
  grey: [0.5, 0.5, 0.5],
  darkgrey: [0.22, 0.22, 0.23],
  brown: [0.42, 0.27, 0.15],
  white: [0.9, 0.9, 0.88],
  orange: [0.93, 0.45, 0.08],
  purple: [0.45, 0.18, 0.6],
  pink: [0.92, 0.55, 0.7],
  cyan: [0.25, 0.7, 0.78],
};

const ROBOT_CLEARANCE_M = 0.45;

export function randomView(rng: Rng, base: CameraConfig = DEFAULT_ROBOT_CONFIG.camera): RandomView {
  const room = { width: rng.range(4, 14), depth: rng.range(4, 14), wallHeight: rng.range(1.8, 2.6) };
  const camera: CameraRig = {
    ...base,
    height: base.height + clamp(rng.normal(0.015), -0.04, 0.04),
    pitchDeg: base.pitchDeg + rng.range(-3, 3),
    rollDeg: rng.range(-2, 2),
  };
  const rx = rng.range(0.5, room.width - 0.5);
  const ry = rng.range(0.5, room.depth - 0.5);
  // Most views look towards the room centre, so far objects (3–4.5 m) fit in the room often;
  // the others look anywhere with at least 1.5 m of floor ahead (a few tries, then accept).
  let heading = 0;
  for (let tries = 0; tries < 6; tries++) {
    heading = rng.next() < 0.7 ? Math.atan2(room.depth / 2 - ry, room.width / 2 - rx) + rng.range(-1, 1) : rng.range(-Math.PI, Math.PI);
    if (distanceToWall(room, rx, ry, heading) > 1.5) break;
  }
  const pose: Pose = { x: rx, y: ry, heading };
  const lens = { x: pose.x + camera.forward * Math.cos(pose.heading), y: pose.y + camera.forward * Math.sin(pose.heading) };
  const halfFov = (base.hfovDeg * Math.PI) / 360;

  const plain = rng.next() < 0.35;
  const floor = randomSurface(rng, plain, 'floor');
  const wall = randomSurface(rng, plain, 'wall');
  const ceiling: Surface = { albedo: grey(rng.range(0.55, 0.9)), texture: { kind: 'plain' } };
  // Log-uniform brightness: dim rooms are as common as bright ones.
  const brightness = Math.exp(rng.range(Math.log(0.25), Math.log(1.6)));
  const lighting = {
    brightness,
    ambient: rng.range(0.3, 0.75),
    direction: normalize({ x: rng.range(-0.6, 0.6), y: rng.range(-0.6, 0.6), z: 1 }),
  };

  const solids: Solid[] = [];
  const footprints: { x: number; y: number; r: number }[] = [{ x: pose.x, y: pose.y, r: ROBOT_CLEARANCE_M }];
  const free = (x: number, y: number, r: number) =>
    x - r > 0.02 && y - r > 0.02 && x + r < room.width - 0.02 && y + r < room.depth - 0.02 &&
    footprints.every((f) => Math.hypot(f.x - x, f.y - y) > f.r + r + 0.01);
  /** A point at distance d and bearing b from the lens (b = 0 straight ahead). */
  const ahead = (d: number, b: number) => ({ x: lens.x + d * Math.cos(pose.heading + b), y: lens.y + d * Math.sin(pose.heading + b) });

  // Furniture: large boxes anywhere in the room, sometimes in view.
  for (let n = rng.int(0, 4), tries = 0; n > 0 && tries < 30; tries++) {
    const hx = rng.range(0.15, 0.8);
    const hy = rng.range(0.15, 0.8);
    const p = rng.next() < 0.5 ? ahead(rng.range(1, 6), rng.range(-halfFov, halfFov)) : { x: rng.range(0, room.width), y: rng.range(0, room.depth) };
    const r = Math.hypot(hx, hy);
    if (!free(p.x, p.y, r)) continue;
    solids.push({ kind: 'box', x: p.x, y: p.y, halfX: hx, halfY: hy, height: rng.range(0.3, 1.6), yaw: rng.next() < 0.7 ? 0 : rng.range(0, Math.PI), albedo: furnitureColor(rng), objectIndex: -1 });
    footprints.push({ x: p.x, y: p.y, r });
    n--;
  }

  // Objects of the 12 classes, mostly in the field of view.
  const objects: SceneObject[] = [];
  const objectCount = rng.next() < 0.06 ? 0 : rng.int(1, 9);
  for (let tries = 0; objects.length < objectCount && tries < 60; tries++) {
    const color = rng.pick(OBJECT_COLORS);
    const shape = rng.pick(OBJECT_SHAPES);
    const size = rng.range(0.08, 0.16);
    const inView = rng.next() < 0.85;
    // √U spreads objects evenly over the visible floor area, so far (small) objects are common.
    const p = inView ? ahead(0.4 + 4.4 * Math.sqrt(rng.next()), rng.range(-halfFov - 0.08, halfFov + 0.08)) : { x: rng.range(0, room.width), y: rng.range(0, room.depth) };
    const r = size * 0.72;
    if (!free(p.x, p.y, r)) continue;
    const o: SceneObject = { id: `obj${objects.length}`, color, shape, size, x: p.x, y: p.y, yaw: rng.range(0, Math.PI / 2) };
    solids.push(objectSolid(o, jitterColor(rng, OBJECT_ALBEDO[color], 0.12), objects.length));
    objects.push(o);
    footprints.push({ x: p.x, y: p.y, r });
  }

  // Occluders: low boxes between the camera and some objects, offset so they hide part of it.
  for (const o of objects) {
    if (rng.next() > 0.3) continue;
    const d = Math.hypot(o.x - lens.x, o.y - lens.y);
    if (d < 0.8) continue;
    const along = rng.range(0.3, 0.85) * d;
    const b = Math.atan2(o.y - lens.y, o.x - lens.x) - pose.heading;
    const hx = rng.range(0.05, 0.3);
    const hy = rng.range(0.05, 0.3);
    const lateral = rng.range(-1, 1) * (Math.max(hx, hy) + o.size / 2) * 0.8;
    const c = ahead(along, b);
    const x = c.x - lateral * Math.sin(pose.heading + b);
    const y = c.y + lateral * Math.cos(pose.heading + b);
    const r = Math.hypot(hx, hy);
    if (!free(x, y, r)) continue;
    const height = rng.range(0.4, 1.3) * objectHeight(o.shape, o.size) * (along / d) + rng.range(0, 0.15);
    solids.push({ kind: 'box', x, y, halfX: hx, halfY: hy, height, yaw: rng.range(0, Math.PI), albedo: furnitureColor(rng), objectIndex: -1 });
    footprints.push({ x, y, r });
  }

  // Distractor solids: object-sized things that are not objects.
  for (let n = rng.int(0, 5), tries = 0; n > 0 && tries < 40; tries++) {
    const size = rng.range(0.06, 0.3);
    const p = rng.next() < 0.8 ? ahead(rng.range(0.5, 5), rng.range(-halfFov, halfFov)) : { x: rng.range(0, room.width), y: rng.range(0, room.depth) };
    const r = size * 0.72;
    if (!free(p.x, p.y, r)) continue;
    const albedo = jitterColor(rng, DISTRACTOR_COLORS[rng.pick(Object.keys(DISTRACTOR_COLORS))]!, 0.1);
    const kind = rng.pick(['box', 'sphere', 'cylinder'] as const);
    if (kind === 'box') solids.push({ kind, x: p.x, y: p.y, halfX: size / 2, halfY: (size / 2) * rng.range(0.6, 1.4), height: size * rng.range(0.5, 1.5), yaw: rng.range(0, Math.PI), albedo, objectIndex: -1 });
    else if (kind === 'sphere') solids.push({ kind, x: p.x, y: p.y, radius: size / 2, albedo, objectIndex: -1 });
    else solids.push({ kind, x: p.x, y: p.y, radius: size / 2, height: size * rng.range(0.6, 2), albedo, objectIndex: -1 });
    footprints.push({ x: p.x, y: p.y, r });
    n--;
  }

  // Flat floor patches (zones, mats, tape), any colour including the object colours.
  const patches: FloorPatch[] = [];
  for (let n = rng.int(0, 4); n > 0; n--) {
    const c = rng.next() < 0.7 ? ahead(rng.range(0.5, 5), rng.range(-halfFov, halfFov)) : { x: rng.range(0, room.width), y: rng.range(0, room.depth) };
    const w = rng.range(0.15, 2);
    const h = rng.range(0.15, 2);
    const albedo = rng.next() < 0.3 ? jitterColor(rng, OBJECT_ALBEDO[rng.pick(OBJECT_COLORS)], 0.2) : hsv(rng.range(0, 1), rng.range(0, 0.6), rng.range(0.3, 0.9));
    patches.push({ minX: c.x - w / 2, maxX: c.x + w / 2, minY: c.y - h / 2, maxY: c.y + h / 2, albedo });
  }

  const scene: Scene = { room, floor, wall, ceiling, patches, solids, objects, lighting, noiseSigma: rng.range(1, 5) };
  return { scene, pose, camera };
}

function distanceToWall(room: { width: number; depth: number }, x: number, y: number, heading: number): number {
  const dx = Math.cos(heading);
  const dy = Math.sin(heading);
  const tx = dx > 0 ? (room.width - x) / dx : dx < 0 ? -x / dx : Infinity;
  const ty = dy > 0 ? (room.depth - y) / dy : dy < 0 ? -y / dy : Infinity;
  return Math.min(tx, ty);
}

function randomSurface(rng: Rng, plain: boolean, which: 'floor' | 'wall'): Surface {
  // Plain rooms look like the built-in scenarios: greys and beiges.
  const albedo = plain
    ? hsv(rng.range(0.05, 0.15), rng.range(0, 0.15), which === 'floor' ? rng.range(0.45, 0.75) : rng.range(0.6, 0.85))
    : hsv(rng.range(0, 1), rng.range(0, 0.55), rng.range(0.25, 0.9));
  return { albedo, texture: plain ? { kind: 'plain' } : randomTexture(rng) };
}

function randomTexture(rng: Rng): SurfaceTexture {
  const kind = rng.pick(['plain', 'noise', 'stripes', 'tiles'] as const);
  const contrast = rng.range(0.05, 0.3);
  switch (kind) {
    case 'plain':
      return { kind };
    case 'noise':
      return { kind, scale: rng.range(0.05, 1), contrast, seed: rng.int(0, 1 << 30) };
    case 'stripes':
      return { kind, period: rng.range(0.1, 1.2), angle: rng.range(0, Math.PI), contrast };
    case 'tiles':
      return { kind, size: rng.range(0.2, 1), grout: rng.range(0.005, 0.03), contrast, seed: rng.int(0, 1 << 30) };
  }
}

/** Furniture and occluder colours: woods, greys, muted paints — never an object colour. */
function furnitureColor(rng: Rng): Rgb {
  if (rng.next() < 0.6) return hsv(rng.range(0.05, 0.12), rng.range(0.2, 0.6), rng.range(0.25, 0.7));
  return hsv(rng.range(0, 1), rng.range(0, 0.3), rng.range(0.2, 0.9));
}

function grey(v: number): Rgb {
  return [v, v, v];
}

function jitterColor(rng: Rng, c: Rgb, amount: number): Rgb {
  const j = (v: number) => clamp(v * (1 + rng.range(-amount, amount)), 0, 1);
  return [j(c[0]), j(c[1]), j(c[2])];
}

function hsv(h: number, s: number, v: number): Rgb {
  const i = Math.floor(h * 6);
  const f = h * 6 - i;
  const p = v * (1 - s);
  const q = v * (1 - f * s);
  const t = v * (1 - (1 - f) * s);
  switch (((i % 6) + 6) % 6) {
    case 0: return [v, t, p];
    case 1: return [q, v, p];
    case 2: return [p, v, t];
    case 3: return [p, q, v];
    case 4: return [t, p, v];
    default: return [v, p, q];
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}
