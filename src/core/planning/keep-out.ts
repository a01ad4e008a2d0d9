import { distanceToRect, rectContains, round, type Vec2 } from '../geometry.js';
import type { Obstacle, StaticMap, Zone } from '../map.js';
import type { PathPlan } from '../motion-types.js';

/**
 * Zones a drive must keep out of ("go to the outbox, avoid the packing area"): for one plan
 * they are obstacles like any box on the map, so the grid search and the string pulling keep the
 * robot's whole footprint out of them with the same clearance as from a wall. What cannot be
 * planned around is said here, before any search: a goal where the robot would stand in (or
 * reach into) an avoided zone, or a start inside one, which no route can leave without crossing it.
 */

/** The map with the avoided zones added as obstacles (named so a message can tell them apart). */
export function withZonesAsObstacles(map: StaticMap, zones: readonly Zone[]): StaticMap {
  const blocks: Obstacle[] = zones.map((z) => ({ id: `avoided zone ${z.name}`, minX: z.minX, minY: z.minY, maxX: z.maxX, maxY: z.maxY, height: 0, color: z.color }));
  return { ...map, obstacles: [...map.obstacles, ...blocks] };
}

/** A key naming a set of zones by name and extent, for caching what is built for it. */
export function zonesKey(zones: readonly Zone[]): string {
  return zones.map((z) => `${z.name}:${z.minX},${z.minY},${z.maxX},${z.maxY}`).join('|');
}

export function zoneNames(zones: readonly Zone[]): string {
  return zones.map((z) => z.name).join(', ');
}

/** The refusal a keep-out set forces before planning (the goal or the start in a zone), or null. */
export function keepOutConflict(zones: readonly Zone[], start: Vec2, target: Vec2, inflation: number): (PathPlan & { ok: false }) | null {
  const where = `x=${round(target.x, 2)} y=${round(target.y, 2)}`;
  for (const z of zones) {
    const d = distanceToRect(z, target);
    if (d === 0) return { ok: false, avoided: 'goal', reason: `${where} is inside ${z.name}, a zone this drive must keep out of` };
    if (d < inflation) {
      return { ok: false, avoided: 'goal', reason: `the robot standing at ${where} would reach into ${z.name}, a zone this drive must keep out of (${round(d, 2)} m away; its centre must stay ${round(inflation, 2)} m clear)` };
    }
  }
  const inside = zones.find((z) => rectContains(z, start));
  if (inside) return { ok: false, avoided: 'route', reason: `the robot stands inside ${inside.name}, a zone this drive must keep out of: it cannot leave without crossing it` };
  return null;
}

/** The avoided zone the robot's centre stands in, if any: the check a drive makes on every update. */
export function zoneEntered(zones: readonly Zone[], p: Vec2): Zone | undefined {
  return zones.find((z) => rectContains(z, p));
}
