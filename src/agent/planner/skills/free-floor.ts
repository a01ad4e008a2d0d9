import type { PlannerMap } from '../beliefs.js';
import { insideArea } from '../map-areas.js';

/**
 * Free floor near a place, for putting something down out of the way: inside the room, clear of
 * obstacles by the base's clearance, outside every zone (so nothing lands in a bin or on the
 * dock by accident) and apart from spots already used. Nearest to the robot first.
 */
type Rect = { min_x: number; min_y: number; max_x: number; max_y: number };
type Point = { x: number; y: number };

/** The base's centre must keep about this far from walls and obstacles (see the navigator's clearance). */
const CLEARANCE_M = 0.45;
/** How far outside a zone's edge to stand: the object lands a little ahead of the robot. */
const OUTSIDE_M = 0.9;
/** Spots closer than this to one already used would put two objects on top of each other. */
const APART_M = 0.6;

const round2 = (v: number) => Math.round(v * 100) / 100;

const standable = (map: PlannerMap, p: Point) =>
  p.x >= CLEARANCE_M && p.y >= CLEARANCE_M && p.x <= map.width - CLEARANCE_M && p.y <= map.depth - CLEARANCE_M && !map.obstacles.some((o) => insideArea(p, o, CLEARANCE_M));

function isFree(map: PlannerMap, p: Point, used: readonly Point[]): boolean {
  return (
    standable(map, p) &&
    !map.zones.some((z) => insideArea(p, z, 0.3)) &&
    used.every((u) => Math.hypot(u.x - p.x, u.y - p.y) >= APART_M)
  );
}

/** Spots just outside a zone, around its edges and corners. */
export function spotsOutside(map: PlannerMap, zone: Rect, from: Point, used: readonly Point[] = []): Point[] {
  const cx = (zone.min_x + zone.max_x) / 2;
  const cy = (zone.min_y + zone.max_y) / 2;
  const xs = [zone.min_x - OUTSIDE_M, cx, zone.max_x + OUTSIDE_M];
  const ys = [zone.min_y - OUTSIDE_M, cy, zone.max_y + OUTSIDE_M];
  const spots: Point[] = [];
  for (const x of xs) for (const y of ys) if (x !== cx || y !== cy) for (const d of [0, -APART_M, APART_M]) spots.push(x === cx ? { x: x + d, y } : { x, y: y + d });
  return sortedFree(map, spots, from, used);
}

/** Spots around a point, a little over a metre away: somewhere to set an object aside. */
export function spotsAround(map: PlannerMap, at: Point, from: Point, used: readonly Point[] = []): Point[] {
  const spots = [0, 45, 90, 135, 180, 225, 270, 315].map((deg) => ({ x: at.x + 1.2 * Math.cos((deg * Math.PI) / 180), y: at.y + 1.2 * Math.sin((deg * Math.PI) / 180) }));
  return sortedFree(map, spots, from, used);
}

function sortedFree(map: PlannerMap, spots: Point[], from: Point, used: readonly Point[]): Point[] {
  return spots
    .map((p) => ({ x: round2(p.x), y: round2(p.y) }))
    .filter((p) => isFree(map, p, used))
    .sort((a, b) => Math.hypot(a.x - from.x, a.y - from.y) - Math.hypot(b.x - from.x, b.y - from.y));
}

/** A gripper puts an object down about this far ahead of the base. */
const DROP_AHEAD_M = 0.4;

/**
 * Poses to stand in so an object put down lands on `spot`: a drop distance back from it, facing
 * it, from the robot's side first. Standing on the spot itself would put the object down ahead,
 * against whatever is there (a wall, for a spot by a wall).
 */
export function posesFacing(map: PlannerMap, spot: Point, from: Point, distance = DROP_AHEAD_M): Array<Point & { heading: number }> {
  const towards = Math.atan2(spot.y - from.y, spot.x - from.x);
  return [0, 45, -45, 90, -90, 135, -135, 180]
    .map((turn) => towards + (turn * Math.PI) / 180)
    .map((a) => ({ x: round2(spot.x - distance * Math.cos(a)), y: round2(spot.y - distance * Math.sin(a)), heading: Math.round((a * 180) / Math.PI) }))
    .filter((p) => standable(map, p));
}

