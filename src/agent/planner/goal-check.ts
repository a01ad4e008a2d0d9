import type { GoalReport } from '../outcome-tool.js';
import { measureText, questionText } from './answers.js';
import { describeQuery } from './beliefs.js';
import type { GroundedGoal } from './grounding.js';
import { checkHandsOff, handsOffText } from './hands-off.js';
import { checkKeptOut } from './kept-out.js';
import { goLookAt, lookingDistance } from './look-at.js';
import { idMatches, queryOfId } from './object-ids.js';
import type { SkillContext } from './skills/skill-context.js';
import { lookForPlaced } from './verify-placed.js';
import { pct, type Step } from './step.js';

/**
 * Each goal as a condition that can be checked, and the check: after a goal's step the robot
 * looks again with its own sensors — its status (gripper, zone, pose, battery, arm), a parameter
 * read back, a fresh look for what it put down — and the goal is met only when that says so.
 * Never the simulator's truth, never the step's own word for a change in the world.
 */
export function goalText(goal: GroundedGoal, it?: string | null): string {
  switch (goal.kind) {
    case 'pick':
      return `holding ${describeQuery(goal.object)}`;
    case 'place': {
      if (goal.object.pronoun && it) return goalText({ ...goal, object: { ...queryOfId(it), all: false, text: it } });
      const t = goal.target;
      const where = 'zone' in t ? `in ${t.zone}` : 'start' in t ? 'where I started' : 'point' in t ? `at (${t.point.x}, ${t.point.y})` : 'near' in t ? `next to ${describeQuery(t.near)}` : 'put down here';
      return `${describeQuery(goal.object)} ${where}`;
    }
    case 'goto':
      return 'zone' in goal.target ? `robot in ${goal.target.zone}` : 'start' in goal.target ? 'robot back where it started' : `robot at (${goal.target.point.x}, ${goal.target.point.y})`;
    case 'find':
      return questionText(goal);
    case 'count':
      return `how many ${describeQuery(goal.object).replace(/^all /, '')}, answered`;
    case 'measure':
      return measureText(goal);
    case 'when':
      return `only if ${goal.said}`;
    case 'stay':
      return 'robot stayed where it was';
    case 'scan':
      return 'what the robot sees, answered';
    case 'capture':
      return 'a picture taken';
    case 'charge':
      return 'battery charged';
    case 'status':
      return `${goal.topic === 'all' ? 'status' : goal.topic === 'pose' ? 'where the robot is' : goal.topic === 'holding' ? 'what the robot holds' : goal.topic === 'start' ? 'where the robot started' : goal.topic === 'zones' ? 'the places on the map' : 'battery level'}, answered`;
    case 'set':
      return `${goal.name} = ${goal.value}`;
    case 'rotate':
      return `turned ${goal.degrees}°`;
    case 'drive':
      return `robot ${goal.metres} m ${goal.angle === 0 ? 'ahead' : goal.angle === 180 ? 'back' : goal.angle > 0 ? 'to its left' : 'to its right'} of where it stood`;
    case 'face':
      return `robot facing ${'heading' in goal.toward ? `heading ${goal.toward.heading}°` : 'zone' in goal.toward ? goal.toward.zone : 'where it started'}`;
    case 'keep':
      if (goal.constraint.rule === 'hands_off') return handsOffText(goal.constraint);
      return goal.constraint.rule === 'no_charge' ? 'did not charge' : `kept out of ${goal.constraint.said}`;
    case 'stop':
      return 'robot stopped';
    case 'estop':
      return 'emergency stop engaged';
    case 'reset_estop':
      return 'emergency stop reset';
    case 'unknown':
      return goal.text;
    default:
      return goal.kind === 'arm' ? 'robot armed' : 'robot disarmed';
  }
}

const met = (text: string, evidence: string): GoalReport => ({ text, status: 'met', evidence });
const unmet = (text: string, evidence: string): GoalReport => ({ text, status: 'unmet', evidence });
const verdict = (text: string, holds: boolean, evidence: string) => (holds ? met(text, evidence) : unmet(text, evidence));

