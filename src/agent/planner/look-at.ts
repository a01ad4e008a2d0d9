import { inKeptOutZone } from './kept-out.js';
import { inPlainView, standsFacing, type FacingPose } from './skills/facing-poses.js';
import type { SkillContext } from './skills/skill-context.js';
import { knownObjects } from './skills/zone-drop.js';
import { STAND_CLEARANCE_M } from './skills/zone-stand.js';

/**
 * Going to where the camera sees a place whole, to check it with a fresh look: what was just put
 * down lies under the camera (it sees nothing nearer than about 0.8 m ahead), a bay's divider or
 * a table may stand in the way, and by the time a search is over the robot may be far from it.
 * The pose is one the base can stand in (facing-poses.ts), facing the place, with every point to
 * check inside the camera's view, in its range and in plain view of the map's furniture.
 */
type Point = { x: number; y: number };
type Area = { min_x: number; min_y: number; max_x: number; max_y: number };

/** Half the camera's 70° view, less a margin so an object is not cut by the frame's edge. */
const HALF_VIEW_DEG = 27;
/** Nearer than this the floor is below the camera's view; further, small objects are missed. */
const NEAREST_M = 1.0;
const FURTHEST_M = 3.2;
/** Poses tried before looking from wherever the robot got to. */
const POSES_TRIED = 3;

/** Where the robot ended up looking from, or null when it looks from where it is. */
export async function goLookAt(ctx: SkillContext, target: Point, distance: number, where: string, sees: readonly Point[] = [target]): Promise<FacingPose | null> {
  const { beliefs } = ctx;
  if (!beliefs.map) return goBackAlongLine(ctx, target, distance, where);
  const poses = lookingPoses(ctx, target, distance, sees);
  if (poses === 'here') return null;
  return driveToFirstReached(ctx, poses, POSES_TRIED, (pose, i) =>
    i === 0 ? `Going to (${pose.x}, ${pose.y}) to look at what I put down ${where}.` : `Could not get there; trying (${pose.x}, ${pose.y}) to look ${where}.`,
  );
}

/** Drives to the first of the first `tries` poses it can reach: that pose, or null when none
 *  could be reached (or the emergency stop ended the tries). `say` narrates the i-th try. */
export async function driveToFirstReached(ctx: SkillContext, poses: readonly FacingPose[], tries: number, say: (pose: FacingPose, i: number) => string): Promise<FacingPose | null> {
  for (const [i, pose] of poses.slice(0, tries).entries()) {
    if ((await ctx.robot.act('navigate_to', { ...pose }, say(pose, i))).ok) return pose;
    if (ctx.robot.estopped) break;
  }
  return null;
}

/**
 * Poses from which the camera sees every point of `sees` (about `distance` from `target`, facing
 * it), nearest the robot first; 'here' when the robot already does. Empty when no pose of the map
 * sees them all at once (too far apart, furniture between them, or only from a zone the mission
 * keeps out of): look at fewer at a time.
 */
export function lookingPoses(ctx: SkillContext, target: Point, distance: number, sees: readonly Point[], elsewhere = false): FacingPose[] | 'here' {
  const { robot, beliefs } = ctx;
  const map = beliefs.map;
  if (!map) return [];
  const here = { x: robot.pose.x, y: robot.pose.y, heading: robot.heading };
  // `elsewhere`: the look from here has just missed it, so here is no answer.
  if (!elsewhere && inView(here, sees) && sees.every((p) => inPlainView(map, here, p))) return 'here';
  const objects = knownObjects(ctx);
  const tried = new Set<string>();
  const poses: FacingPose[] = [];
  for (const d of [distance, distance + 0.5, Math.max(NEAREST_M + 0.2, distance - 0.4)]) {
    for (const p of standsFacing(map, target, d, here, { sees, objects })) {
      const key = `${p.x},${p.y}`;
      // A zone the mission keeps out of is no place to look from: the robot would refuse to go.
      if (!tried.has(key) && inView(p, sees) && !inKeptOutZone(ctx, p, STAND_CLEARANCE_M)) poses.push(p);
      tried.add(key);
    }
  }
  // Nearest to the robot first, whatever the distance: the view is what matters, not the metres.
  return poses.sort((a, b) => Math.hypot(a.x - here.x, a.y - here.y) - Math.hypot(b.x - here.x, b.y - here.y));
}

/** A look again "from elsewhere" stands at least this far from every stand looked from: a step
 *  that changes what stands in front of what (a divider, a neighbour in a crowded tray). */
export const ELSEWHERE_M = 0.5;

/** Which of the poses looking from elsewhere come first: the nearest the robot (the default);
 *  those on the side of `side` (the robot came that way, so nothing stands between); or those
 *  whose bearing to the target differs most from every look so far (`apart`: what the earlier
 *  looks had hidden behind something shows from another side). */
