import type { GoalReport } from '../outcome-tool.js';
import { describeQuery } from './beliefs.js';
import { checkGoal } from './goal-check.js';
import type { GroundedGoal } from './grounding.js';
import { idMatches, queryOfId } from './object-ids.js';
import { putOnSpot } from './skills/compositions.js';
import { holdingMatches, pick } from './skills/pick.js';
import type { SkillContext } from './skills/skill-context.js';
import { fail, type Step } from './step.js';

/**
 * "Put it back where it was", "put the blue ball where the red cube was": the spot this mission
 * took that object from, in the robot's own record of what it took hold of and where it saw it
 * then (never a guess: the reading refuses it when nothing before it in the instruction moves it).
 * The object is put down so it lands on that spot, and checked there by a fresh look.
 */
type PlaceGoal = Extract<GroundedGoal, { kind: 'place' }>;

export async function putWhereItWas(ctx: SkillContext, goal: PlaceGoal, wasAt: PlaceGoal['object']): Promise<{ step: Step; checked: GoalReport[] }> {
  const { beliefs } = ctx;
  const taken = [...beliefs.grasped].reverse().find(([id, at]) => at !== null && idMatches(id, { ...wasAt, all: false }));
  const spot = taken?.[1];
  const failed = (message: string) => ({ step: fail(message), checked: [{ text: `${describeQuery(goal.object)} where ${describeQuery(wasAt)} was`, status: 'unmet' as const, evidence: message }] });
  if (!taken || !spot) return failed(`I do not know where ${describeQuery(wasAt)} was: I have not taken hold of one on this mission.`);
  const point = { x: Math.round(spot.x * 100) / 100, y: Math.round(spot.y * 100) / 100 };
  const q = goal.object.pronoun ? (ctx.lastObject ? { ...queryOfId(ctx.lastObject), all: false, text: ctx.lastObject } : null) : goal.object;
  if (!q) return failed('"it" does not name an object here: say which object to put back.');
  let picked = '';
  if (!(beliefs.holding && (goal.object.pronoun || holdingMatches(ctx, q)))) {
    const got = await pick(ctx, q);
    if (!got.ok) return { step: got, checked: [{ text: describeQuery(q), status: 'unmet', evidence: got.message }] };
    picked = `${got.message} `;
  }
  const id = beliefs.holding ?? q.text;
  const put = await putOnSpot(ctx, id, point);
  const step: Step = put.ok ? { ...put, message: `${picked}${put.message.replace(/\.$/, '')}, where ${taken[0]} was.` } : fail(`${picked}${put.message}`);
  const resolved: PlaceGoal = { ...goal, object: { ...queryOfId(id), all: false, text: id }, target: { point } };
  return { step, checked: [await checkGoal(ctx, resolved, step)] };
}