/** Checks one goal right after its step. `headingBefore` is the heading when a turn started. */
export async function checkGoal(ctx: SkillContext, goal: GroundedGoal, step: Step, headingBefore = 0): Promise<GoalReport> {
  const text = goalText(goal, ctx.lastObject);
  if (!step.ok) return unmet(text, step.message);
  const answered = () => met(text, step.message);
  switch (goal.kind) {
    case 'find':
    case 'count':
    case 'measure':
    case 'stay':
    case 'scan':
    case 'status':
    case 'capture':
      return answered();
    case 'set': {
      const r = await ctx.robot.call('get_parameter', { name: goal.name }, `Reading ${goal.name} back.`);
      const value = r.data?.value;
      return verdict(text, r.ok && value === goal.value, r.ok ? `get_parameter reads ${goal.name} = ${String(value)}` : `could not read it back: ${r.text}`);
    }
    case 'place':
      return step.placed ? lookForPlaced(ctx, text, goal, step.placed) : unmet(text, 'nothing was put down');
    case 'charge': {
      const target = await ctx.robot.call('get_parameter', { name: 'charge_target' }, 'Checking the charge target.');
      const s = await status(ctx);
      const wanted = typeof target.data?.value === 'number' ? target.data.value - 0.02 : 0.9;
      return s ? verdict(text, s.battery >= wanted, `status reads the battery at ${pct(s.battery)}`) : unmet(text, 'could not read the status');
    }
    case 'keep':
      if (goal.constraint.rule === 'hands_off') return checkHandsOff(ctx, goal.constraint, async (at, where, area) => void (await goLookAt(ctx, at, lookingDistance(area), where)));
      if (goal.constraint.rule === 'avoid') return checkKeptOut(ctx, goal.constraint.said, text);
      return checkNoCharge(ctx, text);
    default:
      return checkStatus(ctx, goal, text, headingBefore);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function status({ robot }: SkillContext): Promise<any | null> {
  const r = await robot.call('get_robot_status', {}, 'Checking.');
  return r.ok ? r.data : null;
}

async function checkNoCharge(ctx: SkillContext, text: string): Promise<GoalReport> {
  const s = await status(ctx);
  const calls = ctx.robot.chargeCalls;
  return verdict(text, calls === 0 && s?.charging === false, `${calls ? `charge_battery was called ${calls} time(s)` : 'charge_battery was never called'}; status reads ${s?.charging ? 'charging' : 'not charging'}, battery ${s ? pct(s.battery) : 'unknown'}`);
}

async function checkStatus(ctx: SkillContext, goal: GroundedGoal, text: string, headingBefore: number): Promise<GoalReport> {
  const s = await status(ctx);
  if (!s) return unmet(text, 'could not read the status');
  const at = `status reads (${s.pose.x}, ${s.pose.y})${s.zone ? ` in ${s.zone}` : ''}`;
  switch (goal.kind) {
    case 'pick':
      return verdict(text, s.holding !== null && (goal.object.pronoun === true || idMatches(s.holding, goal.object)), `the gripper holds ${s.holding ?? 'nothing'}`);
    case 'goto': {
      const t = goal.target;
      if ('zone' in t) return verdict(text, ctx.beliefs.inZone(s.pose, t.zone), at);
      const p = 'point' in t ? t.point : ctx.robot.start;
      return verdict(text, Math.hypot(s.pose.x - p.x, s.pose.y - p.y) <= 0.3, at);
    }
    case 'rotate': {
      const off = Math.abs(((s.pose.heading_deg - headingBefore - goal.degrees + 540) % 360) - 180);
      return verdict(text, off <= 5, `status reads heading ${s.pose.heading_deg}° (was ${headingBefore}°)`);
    }
    case 'arm':
    case 'disarm':
      return verdict(text, s.armed === (goal.kind === 'arm'), `status reads ${s.armed ? 'armed' : 'disarmed'}`);
    case 'estop':
    case 'reset_estop':
      return verdict(text, s.emergency_stop === (goal.kind === 'estop'), `status reads the emergency stop ${s.emergency_stop ? 'latched' : 'clear'}`);
    default:
      return verdict(text, s.operation === null, `status reads state ${s.state}${s.operation ? `, operation ${s.operation.id} running` : ', nothing running'}`);
  }
}
