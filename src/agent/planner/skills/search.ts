import type { FailureCode } from '../../../core/failure.js';
import { describeQuery, type SeenThing } from '../beliefs.js';
import { chooseByRelation } from '../relation-choice.js';
import type { ObjectQuery } from '../instruction.js';
import { inKeptOutZone } from '../kept-out.js';
import { distinct, namesOne, unseenInZone } from '../one-meant.js';
import { reachableFloor } from './floor-routes.js';
import { oneOrTwo } from './look-alikes.js';
import type { ToolReply } from '../planner-session.js';
import type { SkillContext } from './skill-context.js';
import { whichOne } from '../which-one.js';

/**
 * Finding things with the camera: look ahead, then all around, then explore the room from the
 * views a coverage plan of the map picks (each the most unseen floor per metre driven), stopping
 * as soon as what is wanted is known (search-reports.ts says what was found).
 */

/** Failures where a spot a little to the side may work: no path to this one, motion blocked on
 *  the way, or the spot (or every route to it) inside a zone the mission keeps out of. */
const NUDGE_WORTHY = new Set<FailureCode>(['unreachable', 'failed', 'goal_in_avoided_zone', 'no_route_avoiding_zones']);
/** A scan from closer than this to an earlier one adds little: the robot does not repeat it. */
const RESCAN_RADIUS_M = 1;
/** Looks at the unseen part of a zone a reference names, before the room's own plan is followed. */
const ZONE_LOOKS = 2;
/** This many views in a row out of reach means the robot cannot get anywhere from where it is. */
const BOXED_IN_AFTER = 3;

export interface Found {
  objects: SeenThing[];
  /** Places the robot looked from. */
  places: number;
  /** Whether every view of the room that could show something new has been scanned. */
  complete: boolean;
  /** Why the search stopped before the room was covered, when the robot could not go on (a
   *  flat battery, an error state): not a place to skip but a reason to stop asking. */
  stopped?: string;
  /** Every view the robot can get to was scanned, but part of the room is seen only from floor
   *  out of its reach: enough to act on the one X found there, never to say the room has none. */
  reachableCovered?: true;
  /** The search is complete but for a part of the room closed off from the floor the robot can
   *  reach (a shut room): what is said of the room is said of the floor it can get to. */
  closedOff?: true;
}

/** How far the room was searched, when the search was complete: the whole room, or all of it but
 *  a part closed off from the robot. */
export function searchedAll(found: Pick<Found, 'closedOff'>): string {
  return found.closedOff ? 'I searched all the floor I can get to (part of the room is closed off from it)' : 'I searched the whole room';
}

/** Finds the object asked for (for "all", every one in the room): stops looking as soon as one
 *  is known, or for "all" once the room is covered — with `wholeBoxes`, covered also where an
 *  object near a scan spot is cut by the frame's edge (coverage.ts), as a count needs. */
export async function find(ctx: SkillContext, q: ObjectQuery, { wholeBoxes = false } = {}): Promise<Found> {
  const wanted = () => ctx.beliefs.matching(q, ctx.robot.pose);
  return explore(ctx, q, () => !q.all && wanted().length > 0, { wholeBoxes });
}

/**
 * The nearest object matching `q` that `todo` accepts, looking further only when none is known
 * yet: what "all the X" works through, so each one is handled as soon as it is found rather than
 * after the whole room has been searched. Undefined once the room is covered and none is left.
 */
export async function findNext(ctx: SkillContext, q: ObjectQuery, todo: (o: SeenThing) => boolean): Promise<{ next?: SeenThing; places: number; stopped?: string }> {
  const next = () => ctx.beliefs.matching(q, ctx.robot.pose).find(todo);
  const known = next();
  if (known) return { next: known, places: 0 };
  const found = await explore(ctx, q, () => next() !== undefined);
  return { next: next(), places: found.places, ...(found.stopped ? { stopped: found.stopped } : {}) };
}

/**
 * "The X" names one object, and one seen is not yet one known: a second may stand behind the shelf.
 * The robot acts on it only once the place the words point to (the zone they name, else the room)
 * has been covered with no second one seen; the look goes on from where the search stopped, and
 * stops at the first sighting of a second one — then which was meant is asked, not guessed. A room
 * covered earlier in the mission is not covered again. `stopped` says why the search could not finish.
 */
