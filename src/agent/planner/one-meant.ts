import type { GoalReport } from '../outcome-tool.js';
import { describeQuery, type Beliefs, type Meant, type SeenThing } from './beliefs.js';
import { BLIND_RADIUS_M, CELL_M, SENSING_RANGE_M } from './coverage.js';
import { distanceToArea, insideArea } from './map-areas.js';
import { inPlainView } from './skills/facing-poses.js';
import { kindMatches, type ObjectQuery } from './referring.js';

/**
 * "The red cube" names one object. The robot chose it only after covering the room (or the zone
 * the words named) with no second one in sight, and two seen then are named and refused before
 * anything moves (search.ts). Still, a look later in the mission — a scan on the way, the fresh
 * look that checks a delivery — may show a second one the sweep missed (the camera's range is
 * not a wall). Then which was meant was guessed, not known, and the mission must not end
 * `succeeded`: this names the two. Only memory is read here; nothing is searched for.
 */

/** Sightings of one object under two ids (a double sighting) are this close or closer. */
export const SAME_OBJECT_M = 0.5;

/** Whether the reference is a plain "the X" (colour, shape, zone): relations and ranks choose by a rule of their own. */
export function namesOne(q: ObjectQuery): boolean {
  return q.definite === true && !q.all && !q.pronoun && !q.other && !q.rank && !q.relation;
}

/**
 * The objects `q` matches, one entry per object: a second sighting near the first is the same
 * object — unless one result reported both, as the robot's memory then told them apart in one
 * look (two balls 0.35 m apart, or the cubes the robot itself put down side by side, had been
 * counted as one). Sightings taken for one object form a group, and a sighting reported together
 * with any of the group is another object: a red cube seen afresh from afar, near two red cubes
 * one look told apart in a crowded tray, stands for one of them, never for both.
 */
export function distinct(beliefs: Beliefs, objects: SeenThing[]): SeenThing[] {
  const groups: SeenThing[][] = [];
  for (const o of objects) {
    const near = (p: SeenThing) => p.label === o.label && Math.hypot(p.x - o.x, p.y - o.y) < SAME_OBJECT_M;
    const group = groups.find((g) => near(g[0]!) && g.every((p) => !beliefs.seenTogether(p.id, o.id)));
    if (group) group.push(o);
    else groups.push([o]);
  }
  return groups.map((g) => g[0]!);
}

/** Sample points this far apart over a zone, and this far in from its edges. */
const ZONE_STEP_M = 0.4;
const ZONE_EDGE_IN_M = 0.1;
/** The floor this near a scan spot is below the camera's view, but the robot had just driven
 *  onto it to scan there, so nothing stands there. */
const UNDER_ROBOT_M = BLIND_RADIUS_M;
/** Floor nearer furniture than a coverage cell is wide may be in a cell the furniture covers. */
const BESIDE_FURNITURE_M = CELL_M;

/** The parts of the zone's floor that furniture leaves free and no scan so far has seen, nearest
 *  `from` first: "the cube in bin a" names one once bin a has been seen whole, whatever the rest
 *  of the room holds. Seen is what the coverage map says its scans covered (within the camera's
 *  trusted range, where no furniture hides it), not any floor within 4 m of a scan spot, which
 *  had counted the far side of a zone 3.8 m off as seen. */
export function unseenInZone(beliefs: Beliefs, zone: { min_x: number; min_y: number; max_x: number; max_y: number }, from: { x: number; y: number }): Array<{ x: number; y: number }> {
  const map = beliefs.map;
  const coverage = beliefs.coverage();
  if (!map || !coverage) return [{ x: (zone.min_x + zone.max_x) / 2, y: (zone.min_y + zone.max_y) / 2 }];
  const along = (lo: number, hi: number) => {
    const n = Math.max(1, Math.ceil((hi - lo - 2 * ZONE_EDGE_IN_M) / ZONE_STEP_M));
    return Array.from({ length: n + 1 }, (_, i) => Math.round((lo + ZONE_EDGE_IN_M + (i * (hi - lo - 2 * ZONE_EDGE_IN_M)) / n) * 100) / 100);
  };
  const free = (p: { x: number; y: number }) => !map.obstacles.some((o) => insideArea(p, o));
  // Floor beside furniture may lie in a coverage cell whose centre is under it, which no scan
  // covers: there, a scan within the camera's range with nothing between shows it.
  const besideFurniture = (p: { x: number; y: number }) => map.obstacles.some((o) => distanceToArea(p, o) < BESIDE_FURNITURE_M);
  const inView = (p: { x: number; y: number }) => beliefs.scannedAt.some((s) => Math.hypot(s.x - p.x, s.y - p.y) <= SENSING_RANGE_M && inPlainView(map, s, p));
  const seen = (p: { x: number; y: number }) =>
    coverage.covers(p) || beliefs.scannedAt.some((s) => Math.hypot(s.x - p.x, s.y - p.y) <= UNDER_ROBOT_M) || (besideFurniture(p) && inView(p));
  const points = along(zone.min_x, zone.max_x).flatMap((x) => along(zone.min_y, zone.max_y).map((y) => ({ x, y })));
  return points.filter((p) => free(p) && !seen(p)).sort((a, b) => Math.hypot(a.x - from.x, a.y - from.y) - Math.hypot(b.x - from.x, b.y - from.y));
}

/** The first "the X" that a later sighting made ambiguous, as an unmet goal naming both; null when none. */
export function secondLookAlike(beliefs: Beliefs): GoalReport | null {
  for (const m of beliefs.meant) {
    const other = [...beliefs.seen.values()].find((o) => stillMatches(beliefs, m.q, o) && !isTheOneMeant(beliefs, m, o));
    if (!other) continue;
    const said = describeQuery(m.q);
    return {
      text: `${said} is the only one`,
      status: 'unmet',
      evidence: `I took ${said} to be ${m.id} at (${m.at.x}, ${m.at.y}), but later saw ${other.id} at (${other.x}, ${other.y}), which matches it as well, so which one was meant is not known: say which (for example by where it is)`,
    };
  }
  return null;
}

/** Whether the object matches the words as they applied when the choice was made (its zone then: where it was first seen). */
function stillMatches(beliefs: Beliefs, q: ObjectQuery, o: SeenThing): boolean {
  if (!kindMatches(o, q) || o.id === beliefs.holding) return false;
  const then = beliefs.firstSeen.get(o.id) ?? o;
  if ((q.inZone && !beliefs.inZone(then, q.inZone)) || (q.notInZone && beliefs.inZone(then, q.notInZone))) return false;
  return !q.spare?.some((s) => beliefs.spares(s, o));
}

/** The chosen object itself under any of its names: its id, the id it was held by, a later id
 *  for it where it was put down, or a second sighting at the spot it was taken from. */
function isTheOneMeant(beliefs: Beliefs, m: Meant, o: SeenThing): boolean {
  const names = [m.id, m.heldAs];
  if (names.includes(o.id) || names.includes(beliefs.putDownAs(o.id))) return true;
  if (Math.hypot(o.x - m.at.x, o.y - m.at.y) < SAME_OBJECT_M && !beliefs.seenTogether(o.id, m.id)) return true;
  return beliefs.nearWherePutDown(o, SAME_OBJECT_M);
}