export type ElsewhereOrder = { side: Point } | { apart: true } | null;

/**
 * Poses that see `sees` again after looks from `lookedFrom` missed something or may have had it
 * hidden: the looking poses of `lookingPoses`, none within ELSEWHERE_M of a stand looked from,
 * in the order asked for. With no look yet, the plain looking poses ('here' when the robot
 * already sees them). The one rule for "look again from elsewhere": checking what was put down
 * (verify-placed.ts) and looking at a zone whole (zone-look.ts) both use it.
 */
export function lookingPosesElsewhere(ctx: SkillContext, target: Point, distance: number, sees: readonly Point[], lookedFrom: readonly Point[], order: ElsewhereOrder = null): FacingPose[] | 'here' {
  if (lookedFrom.length === 0) return lookingPoses(ctx, target, distance, sees);
  const poses = lookingPoses(ctx, target, distance, sees, true);
  if (poses === 'here') return poses;
  const away = poses.filter((p) => lookedFrom.every((l) => Math.hypot(l.x - p.x, l.y - p.y) >= ELSEWHERE_M));
  if (order && 'side' in order) return away.sort((a, b) => bearingOff(a, target, order.side) - bearingOff(b, target, order.side));
  // Stable sort: among equally new sides, the nearest the robot stays first.
  if (order) return away.sort((a, b) => newSide(b, target, lookedFrom) - newSide(a, target, lookedFrom));
  return away;
}

/** How far round from every earlier look, at the target, a pose's side is (radians, 0..π). */
export function newSide(p: Point, target: Point, lookedFrom: readonly Point[]): number {
  return Math.min(...lookedFrom.map((l) => bearingOff(p, target, l)));
}

/** The angle at `at` between the way to `p` and the way to `q`, in radians. */
export function bearingOff(p: Point, at: Point, q: Point): number {
  const a = Math.atan2(p.y - at.y, p.x - at.x) - Math.atan2(q.y - at.y, q.x - at.x);
  return Math.abs(Math.atan2(Math.sin(a), Math.cos(a)));
}

/** Whether every point is inside the camera's view from the pose, at a distance it sees well. */
export function inView(pose: FacingPose, points: readonly Point[]): boolean {
  return points.every((p) => {
    const d = Math.hypot(p.x - pose.x, p.y - pose.y);
    const off = Math.abs(((((Math.atan2(p.y - pose.y, p.x - pose.x) * 180) / Math.PI - pose.heading) % 360) + 540) % 360 - 180);
    return d >= NEAREST_M && d <= FURTHEST_M && off <= HALF_VIEW_DEG;
  });
}

/** Without a map: back off along the line from the robot (or along its heading, standing there). */
async function goBackAlongLine({ robot }: SkillContext, target: Point, distance: number, where: string): Promise<FacingPose | null> {
  const dx = target.x - robot.pose.x;
  const dy = target.y - robot.pose.y;
  const along = Math.hypot(dx, dy) > 0.8 ? Math.atan2(dy, dx) : (robot.heading * Math.PI) / 180;
  const stand = { x: round2(target.x - distance * Math.cos(along)), y: round2(target.y - distance * Math.sin(along)), heading: Math.round(((along * 180) / Math.PI) * 10) / 10 };
  if (Math.hypot(stand.x - robot.pose.x, stand.y - robot.pose.y) < 0.2) return null;
  const r = await robot.act('navigate_to', { ...stand }, `Going to (${stand.x}, ${stand.y}) to look at what I put down ${where}.`);
  return r.ok ? stand : null;
}

/** How far from a place to look at it: the camera must see all of it, and it sees about 54° across well. */
export function lookingDistance(area: Area | undefined): number {
  if (!area) return 1.4;
  const half = Math.max(area.max_x - area.min_x, area.max_y - area.min_y) / 2;
  return Math.min(FURTHEST_M - 0.4, Math.max(1.4, half / Math.tan((HALF_VIEW_DEG * Math.PI) / 180)));
}

export function centroid(ps: readonly Point[]): Point {
  return { x: ps.reduce((a, p) => a + p.x, 0) / ps.length, y: ps.reduce((a, p) => a + p.y, 0) / ps.length };
}

/** The box around some points, padded so an object at its edge is inside the view. */
export function spread(ps: readonly Point[]): Area {
  const xs = ps.map((p) => p.x);
  const ys = ps.map((p) => p.y);
  return { min_x: Math.min(...xs) - 0.3, min_y: Math.min(...ys) - 0.3, max_x: Math.max(...xs) + 0.3, max_y: Math.max(...ys) + 0.3 };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