async function lookForTwin(ctx: SkillContext, q: ObjectQuery): Promise<{ stopped?: string }> {
  const { robot, beliefs } = ctx;
  const twinSeen = () => distinct(beliefs, beliefs.matching(q, robot.pose)).length > 1;
  const zone = q.inZone ? beliefs.zone(q.inZone) : undefined;
  const unseen = () => (zone ? unseenInZone(beliefs, zone, robot.pose) : null);
  // A zone is looked over where it was not yet seen, before the room's plan takes the robot elsewhere.
  for (let look = 0, spot = unseen()?.[0]; spot && look < ZONE_LOOKS && !twinSeen(); look++, spot = unseen()?.[0]) {
    if (!(await goNear(ctx, spot, `Looking over the rest of ${q.inZone} for a second one: going to (${spot.x}, ${spot.y}).`)).ok) break;
    await scan(ctx, 'Scanning here.');
  }
  const covered = () => unseen()?.length === 0;
  if (twinSeen() || covered()) return {};
  const found = await explore(ctx, q, () => twinSeen() || covered(), { sweepOnly: true });
  return twinSeen() || covered() || found.complete || found.reachableCovered ? {} : { stopped: found.stopped ?? 'the search stopped' };
}

/** Looks ahead, then all around, then from coverage views until `enough` or the room is covered;
 *  `sweepOnly` goes straight to the coverage views (the looks here were made already). */
async function explore(ctx: SkillContext, q: ObjectQuery, enough: () => boolean, { sweepOnly = false, wholeBoxes = false } = {}): Promise<Found> {
  const { robot, beliefs } = ctx;
  const matches = () => beliefs.matching(q, robot.pose);
  let places = 1;
  if (!sweepOnly) await robot.act('detect_objects', {}, `Looking for ${describeQuery(q)}.`);
  if (enough()) return { objects: matches(), places, complete: false };
  const armed = await robot.ensureArmed();
  if (!armed.ok) return { objects: matches(), places, complete: false };
  if (!scannedNear(ctx, robot.pose)) {
    await scan(ctx, q.all ? 'Scanning all around.' : `No ${describeQuery(q).replace(/^the /, '')} in view; scanning all around.`);
    if (enough()) return { objects: matches(), places, complete: false };
  }
  const coverage = beliefs.coverage();
  if (!coverage) return { objects: matches(), places, complete: false };
  const { map } = beliefs;
  if (map) coverage.keepReachableViews(() => reachableFloor(map, robot.pose));
  let unreached = 0;
  // Views first as planned, then (the floor covered) for a count again for the ring near each scan
  // spot where an object is cut by the frame's edge, before it says it searched the whole room.
  const nextView = () => coverage.nextView(robot.pose) ?? (wholeBoxes && coverage.wholeBoxes() ? coverage.nextView(robot.pose) : null);
  for (let view = nextView(); view; view = nextView()) {
    // A view inside a zone the mission keeps out of is not one to drive to; the camera sees into
    // the zone from the views around it.
    if (inKeptOutZone(ctx, view)) {
      coverage.dropView(view);
      continue;
    }
    const share = Math.round(coverage.coveredShare() * 100);
    const go = await goNear(ctx, view, `${q.all ? 'Searching' : 'Not found yet; searching'} from (${view.x}, ${view.y}) (${share}% of the floor seen so far).`);
    if (robot.estopped) return { objects: matches(), places, complete: false };
    if (go.stop) return { objects: matches(), places, complete: false, stopped: go.stop };
    if (!go.ok) {
      coverage.dropView(view);
      // Views in different places all out of reach: the robot is boxed in, not the views.
      if (++unreached === BOXED_IN_AFTER) return { objects: matches(), places, complete: false, stopped: `I could not reach any of the last ${BOXED_IN_AFTER} places to look from (${go.why ?? 'no way there'})` };
      continue;
    }
    unreached = 0;
    places++;
    // A scan that failed here covered nothing: the view is not offered again, or the search would circle back to it.
    if (!(await scan(ctx, 'Scanning here.')).ok) coverage.dropView(view);
    if (enough()) return { objects: matches(), places, complete: false };
  }
  // Floor seen only from where the robot cannot go (a shut room, a corner it is boxed into) was
  // never looked at: a count of "0 cubes after searching the whole room" had been said from a corner.
  const outOfReach = coverage.floorOutOfReach();
  if (outOfReach === 'most') return { objects: matches(), places, complete: false, stopped: 'the rest of the room is out of my reach from here', reachableCovered: true };
  return { objects: matches(), places, complete: true, ...(outOfReach === 'some' ? { closedOff: true as const } : {}) };
}

