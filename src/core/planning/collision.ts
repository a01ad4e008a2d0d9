import type { Rect, Vec2 } from '../geometry.js';
import type { FloorObject } from '../objects.js';
import { type StaticMap } from '../map.js';

/**
 * Exact clearance queries against everything a robot can bump into: the room walls, obstacle
 * boxes and objects lying on the floor (the held object travels with the robot and is skipped).
 * Objects have their true footprints: a cube is a square turned by its yaw, a ball or a cylinder
 * a disc. These run every physics step, so the per-step ones take plain numbers and allocate
 * nothing.
 */

export type SurfaceKind = 'wall' | 'obstacle' | 'object';

export interface NearestSurface {
  /** Metres from the query to the surface; 0 when the query point is inside it. */
  distance: number;
  kind: SurfaceKind;
  /** Wall side ('west' | 'east' | 'south' | 'north'), obstacle id or object id. */
  id: string;
}

/** Radius of the circle enclosing an object's footprint (a cube counts by its corners). */
export function footprintRadius(o: Pick<FloorObject, 'shape' | 'size'>): number {
  return o.shape === 'cube' ? (o.size * Math.SQRT2) / 2 : o.size / 2;
}

function distanceToRectXY(r: Rect, x: number, y: number): number {
  const dx = Math.max(r.minX - x, 0, x - r.maxX);
  const dy = Math.max(r.minY - y, 0, y - r.maxY);
  return Math.sqrt(dx * dx + dy * dy);
}

/** Distance from (x, y) to an object's footprint; 0 inside it. */
export function objectDistance(o: FloorObject, x: number, y: number): number {
  const dx = x - o.x;
  const dy = y - o.y;
  const half = o.size / 2;
  if (o.shape !== 'cube') return Math.max(0, Math.sqrt(dx * dx + dy * dy) - half);
  // Into the cube's own frame, where it is an axis-aligned square.
  const c = Math.cos(o.yaw);
  const s = Math.sin(o.yaw);
  const u = Math.abs(dx * c + dy * s) - half;
  const v = Math.abs(-dx * s + dy * c) - half;
  const pu = u > 0 ? u : 0;
  const pv = v > 0 ? v : 0;
  return Math.sqrt(pu * pu + pv * pv);
}

/** Closest distance between the segment (ax, ay)→(bx, by) and an object's footprint. */
function segmentObjectDistance(o: FloorObject, ax: number, ay: number, bx: number, by: number): number {
  if (o.shape !== 'cube') return Math.max(0, pointSegmentDistance(o.x, o.y, ax, ay, bx, by) - o.size / 2);
  const c = Math.cos(o.yaw);
  const s = Math.sin(o.yaw);
  const half = o.size / 2;
  const square: Rect = { minX: -half, minY: -half, maxX: half, maxY: half };
  const au = (ax - o.x) * c + (ay - o.y) * s;
  const av = -(ax - o.x) * s + (ay - o.y) * c;
  const bu = (bx - o.x) * c + (by - o.y) * s;
  const bv = -(bx - o.x) * s + (by - o.y) * c;
  return segmentRectDistance(square, au, av, bu, bv);
}

function wallDistance(map: StaticMap, x: number, y: number): number {
  return Math.max(0, Math.min(x, map.width - x, y, map.depth - y));
}

/**
 * The smallest of `best` and the distances from the segment (ax, ay)→(bx, by) (a point when both
 * ends are the same) to every obstacle and floor object not held, as measured by `toRect` and
 * `toObject`. They are module functions, not closures, so a per-step query allocates nothing.
 */
function nearestObstacleOrObject(
  map: StaticMap,
  objects: readonly FloorObject[],
  best: number,
  ax: number, ay: number, bx: number, by: number,
  toRect: (r: Rect, ax: number, ay: number, bx: number, by: number) => number,
  toObject: (o: FloorObject, ax: number, ay: number, bx: number, by: number) => number,
): number {
  for (const o of map.obstacles) {
    const d = toRect(o, ax, ay, bx, by);
    if (d < best) best = d;
  }
  for (const o of objects) {
    if (o.heldBy !== null) continue;
    const d = toObject(o, ax, ay, bx, by);
    if (d < best) best = d;
  }
  return best;
}

