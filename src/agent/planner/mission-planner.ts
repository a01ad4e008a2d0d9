import { Beliefs, type PlannerMap } from './beliefs.js';
import type { Goal } from './instruction.js';
import type { MissionScript, PlannerIo, PlannerVerdict } from './planner-session.js';
import { RobotLink } from './robot-link.js';
import { goto, rotate } from './skills/navigation.js';
import { pick } from './skills/pick.js';
import { place } from './skills/place.js';
import { control, status } from './skills/robot-controls.js';
import { findAndReport, lookAround } from './skills/search.js';
import type { SkillContext } from './skills/skill-context.js';
import { capitalize, fail, pct, type Step } from './step.js';

/**
 * The offline mission planner: checks the robot, charges first when a trip would need it, then
 * carries out the goals one by one with the skills (find, pick, place, go, charge, report,
 * configure). Each skill reads every tool result and re-plans on failure (not seen → scan →
 * explore; grasp missed → look again and re-approach; battery reserve → charge, then retry). It
 * only knows what tools tell it, decides on failure codes (never on a message's wording), and
 * says plainly what it could not do.
 */
const CAPABILITIES =
  'I can pick up, bring, put or find red, green, blue and yellow cubes, balls and cylinders, go to zones or coordinates, charge, report status, arm, disarm, stop and set parameters.';
const MOTION_GOALS = new Set<Goal['kind']>(['pick', 'place', 'goto', 'find', 'scan', 'charge', 'rotate']);

export function missionScript(goals: Goal[], map: PlannerMap | null): MissionScript {
  return (io) => runMission(goals, newContext(io, new Beliefs(map)));
}

function newContext(io: PlannerIo, beliefs: Beliefs): SkillContext {
  return { robot: new RobotLink(io, beliefs), beliefs, lastObject: null };
}

async function runMission(goals: Goal[], ctx: SkillContext): Promise<PlannerVerdict> {
  const { robot } = ctx;
  const unknown = goals.find((g): g is Extract<Goal, { kind: 'unknown' }> => g.kind === 'unknown');
  if (unknown) return { outcome: 'failed', summary: `${capitalize(unknown.reason)}. ${CAPABILITIES}` };
  await robot.call('get_robot_status', {}, 'Checking the robot first.');
  const moves = goals.some((g) => MOTION_GOALS.has(g.kind));
  if (moves && robot.estopped && !goals.some((g) => g.kind === 'reset_estop')) {
    return { outcome: 'failed', summary: 'The emergency stop is latched; I will not reset it unless asked to ("reset the emergency stop").' };
  }
  const done: string[] = [];
  if (moves && goals[0]?.kind !== 'charge' && !robot.estopped) {
    const low = await robot.batteryBelowReserve();
    if (low) {
      const charged = await robot.charge(`Battery at ${pct(robot.battery)} is below the ${pct(low.reserve)} reserve: charging first.`);
      if (!charged.ok) return { outcome: 'failed', summary: charged.message };
      done.push(charged.message);
    }
  }
  for (const goal of goals) {
    const step = await execute(ctx, goal);
    if (!step.ok) return { outcome: 'failed', summary: [...done, step.message].join(' ') };
    done.push(step.message);
  }
  return { outcome: 'succeeded', summary: done.join(' ') };
}

function execute(ctx: SkillContext, goal: Goal): Promise<Step> {
  switch (goal.kind) {
    case 'pick':
      return pick(ctx, goal.object);
    case 'place':
      return place(ctx, goal.object, goal.target);
    case 'goto':
      return goto(ctx, goal.target);
    case 'rotate':
      return rotate(ctx, goal.degrees);
    case 'find':
      return findAndReport(ctx, goal.object);
    case 'scan':
      return lookAround(ctx);
    case 'charge':
      return ctx.robot.charge('Going to the charging dock.');
    case 'status':
      return status(ctx, goal.topic);
    case 'set':
    case 'arm':
    case 'disarm':
    case 'stop':
    case 'estop':
    case 'reset_estop':
      return control(ctx, goal);
    default:
      return Promise.resolve(fail(`I do not know how to do that. ${CAPABILITIES}`));
  }
}
