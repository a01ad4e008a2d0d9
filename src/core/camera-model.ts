import type { Pose } from './geometry.js';
import { degToRad } from './geometry.js';
import { type CameraConfig } from './camera-frame.js';

/**
 * The pinhole model of the robot's forward camera, shared by the renderer (pixel → ray), the
 * ground-truth labeller and vision's localization (world point → pixel). World axes: x, y on the
 * floor, z up. Image coordinates are continuous: pixel (i, j) covers [i, i+1) × [j, j+1), so its
 * centre is at (i + 0.5, j + 0.5); u grows to the right, v grows downwards.
 */

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** A camera mount; `rollDeg` exists only for training-data jitter (the real mount has none). */
export interface CameraRig extends CameraConfig {
  /** Rotation about the optical axis, degrees, positive turns the image clockwise. */
  rollDeg?: number;
}

export interface CameraModel {
  width: number;
  height: number;
  /** Lens position in the world. */
  origin: Vec3;
  /** Unit vectors of the camera frame in world axes. */
  forward: Vec3;
  right: Vec3;
  up: Vec3;
  /** Focal length in pixels (square pixels). */
  focal: number;
  /** Principal point (image centre), continuous pixel coordinates. */
  cx: number;
  cy: number;
}

export interface ImagePoint {
  u: number;
  v: number;
  /** Distance along the optical axis, metres. */
  depth: number;
}

/** Points closer than this along the optical axis are treated as behind the camera. */
export const NEAR_PLANE_M = 0.01;

export function cameraModel(camera: CameraRig, pose: Pose): CameraModel {
  const h = pose.heading;
  const p = degToRad(camera.pitchDeg);
  const ch = Math.cos(h);
  const sh = Math.sin(h);
  const cp = Math.cos(p);
  const sp = Math.sin(p);
  const forward = { x: ch * cp, y: sh * cp, z: -sp };
  let right = { x: sh, y: -ch, z: 0 };
  let up = { x: ch * sp, y: sh * sp, z: cp };
  const roll = degToRad(camera.rollDeg ?? 0);
  if (roll !== 0) {
    // Rotating the image clockwise by `roll` turns the camera's right/up anticlockwise about forward.
    const cr = Math.cos(roll);
    const sr = Math.sin(roll);
    const r2 = { x: cr * right.x + sr * up.x, y: cr * right.y + sr * up.y, z: cr * right.z + sr * up.z };
    const u2 = { x: cr * up.x - sr * right.x, y: cr * up.y - sr * right.y, z: cr * up.z - sr * right.z };
    right = r2;
    up = u2;
  }
  const focal = camera.width / 2 / Math.tan(degToRad(camera.hfovDeg) / 2);
  return {
    width: camera.width,
    height: camera.heightPx,
    origin: { x: pose.x + camera.forward * ch, y: pose.y + camera.forward * sh, z: camera.height },
    forward,
    right,
    up,
    focal,
    cx: camera.width / 2,
    cy: camera.heightPx / 2,
  };
}

/** Projects a world point into the image; null when it lies behind the camera. The point may
 *  project outside the image bounds — callers clip as they need. */
export function projectPoint(model: CameraModel, p: Vec3): ImagePoint | null {
  const dx = p.x - model.origin.x;
  const dy = p.y - model.origin.y;
  const dz = p.z - model.origin.z;
  const depth = dx * model.forward.x + dy * model.forward.y + dz * model.forward.z;
  if (depth <= NEAR_PLANE_M) return null;
  const xr = dx * model.right.x + dy * model.right.y + dz * model.right.z;
  const yu = dx * model.up.x + dy * model.up.y + dz * model.up.z;
  return { u: model.cx + (model.focal * xr) / depth, v: model.cy - (model.focal * yu) / depth, depth };
}

/** Convenience form of `projectPoint` taking the mount and robot pose directly. */
export function projectToImage(camera: CameraRig, pose: Pose, point: Vec3): ImagePoint | null {
  return projectPoint(cameraModel(camera, pose), point);
}

/** The ray through image point (u, v): a direction scaled so that its component along the
 *  optical axis is 1, hence `origin + t * dir` is at depth t. */
export function pixelRay(model: CameraModel, u: number, v: number): Vec3 {
  const a = (u - model.cx) / model.focal;
  const b = (v - model.cy) / model.focal;
  const { forward: f, right: r, up } = model;
  return { x: f.x + a * r.x - b * up.x, y: f.y + a * r.y - b * up.y, z: f.z + a * r.z - b * up.z };
}

/** Where the ray through (u, v) meets the horizontal plane at height `z`; null if it never does
 *  in front of the camera. This is the core of floor-plane localization. */
export function pixelToPlane(model: CameraModel, u: number, v: number, z = 0): Vec3 | null {
  const d = pixelRay(model, u, v);
  if (Math.abs(d.z) < 1e-12) return null;
  const t = (z - model.origin.z) / d.z;
  if (!(t > NEAR_PLANE_M)) return null;
  return { x: model.origin.x + t * d.x, y: model.origin.y + t * d.y, z };
}
