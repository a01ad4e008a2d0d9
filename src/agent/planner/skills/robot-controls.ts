import type { StatusTopic } from '../frames/goal-types.js';
import type { GroundedGoal } from '../grounding.js';
import { fail, ok, pct, type Step } from '../step.js';
import type { SkillContext } from './skill-context.js';

/** Status questions, pictures, safety commands (arm, disarm, stop, emergency stop) and parameters. */

type ControlGoal = Extract<GroundedGoal, { kind: 'arm' | 'disarm' | 'stop' | 'estop' | 'reset_estop' | 'set' }>;

export async function status({ robot, beliefs }: SkillContext, topic: StatusTopic): Promise<Step> {
  if (topic === 'zones') return ok(placesOnTheMap(beliefs.map?.zones ?? []));
  const r = await robot.call('get_robot_status', {}, 'Reading the status.');
  if (!r.ok) return fail(`I could not read the status: ${r.text}`);
  const s = r.data;
  const battery = `Battery at ${pct(s.battery)}${s.charging ? ' (charging)' : ''}.`;
  const pose = `I am at (${s.pose.x}, ${s.pose.y}) facing ${s.pose.heading_deg}°${s.zone ? `, in ${s.zone}` : ''}.`;
  const holding = s.holding ? `I am holding ${s.holding}.` : 'I am not holding anything.';
  const state = `State ${s.state}, ${s.armed ? 'armed' : 'disarmed'}${s.emergency_stop ? ', emergency stop latched' : ''}.`;
  // Where the robot stood at the mission's first status read (robot.start), and the zone there.
  const zone = beliefs.zoneAt(robot.start);
  const start = `I started at (${robot.start.x}, ${robot.start.y})${zone ? `, in ${zone}` : ''}.`;
  return ok({ battery, pose, holding, start, all: `${state} ${pose} ${battery} ${holding}` }[topic]);
}

/** "Which areas do you know about?": the map's zones, each with its centre, read from the map (no tool call). */
function placesOnTheMap(zones: ReadonlyArray<{ name: string; center: { x: number; y: number } }>): string {
  if (!zones.length) return 'I have no map, so I know of no places.';
  const named = zones.map((z) => `${z.name.replace(/_/g, ' ')} (${z.center.x}, ${z.center.y})`);
  return `The map has ${zones.length} places: ${named.slice(0, -1).join(', ')}${named.length > 1 ? ' and ' : ''}${named.at(-1)}.`;
}

/** "Take a picture": one frame from the camera, as a PNG the report keeps. */
export async function capture({ robot }: SkillContext): Promise<Step> {
  const r = await robot.call('capture_image', {}, 'Taking a picture.');
  if (!r.ok) return fail(`I could not take a picture: ${r.text}`);
  const d = r.data ?? {};
  return ok(`Took a ${d.width}x${d.height} picture from (${d.pose?.x}, ${d.pose?.y}) facing ${d.pose?.heading_deg}°.`);
}

/** One tool call that does what was asked, with what to say before and after. */
export async function control({ robot }: SkillContext, goal: ControlGoal): Promise<Step> {
  const { tool, args, say, done } = controlCall(goal);
  const r = await robot.call(tool, args, say);
  return r.ok ? ok(done) : fail(`${tool} failed: ${r.text}`);
}

function controlCall(goal: ControlGoal): { tool: string; args: Record<string, unknown>; say: string; done: string } {
  switch (goal.kind) {
    case 'set':
      return { tool: 'set_parameter', args: { name: goal.name, value: goal.value }, say: `Setting ${goal.name} to ${goal.value}.`, done: `Set ${goal.name} to ${goal.value}.` };
    case 'arm':
      return { tool: 'arm', args: {}, say: 'Arming.', done: 'Armed.' };
    case 'disarm':
      return { tool: 'disarm', args: {}, say: 'Disarming.', done: 'Disarmed: motion is off.' };
    case 'stop':
      return { tool: 'stop', args: {}, say: 'Stopping.', done: 'Stopped.' };
    case 'estop':
      return { tool: 'emergency_stop', args: { reason: 'requested by the user' }, say: 'Emergency stop!', done: 'Emergency stop engaged; it stays latched until reset.' };
    case 'reset_estop':
      return { tool: 'reset_emergency_stop', args: {}, say: 'Resetting the emergency stop.', done: 'Emergency stop reset; the robot is disarmed until armed again.' };
  }
}
