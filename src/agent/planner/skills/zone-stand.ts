import type { PlannerMap } from '../beliefs.js';
import { distanceToArea } from '../map-areas.js';

/**
 * Where the robot can stand inside a zone, from the map the planner was given: points of the zone
 * whose distance to every wall and obstacle box is at least the base's clearance, nearest the
 * zone's centre first (a zone's furniture often stands on its centre: a meeting table in the
 * meeting room). The robot's own planner has the last word; these are the points worth asking it.
 */
type Rect = { min_x: number; min_y: number; max_x: number; max_y: number };
type Point = { x: number; y: number };

/** The base's centre keeps this far from walls and boxes: its radius, the planner's margin and
 *  a little for the path follower. */
export const STAND_CLEARANCE_M = 0.35;
/** Spacing of the points tried. */
const STEP_M = 0.1;

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Metres from p to the nearest wall or obstacle box of the map. */
export function clearanceOnMap(map: PlannerMap, p: Point): number {
  const walls = Math.min(p.x, p.y, map.width - p.x, map.depth - p.y);
  return Math.min(walls, ...map.obstacles.map((o) => distanceToArea(p, o)));
}

/** Whether the zone's centre is a place the robot can stand, as far as the map says. */
export function centreIsFree(map: PlannerMap, zone: Rect & { center: Point }): boolean {
  return clearanceOnMap(map, zone.center) >= STAND_CLEARANCE_M;
}

/**
 * Points inside the zone (kept `STEP_M / 2` in from its edge, so the base's centre is in it)
 * where the robot can stand, nearest the centre first; ties go to the one nearer `from`.
 */
export function standingPointsInZone(map: PlannerMap, zone: Rect & { center: Point }, from?: Point): Point[] {
  const points: Point[] = [];
  const inset = STEP_M / 2;
  for (let x = zone.min_x + inset; x <= zone.max_x - inset + 1e-9; x += STEP_M) {
    for (let y = zone.min_y + inset; y <= zone.max_y - inset + 1e-9; y += STEP_M) {
      const p = { x: round2(x), y: round2(y) };
      if (clearanceOnMap(map, p) >= STAND_CLEARANCE_M) points.push(p);
    }
  }
  const key = (p: Point) => Math.hypot(p.x - zone.center.x, p.y - zone.center.y) + (from ? 1e-3 * Math.hypot(p.x - from.x, p.y - from.y) : 0);
  return points.sort((a, b) => key(a) - key(b));
}

/**
 * A few standing points spread over the zone, best first: each apart from those before it (0.8 m,
 * less in a small zone), so when one is blocked by something the map lacks the next is elsewhere.
 */
export function spreadStandingPoints(map: PlannerMap, zone: Rect & { center: Point }, count: number, from?: Point): Point[] {
  const apart = Math.min(0.8, 0.4 * Math.min(zone.max_x - zone.min_x, zone.max_y - zone.min_y));
  const chosen: Point[] = [];
  for (const p of standingPointsInZone(map, zone, from)) {
    if (chosen.every((c) => Math.hypot(c.x - p.x, c.y - p.y) >= apart)) chosen.push(p);
    if (chosen.length === count) break;
  }
  return chosen;
}
