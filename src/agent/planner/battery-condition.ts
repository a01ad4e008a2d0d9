import type { GoalReport } from '../outcome-tool.js';
import type { BatteryTest } from './frames/goal-types.js';
import type { GroundedGoal } from './grounding.js';
import type { SkillContext } from './skills/skill-context.js';
import { fail, ok, pct, type Step } from './step.js';

type When = Extract<GroundedGoal, { kind: 'when' }>;

/**
 * "If you have more than 30% charge, go to bin a": the test is read against get_robot_status when
 * its turn comes, never assumed. It holding, the goals it governs are done; it not holding, they
 * are left undone as asked, and the report says so with the reading — the mission still
 * succeeds, since that is what was asked. A status that cannot be read stops the mission: what
 * the test governs is neither done nor skipped on a guess.
 */
export async function checkCondition(ctx: SkillContext, goal: When, governed: string[]): Promise<{ step: Step; holds: boolean; report: GoalReport }> {
  const what = governed.length ? governed.join('; ') : 'nothing';
  const text = `${what}, only ${goal.said.startsWith('unless ') ? '' : 'if '}${goal.said}`;
  const r = await ctx.robot.call('get_robot_status', {}, `Checking the battery: ${goal.said}?`);
  if (!r.ok) {
    const message = `I could not read the battery to check "${goal.said}": ${r.text}.`;
    return { step: fail(message), holds: false, report: { text, status: 'unmet', evidence: message } };
  }
  const battery = ctx.robot.battery;
  const { holds, why } = await judge(ctx, goal.test, battery);
  const evidence = `status reads the battery at ${pct(battery)}${why}`;
  const message = holds ? `The battery is at ${pct(battery)}${why}, so "${goal.said}" holds: going on.` : `The battery is at ${pct(battery)}${why}, so "${goal.said}" does not hold: as asked, I left this undone: ${what}.`;
  return { step: ok(message), holds, report: { text, status: 'met', evidence: `${evidence}: ${holds ? 'done' : 'not done, as asked'}` } };
}

async function judge(ctx: SkillContext, test: BatteryTest, battery: number): Promise<{ holds: boolean; why: string }> {
  if ('low' in test) {
    // "Low" is as the robot's own reserve has it: within 5 points of the level it keeps for trips.
    const low = await ctx.robot.batteryBelowReserve();
    return { holds: test.low === (low !== null), why: low ? `, near its ${pct(low.reserve)} reserve` : ', above its reserve' };
  }
  // Compared in tenths of a percent: a reading of 0.3000001 is 30%, not more than 30%.
  const [b, l] = [Math.round(battery * 1000), Math.round(test.level * 1000)];
  const holds = test.op === '>' ? b > l : test.op === '>=' ? b >= l : test.op === '<' ? b < l : b <= l;
  const word = { '>': 'more than', '>=': 'at least', '<': 'less than', '<=': 'at most' }[test.op];
  return { holds, why: ` (${holds ? '' : 'not '}${word} ${pct(test.level)})` };
}
