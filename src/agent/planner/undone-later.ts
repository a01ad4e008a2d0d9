import type { GoalReport } from '../outcome-tool.js';
import type { SkillContext } from './skills/skill-context.js';

/**
 * Goals hold at the end of a mission, not only at their own step: "pick up the blue cube, then
 * put the red cube on the shelf" puts the blue cube down to free the gripper, so "holding the
 * blue cube" no longer holds. Each goal met at its step is noted with what it left in the world
 * (the object held, the objects put down) and where the mission's own logs stood then; at the end
 * a later put-down of the held object, or a later pickup of a delivered one, makes it unmet, read
 * back from the robot's status where that can say. Unless a later goal of the same instruction
 * took that object on ("pick up the blue cube, then put it in bin a, then put it on the shelf",
 * "put the red cube in bin b, then pick it up"): what the person asked for in order is done, and
 * the earlier goal is reported met, saying where the object went next.
 */
export type MetGoal = { report: GoalReport; held?: string | null; placed?: readonly string[]; pickups: number; setDown: number };

export function noteMet(ctx: SkillContext, report: GoalReport, left: { held?: string | null; placed?: readonly string[] }): MetGoal {
  return { report, ...left, pickups: ctx.beliefs.pickups.length, setDown: ctx.beliefs.setDown.length };
}

/** The goals a later step undid, re-checked: their reports with the evidence of why not. */
export async function undoneLater(ctx: SkillContext, goals: readonly MetGoal[]): Promise<Map<GoalReport, GoalReport>> {
  const { beliefs } = ctx;
  const undone = new Map<GoalReport, GoalReport>();
  let gripper: string | null | undefined;
  const same = (a: string, b: string) => a === b || beliefs.putDownAs(a) === b || beliefs.putDownAs(b) === a;
  for (const [i, g] of goals.entries()) {
    if (g.report.status !== 'met') continue;
    // A later goal that holds or places the same object sent it on, as asked.
    const next = goals.slice(i + 1).find((l) => l.report.status === 'met' && [l.held ?? [], ...(l.placed ?? [])].flat().some((id) => [g.held ?? [], ...(g.placed ?? [])].flat().some((mine) => same(id, mine))));
    if (next) {
      undone.set(g.report, { ...g.report, evidence: `${g.report.evidence}; then, as asked next: ${next.report.text}` });
      continue;
    }
    const putDown = g.held ? beliefs.setDown.slice(g.setDown).find((s) => s.id === g.held) : undefined;
    if (putDown && g.held) {
      if (gripper === undefined) {
        const s = await ctx.robot.call('get_robot_status', {}, 'Checking what the gripper holds at the end.');
        gripper = s.ok ? ((s.data?.holding as string | null) ?? null) : null;
      }
      if (gripper !== g.held) {
        const where = putDown.at ? ` at (${putDown.at.x}, ${putDown.at.y})` : '';
        undone.set(g.report, { ...g.report, status: 'unmet', evidence: `I put ${g.held} down${where} to free the gripper for a later step; at the end the gripper holds ${gripper ?? 'nothing'}` });
      }
      continue;
    }
    const taken = (g.placed ?? []).find((id) => beliefs.pickups.slice(g.pickups).some((p) => p === id || beliefs.putDownAs(p) === id));
    if (taken) undone.set(g.report, { ...g.report, status: 'unmet', evidence: `a later step picked ${taken} up again` });
  }
  return undone;
}
