import type { SeenThing } from '../beliefs.js';
import { centroid, driveToFirstReached, inView, lookingDistance, lookingPosesElsewhere, newSide, spread } from '../look-at.js';
import { inPlainView, type FacingPose } from './facing-poses.js';
import type { SkillContext } from './skill-context.js';

/**
 * Looking at a whole zone, to say what is in it (and that nothing is, once it is cleared): one
 * look sees only what is inside the camera's view, beyond the floor hidden under it and in plain
 * view of the furniture, so an object at the zone's near edge can be missed by a look that sees
 * its far side. The zone is sampled as points over its whole area; the robot looks from a pose
 * that sees them all, or else looks again from other poses at the points no look has seen yet.
 * Only when every point has been in view of two looks (VIEWS_NEEDED) is the zone's content known.
 * In a crowded zone objects hide each other from most sides, so while a look shows an object the
 * earlier ones had not, or while every look so far came from one side of a zone holding two or
 * more, it looks again from the side most unlike the earlier ones (SETTLE_LOOKS at most): the
 * content is known once a look from elsewhere adds nothing. A zone against a wall has one side:
 * its looks settle when no other side has a place to stand.
 */
type Zone = { name: string; min_x: number; min_y: number; max_x: number; max_y: number };
type Point = { x: number; y: number };
type Look = (poses: FacingPose[] | 'here', say: (pose: Point) => string) => Promise<boolean>;

/** Looks before giving up on seeing the whole zone (the caller then searches the room). */
const MAX_LOOKS = 4;
/** Poses tried for one look. */
const POSES_TRIED = 3;
/** Looks each part of the zone must have been in view of. One look can miss what is there (a
 *  green cube in bin_a, 2 m away, was missed from one pose in one seed of four), and a zone said
 *  to be empty is never looked at again, so emptiness takes two views from different poses. */
const VIEWS_NEEDED = 2;
/** Sample points this far in from the zone's edges, and about this far apart at most. */
const EDGE_IN_M = 0.08;
const STEP_M = 0.5;
/** Looks from other sides of a crowded zone, after every part of it was seen twice. */
const SETTLE_LOOKS = 3;
/** A look is from another side when its bearing at the zone's middle is this far round (45°). */
const OTHER_SIDE_RAD = Math.PI / 4;
/** A new tracker id this near an object of its kind already known is that object seen again: a
 *  detection's position wanders by a few centimetres from one pose to the next. */
const SAME_SPOT_M = 0.15;

/** What the looks at a zone could tell: `seen`, every part of it was in view of a look that
 *  succeeded; `whole`, of two (VIEWS_NEEDED); `settled`, the last look showed nothing new. */
export interface ZoneSurvey {
  seen: boolean;
  whole: boolean;
  settled: boolean;
  /** Some part no look saw was hidden behind objects in it: the room's search, which sees
   *  through no object either, cannot stand in for those looks. */
  occluded?: true;
}

/** True when every part of the zone was in view of two looks that succeeded and the last look
 *  showed nothing new; false when some part was not, or the zone never settled. */
export async function lookAtWholeZone(ctx: SkillContext, zone: Zone): Promise<boolean> {
  const s = await surveyZone(ctx, zone);
  return s.whole && s.settled;
}

/** The looks at a zone (see the header), and what they could tell. */
export async function surveyZone(ctx: SkillContext, zone: Zone): Promise<ZoneSurvey> {
  const { robot, beliefs } = ctx;
  const map = beliefs.map;
  const none = { seen: false, whole: false, settled: false };
  if (!map) return none;
  const views = new Map(zonePoints(zone).map((p) => [p, 0]));
  let unseen = [...views.keys()];
  const lookedFrom: Point[] = [];
  const look: Look = async (poses, say) => {
    const there = poses === 'here' || (await driveToFirstReached(ctx, poses, POSES_TRIED, say)) !== null;
    if (!there || !(await robot.act('detect_objects', {}, `Looking at what is in ${zone.name}.`)).ok) return false;
    lookedFrom.push({ x: robot.pose.x, y: robot.pose.y });
    return true;
  };
  const hidden = new Set<Point>();
  const survey = (added: boolean): ZoneSurvey => ({
    seen: [...views.values()].every((v) => v > 0),
    whole: unseen.length === 0,
    settled: !added,
    ...([...hidden].some((p) => views.get(p) === 0) ? { occluded: true as const } : {}),
  });
  let added = false;
  for (let n = 0; n < MAX_LOOKS && unseen.length > 0; n++) {
    const poses = posesSeeingMost(ctx, unseen, lookedFrom);
    if (poses === null) return survey(added);
    const before = objectsIn(ctx, zone);
    const say = (pose: Point) => (n === 0 ? `Going to look at ${zone.name} from (${pose.x}, ${pose.y}).` : `Part of ${zone.name} was not in that view; looking at it from (${pose.x}, ${pose.y}).`);
    if (!(await look(poses, say))) return n === 0 ? none : survey(added);
    const from = { x: robot.pose.x, y: robot.pose.y, heading: robot.heading };
    for (const p of unseen) {
      if (!inView(from, [p]) || !inPlainView(map, from, p)) continue;
      if (hiddenByObjects(ctx, from, p)) hidden.add(p);
      else views.set(p, views.get(p)! + 1);
    }
    unseen = unseen.filter((p) => views.get(p)! < VIEWS_NEEDED);
    added = shownNew(ctx, zone, before);
  }
  if (unseen.length > 0) return survey(added);
  return survey(!(await settle(ctx, zone, lookedFrom, added, look)));
}

