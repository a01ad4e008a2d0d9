import type { GoalReport } from '../outcome-tool.js';
import type { GroundedGoal } from './grounding.js';
import { centroid, driveToFirstReached, goLookAt, lookingDistance, lookingPoses, lookingPosesElsewhere, spread } from './look-at.js';
import { idMatches, queryOfId } from './object-ids.js';
import type { ToolReply } from './planner-session.js';
import type { FacingPose } from './skills/facing-poses.js';
import type { SkillContext } from './skills/skill-context.js';
import type { Placed } from './step.js';

/**
 * The check that what was put down is there: fresh looks with the camera, from poses that see
 * the spots (look-at.ts), as many at a time as one view takes in — three balls spread over a
 * staging area between pillars may need two looks — then all around for what is still unseen.
 * An object counts only when a detection of this look shows it in the zone (or near the spot
 * aimed at): its own tracker id, or one of its colour and shape near where it was put down.
 * Never memory: a remembered position is where to look, not evidence.
 */
type Point = { x: number; y: number };
type Seen = { id: string; position: Point };
/** `from`: where the robot stood to put it down, a side it is known to be seen from. */
type Item = { id: string; at?: Point; from?: Point };

/** Looks that each aim at what is still unseen, before looking all around. */
const MAX_LOOKS = 4;
/** A look-alike seen this near where an object was put down is taken for it. */
const NEAR_PUT_M = 0.5;
/** Poses tried for one look. */
const POSES_TRIED = 2;

export async function lookForPlaced(ctx: SkillContext, text: string, goal: Extract<GroundedGoal, { kind: 'place' }>, placed: Placed): Promise<GoalReport> {
  const t = goal.target;
  const zone = 'zone' in t ? ctx.beliefs.zone(t.zone) : undefined;
  const inside = (p: Point) =>
    zone ? p.x >= zone.min_x - 0.05 && p.x <= zone.max_x + 0.05 && p.y >= zone.min_y - 0.05 && p.y <= zone.max_y + 0.05 : placed.spot ? Math.hypot(p.x - placed.spot.x, p.y - placed.spot.y) <= 1.0 : true;
  const where = zone ? `in ${zone.name}` : placed.spot ? `near (${placed.spot.x}, ${placed.spot.y})` : 'here';
  if (placed.ids.length === 0) return { text, status: 'met', evidence: 'nothing needed moving' };
  const fallback = zone?.center ?? placed.spot ?? { x: ctx.robot.pose.x, y: ctx.robot.pose.y };
  // Where each one was put down (the release results, in order), else where it was last seen.
  let left: Item[] = placed.ids.map((id, i) => ({ id, at: placed.at?.[i] ?? seenAt(ctx, id), from: ctx.beliefs.releasedFrom.get(id) }));
  const found: Seen[] = [];
  const used = new Set<string>();
  let seenThere: Seen[] = [];
  const take = (seen: Seen[]) => {
    seenThere = seen;
    const still: Item[] = [];
    for (const item of left) {
      const d = sightingOf(item, seen, used);
      if (d) {
        used.add(d.id);
        found.push(d);
      } else still.push(item);
    }
    const matched = still.length < left.length;
    left = still;
    return matched;
  };
  // A look that misses something may have had it hidden (behind a bay's divider, by the frame's
  // edge): it is looked at once more from elsewhere before it counts as not there.
  const lookedFrom: Point[] = [];
  let missed = false;
  for (let look = 0; look < MAX_LOOKS && left.length > 0; look++) {
    if (!missed) await goSee(ctx, left.map((i) => i.at ?? fallback), where);
    else if (!(await goSeeFromElsewhere(ctx, left[0]!, fallback, where, lookedFrom))) break;
    lookedFrom.push({ ...ctx.robot.pose });
    const r: ToolReply = await ctx.robot.act('detect_objects', {}, `Looking to check ${left.map((i) => i.id).join(', ')} ${where}.`);
    const matched = take(detections(r).filter((d) => inside(d.position)));
    if (!matched && missed) break;
    missed = !matched;
  }
  if (left.length > 0) {
    const r: ToolReply = await ctx.robot.act('scan_surroundings', {}, 'Not all in view; looking all around to check.');
    take(detections(r).filter((d) => inside(d.position)));
  }
  if (left.length === 0) return { text, status: 'met', evidence: `${found.map((d) => `${d.id} seen at (${d.position.x}, ${d.position.y})`).join(', ')} ${where} (fresh looks with the camera)` };
  const there = seenThere.length ? ` (seen there: ${seenThere.map((d) => d.id).join(', ')})` : '';
  return { text, status: 'unmet', evidence: `${left.map((i) => i.id).join(', ')} not seen ${where} on a fresh look${there}` };
}

/** Goes where the camera sees all the points, or else the one nearest the robot. */
async function goSee(ctx: SkillContext, points: Point[], where: string): Promise<void> {
  if (!ctx.beliefs.map) {
    await goLookAt(ctx, centroid(points), lookingDistance(spread(points)), where, points);
    return;
  }
  let poses = lookingPoses(ctx, centroid(points), lookingDistance(spread(points)), points);
  if (poses !== 'here' && poses.length === 0) {
    const { x, y } = ctx.robot.pose;
    const nearest = [...points].sort((a, b) => Math.hypot(a.x - x, a.y - y) - Math.hypot(b.x - x, b.y - y))[0]!;
    poses = lookingPoses(ctx, nearest, lookingDistance(undefined), [nearest]);
  }
  if (poses === 'here') return;
  await driveToFirstReached(ctx, poses, POSES_TRIED, (pose, i) => say(pose, where, i));
}

/**
 * After a look that missed the item: to a pose that sees where it was put down, away from every
 * pose looked from so far, on the side the robot put it down from first (it came that way, so
 * nothing stands between). False when there is no such pose or none could be reached.
 */
async function goSeeFromElsewhere(ctx: SkillContext, item: Item, fallback: Point, where: string, lookedFrom: readonly Point[]): Promise<boolean> {
  const at = item.at ?? fallback;
  const poses = lookingPosesElsewhere(ctx, at, lookingDistance(undefined), [at], lookedFrom, item.from ? { side: item.from } : null);
  if (poses === 'here') return false;
  return (await driveToFirstReached(ctx, poses, POSES_TRIED, (pose) => `${item.id} was not in that view; looking ${where} again from (${pose.x}, ${pose.y}).`)) !== null;
}

const say = (pose: FacingPose, where: string, i: number) =>
  i === 0 ? `Going to (${pose.x}, ${pose.y}) to look at what I put down ${where}.` : `Could not get there; trying (${pose.x}, ${pose.y}) to look ${where}.`;

/** This look's sighting of the item: its own id, or an unused one of its kind near where it was put. */
function sightingOf(item: Item, seen: Seen[], used: Set<string>): Seen | undefined {
  const free = seen.filter((d) => !used.has(d.id));
  const same = free.find((d) => d.id === item.id);
  if (same) return same;
  const kind = free.filter((d) => idMatches(d.id, { ...queryOfId(item.id), all: false, text: item.id }));
  if (!item.at) return kind[0];
  const at = item.at;
  return kind.filter((d) => Math.hypot(d.position.x - at.x, d.position.y - at.y) <= NEAR_PUT_M).sort((a, b) => dist(a.position, at) - dist(b.position, at))[0];
}

function detections(r: ToolReply): Seen[] {
  return ((r.data?.detections ?? []) as Seen[]).filter((d) => d.position);
}

function seenAt({ beliefs }: SkillContext, id: string): Point | undefined {
  const o = beliefs.seen.get(id);
  return o ? { x: o.x, y: o.y } : undefined;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
