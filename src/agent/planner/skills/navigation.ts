import type { MapPlace } from '../instruction.js';
import { fail, ok, type Step } from '../step.js';
import type { SkillContext } from './skill-context.js';

/** Driving and turning on request. */
export async function goto({ robot }: SkillContext, target: MapPlace | { point: { x: number; y: number } }): Promise<Step> {
  const armed = await robot.ensureArmed();
  if (!armed.ok) return armed;
  const point = 'point' in target ? target.point : 'start' in target ? robot.start : null;
  const where = 'zone' in target ? target.zone : `${'start' in target ? 'where I started, ' : ''}(${point!.x}, ${point!.y})`;
  const r = 'zone' in target ? await robot.act('navigate_to_zone', { zone: target.zone }, `Going to ${target.zone}.`) : await robot.act('navigate_to', { ...point! }, `Going to ${where}.`);
  return r.ok ? ok(`Arrived at ${where}.`) : fail(`I could not go to ${where}: ${r.text}`);
}

export async function rotate({ robot }: SkillContext, degrees: number): Promise<Step> {
  const armed = await robot.ensureArmed();
  if (!armed.ok) return armed;
  const r = await robot.act('rotate', { angle_deg: degrees }, `Turning ${degrees}°.`);
  return r.ok ? ok(`Turned ${degrees}°.`) : fail(`I could not turn: ${r.text}`);
}
