import type { MapPlace } from '../instruction.js';
import { fail, ok, type Step } from '../step.js';
import type { SkillContext } from './skill-context.js';
import { centreIsFree, spreadStandingPoints } from './zone-stand.js';

/** Points of a zone tried when its centre cannot be stood on. */
const POINTS_TRIED = 4;

/** Driving and turning on request. */
export async function goto(ctx: SkillContext, target: MapPlace | { point: { x: number; y: number } }): Promise<Step> {
  const { robot } = ctx;
  const armed = await robot.ensureArmed();
  if (!armed.ok) return armed;
  if ('zone' in target) return gotoZone(ctx, target.zone);
  const point = 'point' in target ? target.point : robot.start;
  const where = `${'start' in target ? 'where I started, ' : ''}(${point.x}, ${point.y})`;
  const r = await robot.act('navigate_to', { ...point }, `Going to ${where}.`);
  return r.ok ? ok(`Arrived at ${where}.`) : fail(`I could not go to ${where}: ${r.text}`);
}

/**
 * Into a zone: its centre (navigate_to_zone), unless the map puts furniture there or the robot
 * finds the centre unreachable; then free points inside the zone, nearest the centre first,
 * each a different part of it. Only an unreachable point is worth trying another for.
 */
async function gotoZone({ robot, beliefs }: SkillContext, zone: string): Promise<Step> {
  const area = beliefs.zone(zone);
  const map = beliefs.map;
  let why: string;
  if (!area || !map || centreIsFree(map, area)) {
    const r = await robot.act('navigate_to_zone', { zone }, `Going to ${zone}.`);
    if (r.ok) return ok(`Arrived at ${zone}.`);
    if (!area || !map || r.error?.code !== 'unreachable') return fail(`I could not go to ${zone}: ${r.text}`);
    why = `its centre is unreachable (${r.text})`;
  } else why = 'the map has something standing on its centre';
  const points = spreadStandingPoints(map, area, POINTS_TRIED, robot.pose);
  if (points.length === 0) return fail(`I could not go to ${zone}: ${why}, and no part of it leaves the robot room to stand`);
  let last = '';
  for (const [i, p] of points.entries()) {
    const say = i === 0 ? `Going to ${zone}: ${why}, so to (${p.x}, ${p.y}) inside it.` : `(${points[i - 1]!.x}, ${points[i - 1]!.y}) is blocked; trying (${p.x}, ${p.y}) in ${zone}.`;
    const r = await robot.act('navigate_to', { ...p }, say);
    if (r.ok) return ok(`Arrived in ${zone}, at (${p.x}, ${p.y}).`);
    last = r.text;
    if (r.error?.code !== 'unreachable' && r.error?.code !== 'failed') break;
  }
  return fail(`I could not go to ${zone}: ${why}, and ${last}`);
}

export async function rotate({ robot }: SkillContext, degrees: number): Promise<Step> {
  const armed = await robot.ensureArmed();
  if (!armed.ok) return armed;
  const r = await robot.act('rotate', { angle_deg: degrees }, `Turning ${degrees}°.`);
  return r.ok ? ok(`Turned ${degrees}°.`) : fail(`I could not turn: ${r.text}`);
}
