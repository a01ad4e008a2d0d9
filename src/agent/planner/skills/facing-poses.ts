import type { PlannerMap } from '../beliefs.js';
import { segmentHitsRect } from '../coverage.js';
import { clearanceOnMap, STAND_CLEARANCE_M } from './zone-stand.js';

/**
 * Where the robot can stand to face a point from a given distance — to put something down on it
 * (the gripper sets objects down a little ahead of the base) or to look at it (the camera sees
 * nothing right under it). A pose counts when, as far as the map says, the base fits there (the
 * same clearance from walls and boxes as standing in a zone), no box of the map stands between
 * it and the point, and it keeps clear of the objects the robot knows lie on the floor. The
 * robot's own path planner has the last word; these are the poses worth asking it for.
 */
type Point = { x: number; y: number };
/** heading: degrees, as navigate_to takes it. */
export type FacingPose = Point & { heading: number };

/** Directions tried around the point, from the robot's side first. */
const DIRECTIONS = 16;
/** The base's centre keeps this far from an object on the floor (its radius and the object's). */
const OBJECT_CLEARANCE_M = 0.4;

const round2 = (v: number) => Math.round(v * 100) / 100;

export interface FacingOptions {
  /** Points that must be in plain view from the pose (default: the point faced). */
  sees?: readonly Point[];
  /** Objects on the floor the base must keep clear of. */
  objects?: readonly Point[];
}

/** Poses `distance` from `target`, facing it, nearest to `from` first (straight-line metres). */
export function standsFacing(map: PlannerMap, target: Point, distance: number, from: Point, opts: FacingOptions = {}): FacingPose[] {
  const towards = Math.atan2(target.y - from.y, target.x - from.x);
  const sees = opts.sees ?? [target];
  const poses: FacingPose[] = [];
  for (let i = 0; i < DIRECTIONS; i++) {
    // 0, +1, -1, +2, -2, ... steps away from straight on: ties go to the side the robot is on.
    const step = i % 2 === 1 ? (i + 1) / 2 : -i / 2;
    const a = towards + (step * 2 * Math.PI) / DIRECTIONS;
    const stand = { x: round2(target.x - distance * Math.cos(a)), y: round2(target.y - distance * Math.sin(a)) };
    if (!standable(map, stand, opts.objects ?? [])) continue;
    if (!sees.every((p) => inPlainView(map, stand, p))) continue;
    poses.push({ ...stand, heading: Math.round((Math.atan2(target.y - stand.y, target.x - stand.x) * 180) / Math.PI) });
  }
  return poses.sort((p, q) => Math.hypot(p.x - from.x, p.y - from.y) - Math.hypot(q.x - from.x, q.y - from.y));
}

/** Whether the base fits at `p`: clear of walls and boxes, and of the objects given. */
export function standable(map: PlannerMap, p: Point, objects: readonly Point[] = []): boolean {
  return clearanceOnMap(map, p) >= STAND_CLEARANCE_M && objects.every((o) => Math.hypot(o.x - p.x, o.y - p.y) >= OBJECT_CLEARANCE_M);
}

/** Whether no box of the map stands between a and b. */
export function inPlainView(map: PlannerMap, a: Point, b: Point): boolean {
  return !map.obstacles.some((o) => segmentHitsRect(a, b, o));
}
