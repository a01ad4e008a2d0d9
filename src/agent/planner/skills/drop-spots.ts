import type { PlannerMap } from '../beliefs.js';
import { standsFacing, type FacingPose } from './facing-poses.js';
import { clearanceOnMap } from './zone-stand.js';

/**
 * Where in a zone to put the held object down, and where to stand to do it. A drop spot is
 * inside the zone (kept in from its edges, so the object lands in it even when the base stops a
 * few centimetres off), on free floor (not on the zone's furniture, not against a wall), and
 * apart from every object the robot knows of there (seen, or put down by itself), so each stays
 * separately visible and nothing is set down on top of another. A spot is worth trying only with
 * a pose the base can stand in, facing it at the gripper's drop distance, with nothing of the map
 * in between: a drop aimed 0.19 m from a wall has no such pose.
 */
type Point = { x: number; y: number };
type Zone = { name: string; min_x: number; min_y: number; max_x: number; max_y: number };

/** The gripper sets an object down about this far ahead of the base's centre. */
export const DROP_AHEAD_M = 0.38;
/** Centre-to-centre distance from objects already there (the robot itself keeps 0.25 m). */
const APART_M = 0.3;
/** How far in from the zone's edges a spot is wanted, and how far at least. */
const INSETS_M = [0.25, 0.15];
/** An object needs this much floor around its centre: its half width and a margin. */
const OBJECT_ROOM_M = 0.12;
const GRID_M = 0.1;
/** Plans returned are this far apart, so when one is blocked the next is elsewhere. */
const PLANS_APART_M = 0.5;

export interface DropPlan {
  spot: Point;
  stand: FacingPose;
}

export type DropChoice =
  | { plans: DropPlan[] }
  /** No free floor left in the zone: every spot is taken by what is there (objects counted). */
  | { full: true; objectsInZone: number }
  /** Free floor, but nowhere the base can stand to reach it. */
  | { unreachable: true; freeSpots: number };

/** Plans looked at (nearest first) for `accept` before giving up on the rest. */
const PLANS_CHECKED = 40;

/** Up to `count` drop plans for the zone, nearest the robot first; `accept` may turn a plan down
 *  (one whose drop would close the robot's way out). */
export function dropPlans(map: PlannerMap, zone: Zone, from: Point, objects: readonly Point[], count = 3, accept: (plan: DropPlan) => boolean = () => true): DropChoice {
  let freeSpots = 0;
  for (const inset of INSETS_M) {
    const spots = freeSpotsIn(map, zone, objects, inset);
    freeSpots = Math.max(freeSpots, spots.length);
    const plans: Array<DropPlan & { cost: number }> = [];
    for (const spot of spots) {
      const stand = standsFacing(map, spot, DROP_AHEAD_M, from, { objects })[0];
      if (stand) plans.push({ spot, stand, cost: Math.hypot(stand.x - from.x, stand.y - from.y) });
    }
    plans.sort((a, b) => a.cost - b.cost);
    const chosen: DropPlan[] = [];
    let checked = 0;
    for (const { spot, stand } of plans) {
      if (chosen.length === count || checked === PLANS_CHECKED) break;
      if (!chosen.every((c) => Math.hypot(c.spot.x - spot.x, c.spot.y - spot.y) >= PLANS_APART_M)) continue;
      checked++;
      if (accept({ spot, stand })) chosen.push({ spot, stand });
    }
    if (chosen.length) return { plans: chosen };
  }
  if (freeSpots === 0) return { full: true, objectsInZone: objects.filter((o) => inside(zone, o, 0)).length };
  return { unreachable: true, freeSpots };
}

/** Whether the zone has free floor left for one more object, as far as the robot knows. */
export function hasRoom(map: PlannerMap, zone: Zone, objects: readonly Point[]): boolean {
  return freeSpotsIn(map, zone, objects, INSETS_M.at(-1)!).length > 0;
}

function freeSpotsIn(map: PlannerMap, zone: Zone, objects: readonly Point[], inset: number): Point[] {
  const spots: Point[] = [];
  for (let x = zone.min_x + inset; x <= zone.max_x - inset + 1e-9; x += GRID_M) {
    for (let y = zone.min_y + inset; y <= zone.max_y - inset + 1e-9; y += GRID_M) {
      const p = { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
      if (clearanceOnMap(map, p) >= OBJECT_ROOM_M && objects.every((o) => Math.hypot(o.x - p.x, o.y - p.y) >= APART_M)) spots.push(p);
    }
  }
  return spots;
}

const inside = (z: Zone, p: Point, pad: number) => p.x >= z.min_x - pad && p.x <= z.max_x + pad && p.y >= z.min_y - pad && p.y <= z.max_y + pad;
