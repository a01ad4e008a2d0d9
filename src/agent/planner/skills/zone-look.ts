import { centroid, inView, lookingDistance, lookingPoses, spread } from '../look-at.js';
import { inPlainView } from './facing-poses.js';
import type { SkillContext } from './skill-context.js';

/**
 * Looking at a whole zone, to say what is in it (and that nothing is, once it is cleared): one
 * look sees only what is inside the camera's view, beyond the floor hidden under it and in plain
 * view of the furniture, so an object at the zone's near edge can be missed by a look that sees
 * its far side. The zone is sampled as points over its whole area; the robot looks from a pose
 * that sees them all, or else looks again from other poses at the points no look has seen yet.
 * Only when every point has been in view of two looks (VIEWS_NEEDED) is the zone's content known.
 */
type Zone = { name: string; min_x: number; min_y: number; max_x: number; max_y: number };
type Point = { x: number; y: number };

/** Looks before giving up on seeing the whole zone (the caller then searches the room). */
const MAX_LOOKS = 4;
/** Looks each part of the zone must have been in view of. One look can miss what is there (a
 *  green cube in bin_a, 2 m away, was missed from one pose in one seed of four), and a zone said
 *  to be empty is never looked at again, so emptiness takes two views from different poses. */
const VIEWS_NEEDED = 2;
/** Sample points this far in from the zone's edges, and about this far apart at most. */
const EDGE_IN_M = 0.08;
const STEP_M = 0.5;

/** True when every part of the zone was in view of two looks that succeeded; false when some was not. */
export async function lookAtWholeZone(ctx: SkillContext, zone: Zone): Promise<boolean> {
  const { robot, beliefs } = ctx;
  const map = beliefs.map;
  if (!map) return false;
  const views = new Map(zonePoints(zone).map((p) => [p, 0]));
  let unseen = [...views.keys()];
  const lookedFrom: Point[] = [];
  for (let look = 0; look < MAX_LOOKS && unseen.length > 0; look++) {
    const poses = posesSeeingMost(ctx, unseen, lookedFrom);
    if (poses === null) return false;
    let there = poses === 'here';
    for (const pose of poses === 'here' ? [] : poses.slice(0, 3)) {
      const say = look === 0 ? `Going to look at ${zone.name} from (${pose.x}, ${pose.y}).` : `Part of ${zone.name} was not in that view; looking at it from (${pose.x}, ${pose.y}).`;
      there = (await robot.act('navigate_to', pose, say)).ok;
      if (there || robot.estopped) break;
    }
    if (!there) return false;
    const r = await robot.act('detect_objects', {}, `Looking at what is in ${zone.name}.`);
    if (!r.ok) return false;
    const from = { x: robot.pose.x, y: robot.pose.y, heading: robot.heading };
    lookedFrom.push(from);
    for (const p of unseen) if (inView(from, [p]) && inPlainView(map, from, p)) views.set(p, views.get(p)! + 1);
    unseen = unseen.filter((p) => views.get(p)! < VIEWS_NEEDED);
  }
  return unseen.length === 0;
}

/** A second view of a point counts only from a stand at least this far from the first's. */
const OTHER_VIEW_M = 0.5;

/**
 * Poses that see as many of the points as one view can: all of them when a pose does, else the
 * half nearest the first, down to one point; none near a pose looked from already. Null when no
 * pose sees even one point.
 */
function posesSeeingMost(ctx: SkillContext, points: Point[], lookedFrom: readonly Point[]): ReturnType<typeof lookingPoses> | null {
  const first = points[0]!;
  const byNearness = [...points].sort((a, b) => Math.hypot(a.x - first.x, a.y - first.y) - Math.hypot(b.x - first.x, b.y - first.y));
  const fresh = (p: Point) => lookedFrom.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= OTHER_VIEW_M);
  for (let n = points.length; n >= 1; n = n === 1 ? 0 : Math.ceil(n / 2)) {
    const some = byNearness.slice(0, n);
    const poses = lookingPoses(ctx, centroid(some), lookingDistance(spread(some)), some, lookedFrom.length > 0);
    if (poses === 'here') return poses;
    const others = poses.filter(fresh);
    if (others.length > 0) return others;
  }
  return null;
}

/** Points over the zone's whole area, its corners and edges included (just inside them). */
export function zonePoints(zone: Zone): Point[] {
  const axis = (lo: number, hi: number) => {
    if (hi - lo <= 2 * EDGE_IN_M) return [Math.round(((lo + hi) / 2) * 1000) / 1000];
    const a = lo + EDGE_IN_M;
    const b = hi - EDGE_IN_M;
    const n = Math.ceil((b - a) / STEP_M);
    return Array.from({ length: n + 1 }, (_, i) => Math.round((a + ((b - a) * i) / n) * 1000) / 1000);
  };
  return axis(zone.min_x, zone.max_x).flatMap((x) => axis(zone.min_y, zone.max_y).map((y) => ({ x, y })));
}
