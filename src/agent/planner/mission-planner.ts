import type { GoalReport, WhichOneQuestion } from '../outcome-tool.js';
import { answerQuestion, countInView } from './answers.js';
import { checkCondition } from './battery-condition.js';
import { answerMeasure } from './place-distances.js';
import { putBeside } from './beside-zone.js';
import { putWhereItWas } from './where-it-was.js';
import { Beliefs, describeQuery, type PlannerMap } from './beliefs.js';
import { checkGoal, goalText } from './goal-check.js';
import { listNames, resolveZone } from './place-words.js';
import { pointOutOfReach } from './points-in-reach.js';
import { secondLookAlike } from './one-meant.js';
import { noteMet, undoneLater, type MetGoal } from './undone-later.js';
import { conflictingGoals } from './conflicting-goals.js';
import { fromWhereItStands } from './from-where-it-stands.js';
import type { GroundedGoal, GroundedInstruction } from './grounding.js';
import type { MissionScript, PlannerIo, PlannerVerdict } from './planner-session.js';
import { RobotLink } from './robot-link.js';
import type { KeepOut } from './drive-log.js';
import { goto, rotate } from './skills/navigation.js';
import { pick } from './skills/pick.js';
import { place } from './skills/place.js';
import { putBackAfter } from './skills/put-back.js';
import { clearZone, sortObjects, swap, type Composed } from './skills/compositions.js';
import { capture, control, status } from './skills/robot-controls.js';
import { countAndReport, lookAround } from './skills/search-reports.js';
import type { SkillContext } from './skills/skill-context.js';
import { capitalize, fail, ok, pct, type Step } from './step.js';

/**
 * The offline mission planner: checks the robot, charges first when a trip would need it (unless
 * told not to), then carries out the goals one by one with the skills (find, pick, place, go,
 * charge, report, configure) and checks each with the robot's own sensing right after. Each skill
 * reads every tool result and re-plans on failure (not seen → scan → explore; grasp missed → look
 * again and re-approach; battery reserve → charge, then retry). It only knows what tools tell it,
 * decides on failure codes (never on a message's wording), reports `succeeded` only when every
 * goal was seen to hold, and says plainly what it did and what it did not.
 */
export const CAPABILITIES =
  'I can pick up, bring, put or find red, green, blue and yellow cubes, balls and cylinders, swap two objects, clear a zone, put objects in the zones named after their colours, go to zones or coordinates, drive a distance ahead, back or to a side, turn by an angle or to face a place, charge, take a picture, say what I see, report status, arm, disarm, stop and set parameters.';
const MOTION_GOALS = new Set<GroundedGoal['kind']>(['pick', 'place', 'goto', 'find', 'count', 'scan', 'charge', 'rotate', 'drive', 'face', 'swap', 'clear', 'sort']);
/** Goals that start with a look from where the robot stands (a scan turns in place). */
const LOOKS_FIRST = new Set<GroundedGoal['kind']>(['find', 'count', 'scan']);
type Composition = Extract<GroundedGoal, { kind: 'swap' | 'clear' | 'sort' }>;

export function missionScript(instruction: GroundedInstruction, map: PlannerMap | null): MissionScript {
  const grounded = groundSwaps(instruction, map);
  if ('refusal' in grounded) return refusalScript(grounded.refusal);
  const conflict = conflictingGoals(grounded.goals);
  if (conflict) return refusalScript(conflict);
  return async (io) => {
    const ctx = newContext(io, new Beliefs(map), !instruction.noCharge, instruction.keepOut);
    const verdict = await runMission(grounded, ctx);
    // Which of several was meant is asked only by a mission that stopped for it.
    const { question } = ctx.beliefs;
    return verdict.outcome === 'failed' && question ? { ...verdict, question } : verdict;
  };
}

/** The second object of a swap named by its zone ("with the red cylinder in the kitchen"): that zone found on the map too. */
function groundSwaps(instruction: GroundedInstruction, map: PlannerMap | null): GroundedInstruction | { refusal: string } {
  const zones = map?.zones.map((z) => z.name) ?? [];
  const goals: GroundedGoal[] = [];
  for (const g of instruction.goals) {
    const said = g.kind === 'swap' ? g.other.inZone : undefined;
    if (g.kind !== 'swap' || said === undefined) {
      goals.push(g);
      continue;
    }
    const match = resolveZone(said, zones);
    if (!('zone' in match)) return { refusal: 'ambiguous' in match ? `"${said}" could be ${listNames(match.ambiguous, 'or')}: say which` : `I do not know a place called "${said}": this map has ${listNames(zones)}` };
    goals.push({ ...g, other: { ...g.other, inZone: match.zone } });
  }
  return { ...instruction, goals };
}

