import { objectHeight } from '../../core/objects.js';
import { type ObjectColor, type ObjectShape } from '../../core/objects.js';
import type { World, WorldObject } from '../world.js';
import type { Vec3 } from '../../core/camera-model.js';

/**
 * What the camera renders: a room box, floor patches, solids and lighting. Scenario worlds and
 * randomized training rooms both become a `Scene`, so the one renderer draws them the same way.
 * Colours are albedos in 0..1 (a lit surface at brightness 1 looks roughly like its hex colour).
 */

export type Rgb = readonly [number, number, number];

/** Procedural surface textures (multiplicative on the albedo), for domain randomization. */
export type SurfaceTexture =
  | { kind: 'plain' }
  | { kind: 'noise'; scale: number; contrast: number; seed: number }
  | { kind: 'stripes'; period: number; angle: number; contrast: number }
  | { kind: 'tiles'; size: number; grout: number; contrast: number; seed: number };

export interface Surface {
  albedo: Rgb;
  texture: SurfaceTexture;
}

/** A flat coloured rectangle on the floor (zones, training distractor patches). */
export interface FloorPatch {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  albedo: Rgb;
}

/** Solids standing on the floor. `objectIndex` points into `Scene.objects` for the labelled
 *  objects and is -1 for everything else (obstacles, distractors). */
export type Solid =
  | { kind: 'box'; x: number; y: number; halfX: number; halfY: number; height: number; yaw: number; albedo: Rgb; objectIndex: number }
  | { kind: 'sphere'; x: number; y: number; radius: number; albedo: Rgb; objectIndex: number }
  | { kind: 'cylinder'; x: number; y: number; radius: number; height: number; albedo: Rgb; objectIndex: number };

/** A detectable object as the labeller reports it. */
export type SceneObject = Omit<WorldObject, 'heldBy'>;

export interface SceneLighting {
  /** Overall light level (1 = well lit). */
  brightness: number;
  /** Share of the light that is ambient rather than from the ceiling lamp. */
  ambient: number;
  /** Unit vector pointing towards the lamp (mostly +z). */
  direction: Vec3;
}

export interface Scene {
  room: { width: number; depth: number; wallHeight: number };
  floor: Surface;
  wall: Surface;
  ceiling: Surface;
  patches: FloorPatch[];
  solids: Solid[];
  objects: SceneObject[];
  lighting: SceneLighting;
  /** Standard deviation of the sensor noise, in 0..255 pixel units. */
  noiseSigma: number;
}

/** Albedo of each object colour: saturated paints, chosen far apart in hue so they stay apart
 *  in dim light. */
export const OBJECT_ALBEDO: Record<ObjectColor, Rgb> = {
  red: [0.78, 0.1, 0.09],
  green: [0.13, 0.58, 0.2],
  blue: [0.12, 0.25, 0.8],
  yellow: [0.9, 0.78, 0.12],
};

export const WALL_HEIGHT_M = 2.0;
export const DEFAULT_NOISE_SIGMA = 2.0;
const CEILING_ALBEDO: Rgb = [0.82, 0.82, 0.8];
/** The ceiling lamp is a little off the vertical so objects get a lit and a shaded side. */
export const DEFAULT_LIGHT_DIRECTION: Vec3 = normalize({ x: 0.3, y: 0.2, z: 1 });

export function normalize(v: Vec3): Vec3 {
  const n = Math.hypot(v.x, v.y, v.z) || 1;
  return { x: v.x / n, y: v.y / n, z: v.z / n };
}

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}


/** The solid that draws an object of the given shape. */
export function objectSolid(
  o: { shape: ObjectShape; size: number; x: number; y: number; yaw: number },
  albedo: Rgb,
  objectIndex: number,
): Solid {
  const r = o.size / 2;
  if (o.shape === 'cube') return { kind: 'box', x: o.x, y: o.y, halfX: r, halfY: r, height: o.size, yaw: o.yaw, albedo, objectIndex };
  if (o.shape === 'ball') return { kind: 'sphere', x: o.x, y: o.y, radius: r, albedo, objectIndex };
  return { kind: 'cylinder', x: o.x, y: o.y, radius: r, height: objectHeight('cylinder', o.size), albedo, objectIndex };
}

/**
 * The scene a world shows its camera. A held object is not drawn: the gripper carries it below
 * the lens, outside the field of view, and the detector must not report it as lying in the room.
 */
export function sceneFromWorld(world: World): Scene {
  const light = world.scenario.lighting;
  const visible: WorldObject[] = world.objects.filter((o) => o.heldBy === null);
  const objects: SceneObject[] = visible.map((o) => ({ id: o.id, color: o.color, shape: o.shape, size: o.size, x: o.x, y: o.y, yaw: o.yaw }));
  const solids: Solid[] = world.map.obstacles.map((b) => ({
    kind: 'box' as const,
    x: (b.minX + b.maxX) / 2,
    y: (b.minY + b.maxY) / 2,
    halfX: (b.maxX - b.minX) / 2,
    halfY: (b.maxY - b.minY) / 2,
    height: b.height,
    yaw: 0,
    albedo: hexToRgb(b.color),
    objectIndex: -1,
  }));
  objects.forEach((o, i) => solids.push(objectSolid(o, OBJECT_ALBEDO[o.color], i)));
  return {
    room: { width: world.map.width, depth: world.map.depth, wallHeight: WALL_HEIGHT_M },
    floor: { albedo: hexToRgb(light.floorColor), texture: { kind: 'plain' } },
    wall: { albedo: hexToRgb(light.wallColor), texture: { kind: 'plain' } },
    ceiling: { albedo: CEILING_ALBEDO, texture: { kind: 'plain' } },
    patches: world.map.zones.map((z) => ({ minX: z.minX, minY: z.minY, maxX: z.maxX, maxY: z.maxY, albedo: hexToRgb(z.color) })),
    solids,
    objects,
    lighting: { brightness: light.brightness, ambient: light.ambient, direction: DEFAULT_LIGHT_DIRECTION },
    noiseSigma: DEFAULT_NOISE_SIGMA,
  };
}
