import { projectPoint, type CameraModel, type Vec3 } from '../core/camera-model.js';
import { objectHeight } from '../core/objects.js';
import type { Box } from './types.js';

/**
 * The objects' solids as point sets whose projected bounding box is the object's image box —
 * the same solids the renderer draws: a cube (edge = size), a ball (diameter = size) and an
 * upright cylinder (diameter = size, height from `objectHeight`), all resting on the floor.
 */
export type ObjectShapeKind = 'cube' | 'ball' | 'cylinder';

export interface ObjectPlacement {
  shape: ObjectShapeKind;
  size: number;
  x: number;
  y: number;
  yaw?: number;
}

const RING = 24;
const LAT = 12;
const UNIT_CIRCLE = Array.from({ length: RING }, (_, i) => [Math.cos((2 * Math.PI * i) / RING), Math.sin((2 * Math.PI * i) / RING)] as const);
/** Unit sphere samples: a latitude–longitude grid plus the poles. */
const UNIT_SPHERE: Array<readonly [number, number, number]> = (() => {
  const pts: Array<readonly [number, number, number]> = [
    [0, 0, 1],
    [0, 0, -1],
  ];
  for (let i = 1; i < LAT; i++) {
    const phi = -Math.PI / 2 + (Math.PI * i) / LAT;
    for (const [c, s] of UNIT_CIRCLE) pts.push([Math.cos(phi) * c, Math.cos(phi) * s, Math.sin(phi)]);
  }
  return pts;
})();

/** Points on the object's hull in world coordinates (z up from the floor). */
export function objectHullPoints(o: ObjectPlacement): Vec3[] {
  const r = o.size / 2;
  if (o.shape === 'ball') return UNIT_SPHERE.map(([a, b, c]) => ({ x: o.x + a * r, y: o.y + b * r, z: r + c * r }));
  if (o.shape === 'cylinder') {
    const h = objectHeight('cylinder', o.size);
    const pts: Vec3[] = [];
    for (const [c, s] of UNIT_CIRCLE) pts.push({ x: o.x + c * r, y: o.y + s * r, z: 0 }, { x: o.x + c * r, y: o.y + s * r, z: h });
    return pts;
  }
  const yaw = o.yaw ?? 0;
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  const pts: Vec3[] = [];
  for (const a of [-r, r]) for (const b of [-r, r]) for (const z of [0, o.size]) pts.push({ x: o.x + a * c - b * s, y: o.y + a * s + b * c, z });
  return pts;
}

/** The object's image box, unclipped (it may extend past the image); null if any of it is behind the lens. */
export function projectObjectBox(model: CameraModel, o: ObjectPlacement): Box | null {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const p of objectHullPoints(o)) {
    const px = projectPoint(model, p);
    if (!px || px.depth < 0.05) return null;
    if (px.u < x1) x1 = px.u;
    if (px.u > x2) x2 = px.u;
    if (px.v < y1) y1 = px.v;
    if (px.v > y2) y2 = px.v;
  }
  return { x1, y1, x2, y2 };
}

export function clipBox(b: Box, width: number, height: number): Box {
  const cx = (v: number) => Math.min(Math.max(v, 0), width);
  const cy = (v: number) => Math.min(Math.max(v, 0), height);
  return { x1: cx(b.x1), y1: cy(b.y1), x2: cx(b.x2), y2: cy(b.y2) };
}