/** ", then stopped: <why>" when the robot could not search on. */
export function stoppedBecause(found: Found): string {
  return found.stopped ? `, then had to stop searching: ${found.stopped}` : '';
}

function scannedNear({ beliefs }: SkillContext, p: { x: number; y: number }): boolean {
  return beliefs.scannedAt.some((s) => Math.hypot(s.x - p.x, s.y - p.y) < RESCAN_RADIUS_M);
}

/** Drives to a view, or to a spot nearby when something stands on it; `stop` says why no
 *  other view is worth trying either (the failure was the robot's, not the spot's). */
async function goNear({ robot }: SkillContext, wp: { x: number; y: number }, say: string): Promise<{ ok: boolean; stop?: string; why?: string }> {
  const spots = [wp, ...[[0.6, 0], [-0.6, 0], [0, 0.6], [0, -0.6]].map(([dx, dy]) => ({ x: Math.round((wp.x + dx!) * 100) / 100, y: Math.round((wp.y + dy!) * 100) / 100 }))];
  let why: string | undefined;
  for (const [i, spot] of spots.entries()) {
    const go = await robot.act('navigate_to', spot, i === 0 ? say : `(${wp.x}, ${wp.y}) is blocked; trying (${spot.x}, ${spot.y}).`);
    if (go.ok) return { ok: true };
    why = go.text;
    // Only a blocked or occupied spot is worth nudging; other failures (battery, e-stop) are not,
    // and no other view would fare better.
    if (robot.estopped) return { ok: false };
    if (!go.error || !NUDGE_WORTHY.has(go.error.code)) return { ok: false, stop: go.text };
  }
  return { ok: false, ...(why ? { why } : {}) };
}

/** Scans all around, or only the headings that would show floor no scan has covered yet: from a
 *  second place most of the circle is floor the first scans saw. */
export async function scan({ robot, beliefs }: SkillContext, say: string): Promise<ToolReply> {
  const headings = beliefs.coverage()?.scanHeadings(robot.pose, robot.heading);
  const r = await robot.act('scan_surroundings', headings ? { headings_deg: headings } : {}, say);
  if (r.ok) beliefs.scannedFrom({ ...robot.pose });
  return r;
}

/**
 * The one object a singular reference means, or why it cannot be told: a comparison ("the
 * closest cube") or "the red cube" needs the candidates around, so the robot looks all around
 * before choosing; two equally good candidates are named, never picked between silently.
 */
export async function choose(ctx: SkillContext, q: ObjectQuery): Promise<{ target: SeenThing } | { problem: string }> {
  // "Nearest"/"farthest" are from where the robot was when asked, not from where the search took it.
  const asked = { ...ctx.robot.pose };
  // The farthest is the farthest of the whole room: any one not yet seen may be farther. So is
  // the one nearest to (or farthest from) a place, or the westmost: one not yet seen may be nearer
  // the dock than any seen from here.
  const whole = q.rank === 'farthest' || comparedWithTheRoom(q);
  const found = await find(ctx, whole ? { ...q, all: true } : q);
  if (!found.objects[0]) return { problem: `I could not find ${describeQuery(q)} anywhere: I looked from ${found.places} place(s)${stoppedBecause(found)}.` };
  if (whole && cutShort(ctx, found)) return { problem: `I could not tell ${describeQuery(q)}: ${partialSearch(found, distinct(ctx.beliefs, found.objects))}` };
  if ((q.definite || q.rank || q.relation) && !scannedNear(ctx, ctx.robot.pose)) await scan(ctx, 'Looking all around for look-alikes before choosing.');
  const twinLook = namesOne(q) ? await lookForTwin(ctx, q) : {};
  const lookAlikes = () => distinct(ctx.beliefs, ctx.beliefs.matching(q, ctx.robot.pose));
  if (namesOne(q) && lookAlikes().length === 2) await oneOrTwo(ctx, q, lookAlikes() as [SeenThing, SeenThing]);
  const candidates = lookAlikes();
  if (candidates.length === 0) return { problem: `I lost sight of ${describeQuery(q)}.` };
  if (twinLook.stopped && candidates.length === 1) {
    const one = candidates[0]!;
    return { problem: `I saw ${one.id} at (${one.x}, ${one.y}) but could not search the rest of ${q.inZone ?? 'the room'} to tell whether it is the only ${describeQuery(q).replace(/^the /, '')} (${twinLook.stopped}): say which one you mean, for example by where it is` };
  }
  // "the ball by the wall": the relation picks, and two equally good are named, not guessed between.
  const related = chooseByRelation(ctx.beliefs, q, candidates, (other) => distinct(ctx.beliefs, ctx.beliefs.matching(other, ctx.robot.pose)), asked);
  if (related && 'among' in related && related.among) ctx.beliefs.question = whichOne(q, related.among, ctx.beliefs.map);
  if (related) return related;
  if (q.rank) return { target: q.rank === 'nearest' ? candidates[0]! : candidates.at(-1)! };
  if (q.definite && candidates.length > 1) {
    const named = candidates.map((o) => `${o.id} at (${o.x}, ${o.y})`);
    ctx.beliefs.question = whichOne(q, candidates, ctx.beliefs.map);
    return { problem: `"${q.text}" could be ${named.join(' or ')}: say which one (for example "the nearest ${describeQuery(q).replace(/^the /, '')}")` };
  }
  const target = candidates[0]!;
  // A second one seen later makes this a guess: the mission's end checks for one (one-meant.ts).
  if (namesOne(q)) ctx.beliefs.meant.push({ q, id: target.id, at: { x: target.x, y: target.y } });
  return { target };
}

