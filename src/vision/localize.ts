import { normalizeAngle, type Pose } from '../core/geometry.js';
import { cameraModel, pixelRay, pixelToPlane, type CameraModel, type CameraRig } from '../core/camera-model.js';
import { projectObjectBox, type ObjectShapeKind } from './object-geometry.js';
import { splitLabel } from '../core/names.js';
import type { Box } from './types.js';

/**
 * Detection → object position on the floor, in world coordinates.
 *
 * Objects rest on the floor. A first estimate casts the ray through the bottom-centre of the box
 * to the floor and steps past the visible bottom edge to the object's centre (half a size for a
 * cube face or a cylinder, almost nothing for a ball, whose lowest silhouette point is near its
 * contact point). It is then refined by fitting the object's solid model (shape from the label,
 * size from a per-class prior) so that its projected box matches the detected one: a small
 * Gauss–Newton over (x, y) on the four box edges, each weighted by its pixel noise plus what the
 * size prior cannot know (size spread, a cube's unknown yaw). The bottom edge dominates near the
 * robot, the box size far away; edges cut by the image border are left out.
 */
export interface LocalizeOptions {
  /** Object size prior in metres, for all classes or per label (default 0.12). */
  sizePrior?: number | Record<string, number>;
  /** Noise of the detector's box edges, pixels (σ). */
  edgeSigmaPx?: number;
  /** Spread of true object sizes around the prior, metres (σ). */
  sizeSigmaM?: number;
}

export interface FrameView {
  pose: Pose;
  camera: CameraRig;
  /** Image size the box is given in (defaults to the camera's). */
  width?: number;
  height?: number;
}

export interface Localization {
  x: number;
  y: number;
  /** Distance from the robot base centre, metres. */
  rangeM: number;
  /** Direction from the robot's heading, radians, counter-clockwise positive. */
  bearingRad: number;
  /** How it was found: model fit, bottom-edge floor ray only, or box size only. */
  method: 'fit' | 'ground' | 'size';
}

export const DEFAULT_OBJECT_SIZE = 0.12;
const CENTRE_OFFSET: Record<ObjectShapeKind, number> = { cube: 0.6, cylinder: 0.5, ball: 0.08 };
const CUBE_RELATIVE_YAWS = [0, Math.PI / 16, Math.PI / 8, (3 * Math.PI) / 16, Math.PI / 4];

export function sizePriorFor(label: string, prior: LocalizeOptions['sizePrior']): number {
  if (typeof prior === 'number') return prior;
  return prior?.[label] ?? prior?.default ?? DEFAULT_OBJECT_SIZE;
}

function shapeOf(label: string): ObjectShapeKind | null {
  const parts = splitLabel(label);
  if (parts) return parts.shape;
  const m = /(cube|ball|cylinder)$/.exec(label);
  return m ? (m[1] as ObjectShapeKind) : null;
}

export function localizeDetection(det: { label: string; box: Box }, view: FrameView, opts: LocalizeOptions = {}): Localization | null {
  const width = view.width ?? view.camera.width;
  const height = view.height ?? view.camera.heightPx;
  const model = cameraModel({ ...view.camera, width, heightPx: height }, view.pose);
  const shape = shapeOf(det.label);
  const size = sizePriorFor(det.label, opts.sizePrior);
  const b = det.box;
  if (!(b.x2 - b.x1 >= 1 && b.y2 - b.y1 >= 1)) return null;
  const uc = (b.x1 + b.x2) / 2;
  const cut = cutEdges(b, width, height);

  // First estimate: bottom edge on the floor, else the box size.
  let method: Localization['method'] = 'ground';
  let est: { x: number; y: number } | null = null;
  const floor = cut.y2 ? null : pixelToPlane(model, uc, b.y2, 0);
  if (floor) {
    const dx = floor.x - model.origin.x;
    const dy = floor.y - model.origin.y;
    const n = Math.hypot(dx, dy) || 1;
    const off = shape ? CENTRE_OFFSET[shape] * size : 0;
    est = { x: floor.x + (dx / n) * off, y: floor.y + (dy / n) * off };
  } else if (shape) {
    est = sizeEstimate(model, b, size, cut);
    method = 'size';
  }
  if (!est) return null;

  if (shape) {
    const fit = fitObject({ model, box: b, cut, shape, size, start: est }, opts);
    if (fit && Math.hypot(fit.x - est.x, fit.y - est.y) < 1.5) {
      est = { x: fit.x, y: fit.y };
      method = 'fit';
    }
  }
  const dx = est.x - view.pose.x;
  const dy = est.y - view.pose.y;
  return { x: est.x, y: est.y, rangeM: Math.hypot(dx, dy), bearingRad: normalizeAngle(Math.atan2(dy, dx) - view.pose.heading), method };
}

/** Which box edges lie on the image border (the object goes on past them). */
export type Cut = Record<'x1' | 'y1' | 'x2' | 'y2', boolean>;

/** A box edge within this many pixels of the image border is taken as cut by it. */
const CUT_EDGE_PX = 0.75;

