import type { PlannerMap } from './beliefs.js';
import { listNames, resolveZone } from './place-words.js';
import { wallObstacles } from './relation-geometry.js';
import type { Landmark, Relation } from './relations.js';

/**
 * A relation's landmarks grounded in this map: a name said is one of its zones or pieces of
 * furniture (every one that matches: "by the pillar" is by any pillar), and a wall side said as
 * left/right/top/bottom is read on the map as drawn (x east, y north) — said in the narration.
 * A landmark the map does not have (a door, a window: maps mark none) is refused, with what the
 * map does have.
 */
const AXIS: Record<string, string> = { west: 'x = 0', east: 'x = the room width', south: 'y = 0', north: 'y = the room depth' };
const FROM_ROBOT: Record<string, string> = {
  far: 'the wall farthest from where I start',
  near: 'the wall nearest to where I start',
  ahead: 'the wall I face at the start',
  behind: 'the wall behind me at the start',
  'robot-left': 'the wall on my left as I stand at the start',
  'robot-right': 'the wall on my right as I stand at the start',
};

export function groundRelation(r: Relation, map: PlannerMap | null, readings: string[], problems: string[]): Relation | null {
  const ground = (l: Landmark): Landmark | null => groundLandmark(l, map, r.text, readings, problems);
  if ('near' in r) {
    const near = ground(r.near);
    return near && { ...r, near };
  }
  if ('ranked' in r) {
    const to = ground(r.to);
    return to && { ...r, to };
  }
  if ('between' in r) {
    const [a, b] = [ground(r.between[0]), ground(r.between[1])];
    return a && b ? { ...r, between: [a, b] } : null;
  }
  return r;
}

function groundLandmark(l: Landmark, map: PlannerMap | null, said: string, readings: string[], problems: string[]): Landmark | null {
  if ('wall' in l && l.wall) {
    const side = l.wall;
    if (AXIS[side] && !said.includes(side)) readings.push(`reading '${said}' as by the ${side} wall (${AXIS[side]}), on the map as drawn`);
    if (FROM_ROBOT[side]) readings.push(`reading '${said}' as ${FROM_ROBOT[side]}`);
    return l;
  }
  if ('wall' in l && map && wallObstacles(map).length) readings.push(`reading 'the wall' as any wall of the room, its partitions included (${wallObstacles(map).length} on this map)`);
  if (!('said' in l)) return l;
  const zones = map?.zones.map((z) => z.name) ?? [];
  const zone = resolveZone(l.said, zones);
  if ('zone' in zone) return { zone: zone.zone };
  if ('ambiguous' in zone) {
    problems.push(`"${l.said}" could be ${listNames(zone.ambiguous, 'or')}: say which`);
    return null;
  }
  const obstacles = map?.obstacles.map((o) => o.id) ?? [];
  const furniture = resolveZone(l.said, obstacles);
  if ('zone' in furniture) return { obstacles: [furniture.zone] };
  if ('ambiguous' in furniture) {
    readings.push(`reading '${l.said}' as any of ${listNames(furniture.ambiguous, 'or')}`);
    return { obstacles: furniture.ambiguous };
  }
  const unmarked = /\b(?:doors?|doorways?|windows?|exits?)\b/.exec(l.said);
  const has = `this map has walls, corners, the zones ${listNames(zones)}${obstacles.length ? ` and the obstacles ${listNames(obstacles)}` : ''}`;
  problems.push(unmarked ? `the map marks no ${unmarked[0].replace(/s$/, '')}s, so I cannot tell what is "${said}": ${has}` : `I do not know what "${l.said}" is in "${said}": ${has}`);
  return null;
}
