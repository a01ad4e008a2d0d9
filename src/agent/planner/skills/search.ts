import type { FailureCode } from '../../../core/failure.js';
import { describeQuery, type SeenThing } from '../beliefs.js';
import type { ObjectQuery } from '../instruction.js';
import type { ToolReply } from '../planner-session.js';
import { capitalize, fail, ok, type Step } from '../step.js';
import type { SkillContext } from './skill-context.js';

/**
 * Finding things with the camera: look ahead, then all around, then explore the room from
 * waypoints; and the skills that report what was found.
 */

/** Failures where a spot a little to the side may work: no path to this one, or motion blocked on the way. */
const NUDGE_WORTHY = new Set<FailureCode>(['unreachable', 'failed']);

/** Looks ahead, then all around, then from waypoints across the room (all of them for "all"). */
export async function find(ctx: SkillContext, q: ObjectQuery): Promise<{ objects: SeenThing[]; places: number }> {
  const { robot, beliefs } = ctx;
  const wanted = () => beliefs.matching(q, robot.pose);
  let places = 1;
  await robot.act('detect_objects', {}, `Looking for ${describeQuery(q)}.`);
  if (!q.all && wanted().length) return { objects: wanted(), places };
  const armed = await robot.ensureArmed();
  if (!armed.ok) return { objects: wanted(), places };
  await scan(ctx, q.all ? 'Scanning all around.' : `No ${describeQuery(q).replace(/^the /, '')} in view; scanning all around.`);
  if (!q.all && wanted().length) return { objects: wanted(), places };
  for (const wp of beliefs.explorationWaypoints(robot.pose)) {
    const go = await goNear(ctx, wp, `${q.all ? 'Searching' : 'Not found yet; searching'} from (${wp.x}, ${wp.y}).`);
    if (robot.estopped) break;
    if (!go) {
      // Unreachable waypoint: mark it looked-at so it is not tried again.
      beliefs.scannedAt.push(wp);
      continue;
    }
    places++;
    await scan(ctx, 'Scanning here.');
    if (!q.all && wanted().length) break;
  }
  return { objects: wanted(), places };
}

/** Drives to a waypoint, or to a spot nearby when something stands on it. */
async function goNear({ robot }: SkillContext, wp: { x: number; y: number }, say: string): Promise<boolean> {
  const spots = [wp, ...[[0.6, 0], [-0.6, 0], [0, 0.6], [0, -0.6]].map(([dx, dy]) => ({ x: Math.round((wp.x + dx!) * 100) / 100, y: Math.round((wp.y + dy!) * 100) / 100 }))];
  for (const [i, spot] of spots.entries()) {
    const go = await robot.act('navigate_to', spot, i === 0 ? say : `(${wp.x}, ${wp.y}) is blocked; trying (${spot.x}, ${spot.y}).`);
    if (go.ok) return true;
    // Only a blocked or occupied spot is worth nudging; other failures (battery, e-stop) are not.
    if (robot.estopped || !go.error || !NUDGE_WORTHY.has(go.error.code)) return false;
  }
  return false;
}

export async function scan({ robot, beliefs }: SkillContext, say: string): Promise<ToolReply> {
  const r = await robot.act('scan_surroundings', {}, say);
  beliefs.scannedAt.push({ ...robot.pose });
  return r;
}

export async function findAndReport(ctx: SkillContext, q: ObjectQuery): Promise<Step> {
  const found = await find(ctx, q);
  if (found.objects.length === 0) return fail(`I could not find ${describeQuery(q)}: I looked from ${found.places} place(s) and did not see it.`);
  const zoneOf = (o: SeenThing) => ctx.beliefs.zoneAt(o);
  const list = (q.all ? found.objects : found.objects.slice(0, 1)).map((o) => `the ${o.color} ${o.shape} (${o.id}) is at about (${o.x}, ${o.y})${zoneOf(o) ? ` in ${zoneOf(o)}` : ''}`);
  return ok(`${capitalize(list.join('; '))}.`);
}

export async function lookAround(ctx: SkillContext): Promise<Step> {
  const armed = await ctx.robot.ensureArmed();
  if (!armed.ok) return armed;
  const r = await scan(ctx, 'Looking all around.');
  if (!r.ok) return fail(`I could not scan: ${r.text}`);
  const seen = (r.data?.detections ?? []) as Array<{ id: string; position: { x: number; y: number } }>;
  return ok(seen.length ? `I see ${seen.map((d) => `${d.id} at (${d.position.x}, ${d.position.y})`).join(', ')}.` : 'I see no objects from here.');
}