export function cutEdges(b: Box, width: number, height: number, tolerancePx = CUT_EDGE_PX): Cut {
  return { x1: b.x1 <= tolerancePx, y1: b.y1 <= tolerancePx, x2: b.x2 >= width - tolerancePx, y2: b.y2 >= height - tolerancePx };
}

/** Position from the box's apparent size along the ray through its centre. */
function sizeEstimate(model: CameraModel, b: Box, size: number, cut: Cut): { x: number; y: number } | null {
  const w = b.x2 - b.x1;
  const h = b.y2 - b.y1;
  const px = !cut.x1 && !cut.x2 ? w : !cut.y1 && !cut.y2 ? h : Math.max(w, h);
  if (!(px > 1)) return null;
  const depth = (model.focal * size) / px;
  // The ray has unit optical-axis component, so origin + depth·ray is at that depth.
  const r = pixelRay(model, (b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2);
  return { x: model.origin.x + r.x * depth, y: model.origin.y + r.y * depth };
}

interface FitResult {
  x: number;
  y: number;
  chi2: number;
}

/** One detection to fit: the camera it was seen by, its box and which of its edges the image cut,
 *  the solid it is (shape and size from the label), and where the fit starts. */
interface FitProblem {
  model: CameraModel;
  box: Box;
  cut: Cut;
  shape: ObjectShapeKind;
  size: number;
  start: { x: number; y: number };
}

function fitObject(problem: FitProblem, opts: LocalizeOptions): FitResult | null {
  const yaws = problem.shape === 'cube' ? CUBE_RELATIVE_YAWS : [0];
  let best: FitResult | null = null;
  for (const relYaw of yaws) {
    const r = fitWithYaw(problem, relYaw, opts);
    if (r && (!best || r.chi2 < best.chi2)) best = r;
  }
  return best;
}

function fitWithYaw({ model, box, cut, shape, size, start }: FitProblem, relYaw: number, opts: LocalizeOptions): FitResult | null {
  const sigmaPx = opts.edgeSigmaPx ?? 1.5;
  const sizeSigma = opts.sizeSigmaM ?? 0.012;
  const camX = model.origin.x;
  const camY = model.origin.y;
  const residuals = (x: number, y: number): number[] | null => {
    // A cube's yaw is taken relative to the line of sight, which is what its image depends on.
    const yaw = Math.atan2(y - camY, x - camX) + relYaw;
    const p = projectObjectBox(model, { shape, size, x, y, yaw });
    if (!p) return null;
    const depth = Math.max(0.1, Math.hypot(x - camX, y - camY));
    const sizePx = (model.focal * sizeSigma) / depth;
    const sideSigma = Math.hypot(sigmaPx, sizePx);
    const topSigma = Math.hypot(sigmaPx, 1.5 * sizePx);
    const res: number[] = [];
    if (!cut.x1) res.push((p.x1 - box.x1) / sideSigma);
    if (!cut.x2) res.push((p.x2 - box.x2) / sideSigma);
    if (!cut.y1) res.push((p.y1 - box.y1) / topSigma);
    if (!cut.y2) res.push((p.y2 - box.y2) / sigmaPx);
    return res;
  };
  let x = start.x;
  let y = start.y;
  let r = residuals(x, y);
  if (!r || r.length < 2) return null;
  let chi2 = sumSq(r);
  let lambda = 1e-3;
  const eps = 1e-3;
  for (let iter = 0; iter < 12; iter++) {
    const rx = residuals(x + eps, y);
    const ry = residuals(x, y + eps);
    if (!rx || !ry || rx.length !== r.length || ry.length !== r.length) return null;
    let a11 = 0;
    let a12 = 0;
    let a22 = 0;
    let g1 = 0;
    let g2 = 0;
    for (let i = 0; i < r.length; i++) {
      const jx = (rx[i]! - r[i]!) / eps;
      const jy = (ry[i]! - r[i]!) / eps;
      a11 += jx * jx;
      a12 += jx * jy;
      a22 += jy * jy;
      g1 += jx * r[i]!;
      g2 += jy * r[i]!;
    }
    let improved = false;
    for (let tries = 0; tries < 6 && !improved; tries++) {
      const d11 = a11 * (1 + lambda);
      const d22 = a22 * (1 + lambda);
      const det = d11 * d22 - a12 * a12;
      if (!(Math.abs(det) > 1e-12)) return null;
      let sx = -(d22 * g1 - a12 * g2) / det;
      let sy = -(-a12 * g1 + d11 * g2) / det;
      const step = Math.hypot(sx, sy);
      if (step > 0.5) {
        sx *= 0.5 / step;
        sy *= 0.5 / step;
      }
      const nr = residuals(x + sx, y + sy);
      if (nr && nr.length === r.length && sumSq(nr) <= chi2) {
        x += sx;
        y += sy;
        r = nr;
        const prev = chi2;
        chi2 = sumSq(nr);
        lambda = Math.max(lambda / 10, 1e-6);
        improved = true;
        if (Math.hypot(sx, sy) < 1e-5 || prev - chi2 < 1e-9) return { x, y, chi2 };
      } else {
        lambda *= 10;
      }
    }
    if (!improved) break;
  }
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y, chi2 } : null;
}

function sumSq(r: number[]): number {
  let s = 0;
  for (const v of r) s += v * v;
  return s;
}