/** Looks from other sides of a crowded zone until one adds nothing (see the header); false when
 *  the last look still showed something new. */
async function settle(ctx: SkillContext, zone: Zone, lookedFrom: readonly Point[], lastAdded: boolean, look: Look): Promise<boolean> {
  const points = zonePoints(zone);
  const middle = centroid(points);
  let added = lastAdded;
  for (let n = 0; n < SETTLE_LOOKS; n++) {
    const crowded = objectsIn(ctx, zone).length >= 2;
    const oneSided = lookedFrom.every((p) => newSide(p, middle, lookedFrom.slice(0, 1)) < OTHER_SIDE_RAD);
    if (!added && !(crowded && oneSided)) return true;
    const poses = lookingPosesElsewhere(ctx, middle, lookingDistance(spread(points)), points, lookedFrom, { apart: true });
    const other = poses === 'here' ? [] : poses.filter((p) => added || newSide(p, middle, lookedFrom) >= OTHER_SIDE_RAD);
    // No other side to stand on (a shelf against a wall): what one side shows is all there is to see.
    if (other.length === 0) return !added;
    const before = objectsIn(ctx, zone);
    if (!(await look(other, (pose) => `${zone.name} is crowded; looking again from (${pose.x}, ${pose.y}), another side, for what may be hidden.`))) return !added;
    added = shownNew(ctx, zone, before);
  }
  return !added;
}

/** The objects are about this tall and wide; the camera looks down from this high. */
const OBJECT_M = 0.12;
const CAMERA_HEIGHT_M = 0.45;

/**
 * Whether an object the robot has seen stands between it and the floor at `p`, near enough in
 * front of `p` to hide it (within the shadow it casts from the camera's height): the back corner
 * of a full tray, behind the objects at its front, is not seen by a look from the front — a yellow
 * cube there was never seen, and the tray's count was given as if it had been looked at whole.
 */
function hiddenByObjects({ beliefs }: SkillContext, from: Point, p: Point): boolean {
  const d = Math.hypot(p.x - from.x, p.y - from.y);
  if (d === 0) return false;
  return [...beliefs.seen.values()].some((o) => {
    if (o.id === beliefs.holding) return false;
    const along = ((o.x - from.x) * (p.x - from.x) + (o.y - from.y) * (p.y - from.y)) / d;
    const behind = d - along;
    // An object at the point itself is what is seen there, not something hiding it.
    if (along <= 0 || behind < OBJECT_M) return false;
    const off = Math.abs((p.x - from.x) * (o.y - from.y) - (p.y - from.y) * (o.x - from.x)) / d;
    return off < OBJECT_M / 2 && behind <= (OBJECT_M * along) / (CAMERA_HEIGHT_M - OBJECT_M);
  });
}

/** Objects believed to lie in the zone now. */
function objectsIn({ beliefs }: SkillContext, zone: Zone): SeenThing[] {
  return [...beliefs.seen.values()].filter((o) => beliefs.inZone(o, zone.name) && o.id !== beliefs.holding);
}

/** Whether the zone now holds an object not among `before`: a new id, not a re-sighting of one
 *  already known at the same spot under another tracker id. */
function shownNew(ctx: SkillContext, zone: Zone, before: readonly SeenThing[]): boolean {
  return objectsIn(ctx, zone).some((o) => !before.some((b) => b.id === o.id || (b.label === o.label && Math.hypot(b.x - o.x, b.y - o.y) < SAME_SPOT_M)));
}

/**
 * Poses that see as many of the points as one view can: all of them when a pose does, else the
 * half nearest the first, down to one point; after the first look, only from elsewhere
 * (look-at.ts). Null when no pose sees even one point.
 */
function posesSeeingMost(ctx: SkillContext, points: Point[], lookedFrom: readonly Point[]): FacingPose[] | 'here' | null {
  const first = points[0]!;
  const byNearness = [...points].sort((a, b) => Math.hypot(a.x - first.x, a.y - first.y) - Math.hypot(b.x - first.x, b.y - first.y));
  for (let n = points.length; n >= 1; n = n === 1 ? 0 : Math.ceil(n / 2)) {
    const some = byNearness.slice(0, n);
    const poses = lookingPosesElsewhere(ctx, centroid(some), lookingDistance(spread(some)), some, lookedFrom);
    if (poses === 'here' || poses.length > 0) return poses;
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

/**
 * One more look at spots the robot took objects from out of a crowd: what they stood in front of
 * shows only once they are gone, so "all the X" is not done until the spots were seen again. From
 * a pose that sees them all (look-at.ts); false when none could be reached or the look failed.
 */
export async function lookAgainWhereTaken(ctx: SkillContext, spots: readonly Point[]): Promise<boolean> {
  const { robot } = ctx;
  const poses = lookingPosesElsewhere(ctx, centroid(spots), lookingDistance(spread(spots)), spots, []);
  const there = poses === 'here' || (await driveToFirstReached(ctx, poses, POSES_TRIED, (pose) => `Going to (${pose.x}, ${pose.y}) to look again where I took objects from a crowd: what they hid shows now.`)) !== null;
  return there && (await robot.act('detect_objects', {}, 'Looking for what the objects I took had hidden.')).ok;
}
