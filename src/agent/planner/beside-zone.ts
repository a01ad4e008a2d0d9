import type { GoalReport } from '../outcome-tool.js';
import { describeQuery } from './beliefs.js';
import type { GroundedGoal } from './grounding.js';
import { goLookAt, lookingDistance } from './look-at.js';
import { idMatches, queryOfId } from './object-ids.js';
import { putOnSpot } from './skills/compositions.js';
import { posesFacing } from './skills/free-floor.js';
import { holdingMatches, pick } from './skills/pick.js';
import type { SkillContext } from './skills/skill-context.js';
import { fail, ok, type Step } from './step.js';
import { distanceToArea } from './map-areas.js';

/**
 * "Put the red cube near (next to, beside, by) bin a": outside the zone, close to its edge — never
 * in it. The robot picks a free spot just outside the edge nearest to it (clear of furniture and
 * of every zone), puts the object down so it lands there, and checks with a fresh look that the
 * object is outside the zone and within NEAR_EDGE_M of its boundary.
 */
type PlaceGoal = Extract<GroundedGoal, { kind: 'place' }>;
type Point = { x: number; y: number };
type Rect = { min_x: number; min_y: number; max_x: number; max_y: number };

/** How far outside the edge to aim: the object lands within a few centimetres of its spot. */
const AIM_OUTSIDE_M = 0.3;
/** "Near a zone" holds within this of its boundary. */
export const NEAR_EDGE_M = 0.5;

export async function putBeside(ctx: SkillContext, goal: PlaceGoal, zoneName: string): Promise<{ step: Step; checked: GoalReport[] }> {
  const { beliefs, robot } = ctx;
  const text = `${describeQuery(goal.object)} near ${zoneName}, outside it`;
  const failed = (message: string) => ({ step: fail(message), checked: [{ text, status: 'unmet' as const, evidence: message }] });
  const zone = beliefs.zone(zoneName);
  if (!zone || !beliefs.map) return failed(`I do not know where ${zoneName} is on the map.`);
  if (goal.object.all) return failed(`I can put one object at a time next to a place, not ${describeQuery(goal.object)}.`);
  const q = goal.object.pronoun ? (ctx.lastObject ? { ...queryOfId(ctx.lastObject), all: false, text: ctx.lastObject } : null) : goal.object;
  if (!q) return failed('"it" does not name an object here: say which object to put there.');
  const map = beliefs.map;
  const spots = spotsBeside(zone, map).filter((s) => posesFacing(map, s, robot.pose).length > 0);
  if (spots.length === 0) return failed(`I found no free floor just outside ${zoneName} to put ${describeQuery(q)} on.`);
  let picked = '';
  if (!(beliefs.holding && (goal.object.pronoun || holdingMatches(ctx, q)))) {
    const got = await pick(ctx, q);
    if (!got.ok) return { step: got, checked: [{ text, status: 'unmet', evidence: got.message }] };
    picked = `${got.message} `;
  }
  const id = beliefs.holding ?? q.text;
  const near = [...spots].sort((a, b) => dist(a, robot.pose) - dist(b, robot.pose));
  const put = await putOnSpot(ctx, id, near[0]!);
  if (!put.ok) return failed(`${picked}${put.message}`);
  const step = ok(`${picked}${put.message.replace(/\.$/, '')}, just outside ${zoneName}.`, put.placed);
  return { step, checked: [await checkBeside(ctx, text, id, zone, near[0]!, zoneName)] };
}

/** Spots AIM_OUTSIDE_M outside each edge (its middle and near its ends), free of furniture and of every zone. */
function spotsBeside(zone: Rect, map: { width: number; depth: number; obstacles: Rect[]; zones: Rect[] }): Point[] {
  const { min_x, min_y, max_x, max_y } = zone;
  const along = (a: number, b: number) => [(a + b) / 2, a + 0.25 * (b - a), a + 0.75 * (b - a)];
  const spots = [
    ...along(min_x, max_x).flatMap((x) => [{ x, y: min_y - AIM_OUTSIDE_M }, { x, y: max_y + AIM_OUTSIDE_M }]),
    ...along(min_y, max_y).flatMap((y) => [{ x: min_x - AIM_OUTSIDE_M, y }, { x: max_x + AIM_OUTSIDE_M, y }]),
  ].map((p) => ({ x: round(p.x), y: round(p.y) }));
  return spots.filter((p) => p.x > 0.2 && p.y > 0.2 && p.x < map.width - 0.2 && p.y < map.depth - 0.2 && !map.obstacles.some((o) => inside(o, p, 0.2)) && !map.zones.some((z) => inside(z, p, 0.1)));
}

/** A fresh look from where the robot put it down: seen outside the zone and near its edge. */
async function checkBeside(ctx: SkillContext, text: string, id: string, zone: Rect, spot: Point, zoneName: string): Promise<GoalReport> {
  // From where the camera takes in the spot (the pose it was put down from is too close to see it).
  await goLookAt(ctx, spot, lookingDistance(undefined), `just outside ${zoneName}`);
  let sighting: { id: string; at: Point } | undefined;
  for (const tool of ['detect_objects', 'scan_surroundings']) {
    const r = await ctx.robot.act(tool, {}, tool === 'detect_objects' ? `Looking to check ${id} just outside ${zoneName}.` : 'Not in view; looking all around to check.');
    const seen = ((r.data?.detections ?? []) as Array<{ id: string; position?: Point }>).filter((d) => d.position && (d.id === id || idMatches(d.id, { ...queryOfId(id), all: false, text: id })));
    sighting = seen.map((d) => ({ id: d.id, at: d.position! })).sort((a, b) => dist(a.at, spot) - dist(b.at, spot))[0];
    if (sighting && dist(sighting.at, spot) <= NEAR_EDGE_M) break;
  }
  if (!sighting || dist(sighting.at, spot) > NEAR_EDGE_M) return { text, status: 'unmet', evidence: `${id} not seen near (${spot.x}, ${spot.y}) on a fresh look` };
  const { at } = sighting;
  const edge = distanceToArea(at, zone);
  const where = `${sighting.id} seen at (${at.x}, ${at.y}), ${edge === 0 ? `inside ${zoneName}` : `${round(edge)} m outside ${zoneName}'s edge`} (a fresh look with the camera)`;
  return { text, status: edge > 0 && edge <= NEAR_EDGE_M ? 'met' : 'unmet', evidence: where };
}

const inside = (r: Rect, p: Point, pad: number) => p.x >= r.min_x - pad && p.x <= r.max_x + pad && p.y >= r.min_y - pad && p.y <= r.max_y + pad;
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const round = (v: number) => Math.round(v * 100) / 100;