/** Whether the reference compares every object of the room with a place or a direction ("the ball
 *  closest to the dock", "the cube farthest from the outbox", "the leftmost cube"). */
export function comparedWithTheRoom(q: ObjectQuery): boolean {
  return q.relation !== undefined && ('ranked' in q.relation || 'extreme' in q.relation);
}

/** "The two cubes nearest you": which ones is known only once the room is searched, and measured
 *  from where the robot was when asked. The ids of the `q.count` nearest (or farthest), or why not. */
export async function rankedFew(ctx: SkillContext, q: ObjectQuery): Promise<{ ids: Set<string> } | { problem: string }> {
  const asked = { ...ctx.robot.pose };
  const found = await find(ctx, { ...q, all: true });
  const objects = distinct(ctx.beliefs, found.objects);
  if (cutShort(ctx, found)) return { problem: `I could not tell ${describeQuery(q)}: ${partialSearch(found, objects)}` };
  const n = q.count ?? 1;
  // "The two balls nearest the dock": the objects come best first by the relation (from `matching`).
  if (comparedWithTheRoom(q)) return { ids: new Set(objects.slice(0, n).map((o) => o.id)) };
  const away = (o: SeenThing) => Math.hypot(o.x - asked.x, o.y - asked.y);
  const byDistance = objects.sort((a, b) => away(a) - away(b));
  return { ids: new Set((q.rank === 'farthest' ? byDistance.slice(-n) : byDistance.slice(0, n)).map((o) => o.id)) };
}

/** "The two cubes", "both balls": the speaker counted them, so the room is searched before any is
 *  moved, and more of them than said is refused naming them all: moving two of three would guess
 *  which two were meant. The ids of those found, or why not. */
export async function theCounted(ctx: SkillContext, q: ObjectQuery): Promise<{ ids: Set<string> } | { problem: string }> {
  const found = await find(ctx, { ...q, all: true });
  const objects = distinct(ctx.beliefs, found.objects);
  if (cutShort(ctx, found)) return { problem: `I could not tell which are ${describeQuery(q)}: ${partialSearch(found, objects)}` };
  const [n, kind] = [q.count ?? 2, describeQuery({ ...q, count: undefined }).replace(/^all /, '')];
  if (objects.length <= n) return { ids: new Set(objects.map((o) => o.id)) };
  return { problem: `I was told of ${n} ${kind}, but there are ${objects.length}: ${objects.map((o) => `${o.id} at (${o.x}, ${o.y})`).join(', ')}; say which ${n} you mean (for example by colour or where they are)` };
}

/** Whether the search stopped before the room was covered for a reason other than having found enough. */
export function cutShort({ robot }: SkillContext, found: Found): boolean {
  return found.stopped !== undefined || robot.estopped;
}

export function partialSearch(found: Found, seen: SeenThing[]): string {
  const so = seen.length ? `; so far I saw ${seen.map((o) => `${o.id} at (${o.x}, ${o.y})`).join(', ')}` : '; I saw none so far';
  return `I looked from ${found.places} place(s)${stoppedBecause(found)}, before the whole room was seen${so}.`;
}