/** Distance from (x, y) to the nearest wall, obstacle or floor object; 0 inside one. */
export function clearanceAt(map: StaticMap, objects: readonly FloorObject[], x: number, y: number): number {
  return nearestObstacleOrObject(map, objects, wallDistance(map, x, y), x, y, x, y, distanceToRectXY, objectDistance);
}

/** Like `clearanceAt`, but says what the nearest thing is (for messages, not per step). */
export function nearestSurface(map: StaticMap, objects: readonly FloorObject[], p: Vec2): NearestSurface {
  const walls: Array<[string, number]> = [
    ['west', p.x],
    ['east', map.width - p.x],
    ['south', p.y],
    ['north', map.depth - p.y],
  ];
  let best: NearestSurface = { distance: Infinity, kind: 'wall', id: 'west' };
  for (const [id, d] of walls) if (d < best.distance) best = { distance: Math.max(0, d), kind: 'wall', id };
  for (const o of map.obstacles) {
    const d = distanceToRectXY(o, p.x, p.y);
    if (d < best.distance) best = { distance: d, kind: 'obstacle', id: o.id };
  }
  for (const o of objects) {
    if (o.heldBy !== null) continue;
    const d = objectDistance(o, p.x, p.y);
    if (d < best.distance) best = { distance: d, kind: 'object', id: o.id };
  }
  return best;
}

/** Words for a surface. Objects stay anonymous: what the robot bumps into is not a label. */
export function describeSurface(s: Pick<NearestSurface, 'kind' | 'id'>): string {
  if (s.kind === 'wall') return `the ${s.id} wall`;
  if (s.kind === 'obstacle') return `obstacle "${s.id}"`;
  return 'an object on the floor';
}

function pointSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax;
  const vy = by - ay;
  const len2 = vx * vx + vy * vy;
  let t = len2 > 0 ? ((px - ax) * vx + (py - ay) * vy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const dx = ax + t * vx - px;
  const dy = ay + t * vy - py;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Slab test: does the segment a→b touch the rectangle? */
function segmentHitsRect(r: Rect, ax: number, ay: number, bx: number, by: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const d = [bx - ax, by - ay];
  const p = [ax, ay];
  const lo = [r.minX, r.minY];
  const hi = [r.maxX, r.maxY];
  for (let k = 0; k < 2; k++) {
    if (Math.abs(d[k]!) < 1e-12) {
      if (p[k]! < lo[k]! || p[k]! > hi[k]!) return false;
      continue;
    }
    let ta = (lo[k]! - p[k]!) / d[k]!;
    let tb = (hi[k]! - p[k]!) / d[k]!;
    if (ta > tb) [ta, tb] = [tb, ta];
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
    if (t0 > t1) return false;
  }
  return true;
}

/** Whether the map's static obstacles block the straight line from `from` to `to` (what the camera
 *  cannot see through). */
export function obstaclesBlock(map: StaticMap, from: Vec2, to: Vec2): boolean {
  return map.obstacles.some((r) => segmentHitsRect(r, from.x, from.y, to.x, to.y));
}

/** Closest distance between the segment a→b and a rectangle: 0 if they touch; otherwise the
 *  closest pair of two disjoint convex shapes always involves a vertex of one of them. */
function segmentRectDistance(r: Rect, ax: number, ay: number, bx: number, by: number): number {
  if (segmentHitsRect(r, ax, ay, bx, by)) return 0;
  return Math.min(
    distanceToRectXY(r, ax, ay),
    distanceToRectXY(r, bx, by),
    pointSegmentDistance(r.minX, r.minY, ax, ay, bx, by),
    pointSegmentDistance(r.maxX, r.minY, ax, ay, bx, by),
    pointSegmentDistance(r.minX, r.maxY, ax, ay, bx, by),
    pointSegmentDistance(r.maxX, r.maxY, ax, ay, bx, by),
  );
}

/** Smallest clearance anywhere along the segment a→b, exactly. (Inside the convex room the
 *  wall distance is smallest at an endpoint.) */
export function segmentClearance(map: StaticMap, objects: readonly FloorObject[], a: Vec2, b: Vec2): number {
  const walls = Math.min(wallDistance(map, a.x, a.y), wallDistance(map, b.x, b.y));
  return nearestObstacleOrObject(map, objects, walls, a.x, a.y, b.x, b.y, segmentRectDistance, segmentObjectDistance);
}