/** A mission refused before anything moves: no tool call at all. */
export function refusalScript(reason: string, question?: WhichOneQuestion): MissionScript {
  return () => Promise.resolve({ outcome: 'failed', summary: `${capitalize(reason)}. Nothing was done. ${CAPABILITIES}`, goals: [], ...(question ? { question } : {}) });
}

function newContext(io: PlannerIo, beliefs: Beliefs, mayCharge: boolean, keepOut: readonly KeepOut[] = []): SkillContext {
  return { robot: new RobotLink(io, beliefs, mayCharge, keepOut), beliefs, lastObject: null };
}

async function runMission({ goals, readings, noCharge }: GroundedInstruction, ctx: SkillContext): Promise<PlannerVerdict> {
  const { robot } = ctx;
  const reading = readings.length ? `${capitalize(readings.join('; '))}. ` : '';
  await robot.call('get_robot_status', {}, `${reading}Checking the robot first.`);
  if (goals.length > 0 && goals.every((g) => g.kind === 'keep')) return onlyRules(ctx, goals);
  const reports: GoalReport[] = [];
  const notAttempted = (from: number) => goals.slice(from).map((g) => ({ text: describeGoal(g), status: 'not_attempted' as const, evidence: 'not attempted' }));
  const moves = goals.some((g) => MOTION_GOALS.has(g.kind));
  if (moves && robot.estopped && !goals.some((g) => g.kind === 'reset_estop')) {
    return finish([], 'The emergency stop is latched; I will not reset it unless asked to ("reset the emergency stop").', notAttempted(0));
  }
  const unreachable = pointOutOfReach(ctx, goals);
  if (unreachable) return finish([], `${unreachable} Nothing was moved.`, notAttempted(0));
  const done: string[] = [];
  // Questions begin with a look from where the robot stands: charging first would cross the room
  // for what may need no trip at all, and a trip the search does need charges when the reserve
  // refuses it (RobotLink.act).
  const drives = goals.some((g) => MOTION_GOALS.has(g.kind) && !LOOKS_FIRST.has(g.kind));
  // A battery test said with the request is read against the battery as it was asked, not after a charge.
  if (drives && goals[0]?.kind !== 'charge' && !robot.estopped && !noCharge && !goals.some((g) => g.kind === 'when')) {
    const low = await robot.batteryBelowReserve();
    if (low) {
      const charged = await robot.charge(`Battery at ${pct(robot.battery)} is below the ${pct(low.reserve)} reserve: charging first.`);
      if (!charged.ok) return finish(done, charged.message, notAttempted(0));
      done.push(charged.message);
    }
  }
  const metGoals: MetGoal[] = [];
  let skipped = 0;
  for (const [i, goal] of goals.entries()) {
    if (goal.kind === 'keep') continue; // checked once everything else is done
    if (skipped > 0 && skipped--) continue; // governed by a battery test that did not hold
    if (goal.kind === 'when') {
      const c = await checkCondition(ctx, goal, goals.slice(i + 1, i + 1 + goal.covers).map(describeGoal));
      reports.push(c.report);
      if (!c.step.ok) return finish(done, c.step.message, [...reports, ...notAttempted(i + 1)]);
      done.push(c.step.message);
      skipped = c.holds ? 0 : goal.covers;
      continue;
    }
    const { step, checked } = await carryOut(ctx, goal);
    reports.push(...checked);
    if (step.ok && checked.length === 1) metGoals.push(noteMet(ctx, checked[0]!, { held: goal.kind === 'pick' ? ctx.beliefs.holding : undefined, placed: step.placed?.ids }));
    // A goal that failed with an object in the gripper (a part of a swap, "put it in Z" refused):
    // it goes back down where it was taken from, not carried off by a failed errand.
    if (!step.ok) return finish(done, ctx.beliefs.holding ? await putBackAfter(ctx, step.message) : step.message, [...reports, ...notAttempted(i + 1)]);
    done.push(step.message);
    const report = checked.find((r) => r.status !== 'met');
    if (report) return finish(done, `But on checking, "${report.text}" does not hold: ${report.evidence}.`, [...reports, ...notAttempted(i + 1)]);
  }
  // A goal met at its step and undone by a later one (the held object put down, a delivered one taken again) is not met.
  const undone = await undoneLater(ctx, metGoals);
  for (const [i, r] of reports.entries()) reports[i] = undone.get(r) ?? r;
  // "The red cube" acted on, and a second red cube seen since: which was meant was a guess.
  const guessed = secondLookAlike(ctx.beliefs);
  if (guessed) reports.push(guessed);
  for (const goal of goals.filter((g) => g.kind === 'keep')) reports.push(await checkGoal(ctx, goal, { ok: true, message: '' }));
  const broken = reports.find((r) => r.status !== 'met');
  if (broken) return finish(done, `But "${broken.text}" does not hold: ${broken.evidence}.`, reports);
  return { outcome: 'succeeded', summary: done.join(' '), goals: reports };
}

/**
 * An instruction that only sets a rule and asks for nothing ("never move the blue cube", "avoid
 * bin b"): doing nothing keeps it, and that is what was asked, so the mission succeeds without
 * the robot moving, saying there was nothing to do. Each rule is checked from the robot's own
 * record (it took hold of nothing, never drove, never charged), not by driving off to look.
 */
async function onlyRules(ctx: SkillContext, goals: GroundedGoal[]): Promise<PlannerVerdict> {
  const reports: GoalReport[] = [];
  for (const goal of goals) {
    const handsOff = goal.kind === 'keep' && goal.constraint.rule === 'hands_off';
    reports.push(handsOff ? { text: goalText(goal), status: 'met', evidence: 'I took hold of nothing: nothing else was asked' } : await checkGoal(ctx, goal, ok('')));
  }
  const rules = reports.map((r) => r.text).join('; ');
  const broken = reports.find((r) => r.status !== 'met');
  if (broken) return finish([], `The instruction only sets a rule (${rules}), but "${broken.text}" does not hold: ${broken.evidence}.`, reports);
  return { outcome: 'succeeded', summary: `The instruction only sets a rule (${rules}) and asks for nothing to be done, so I kept it by doing nothing: the robot did not move.`, goals: reports };
}

/** A failed mission's verdict: what was done, what went wrong, and what was not done. */
function finish(done: string[], problem: string, goals: GoalReport[]): PlannerVerdict {
  const open = goals.filter((g) => g.status === 'not_attempted').map((g) => g.text);
  const notDone = open.length ? ` Not done: ${open.join('; ')}.` : '';
  return { outcome: 'failed', summary: `${[...done, problem].join(' ')}${notDone}`, goals };
}

/** One goal carried out and checked: a composition's parts each checked on their own. */
async function carryOut(ctx: SkillContext, said: GroundedGoal): Promise<{ step: Step; checked: GoalReport[] }> {
  const goal = fromWhereItStands(ctx, said);
  if (goal.kind === 'swap' || goal.kind === 'clear' || goal.kind === 'sort') {
    const { step, parts } = await compose(ctx, goal);
    const text = describeGoal(goal);
    // What was done before a part failed is in the message; it was not looked at again, so it is not claimed.
    if (!step.ok) return { step, checked: [{ text, status: 'unmet', evidence: step.message }] };
    if (parts.length === 0) return { step, checked: [{ text, status: 'met', evidence: step.message }] };
    const checked: GoalReport[] = [];
    for (const part of parts) checked.push(await checkGoal(ctx, part.goal, part.step));
    return { step, checked };
  }
  if (goal.kind === 'place' && 'wasAt' in goal.target) return putWhereItWas(ctx, goal, goal.target.wasAt);
  if (goal.kind === 'place' && 'beside' in goal.target) return putBeside(ctx, goal, goal.target.beside);
  const heading = ctx.robot.heading;
  const step = await execute(ctx, goal);
  return { step, checked: [await checkGoal(ctx, goal, step, heading)] };
}

function compose(ctx: SkillContext, goal: Composition): Promise<Composed> {
  if (goal.kind === 'swap') return swap(ctx, goal.object, goal.other);
  return goal.kind === 'clear' ? clearZone(ctx, goal.object) : sortObjects(ctx, goal.object);
}

/** What a goal asks, for the report: the compositions in words of their own. */
function describeGoal(goal: GroundedGoal): string {
  if (goal.kind === 'swap') return `${describeQuery(goal.object)} and ${describeQuery(goal.other)} swapped`;
  if (goal.kind === 'clear') return `${describeQuery(goal.object)} moved out of ${goal.object.inZone}`;
  if (goal.kind === 'sort') return `${describeQuery(goal.object)} each in the zone of its colour or kind`;
  return goalText(goal);
}

function execute(ctx: SkillContext, goal: GroundedGoal): Promise<Step> {
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
      return answerQuestion(ctx, goal);
    case 'measure':
      return answerMeasure(ctx, goal);
    case 'count':
      return goal.fromHere ? countInView(ctx, goal.object) : countAndReport(ctx, goal.object, goal.than);
    case 'stay':
      return Promise.resolve(ok('Staying where I am.'));
    case 'scan':
      return lookAround(ctx);
    case 'capture':
      return capture(ctx);
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
