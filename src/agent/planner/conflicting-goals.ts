import { describeQuery } from './beliefs.js';
import type { GroundedGoal } from './grounding.js';
import { describePlace } from './skills/place.js';

/**
 * Instructions whose goals cannot all hold at the end, refused before anything moves: each goal
 * is checked right after its own step, so "put the red cube in bin a and the red cube in bin b"
 * moved the cube twice and reported both goals met, though the world held only the last;
 * "everything from A to B and everything from B to A" took back
 * what it had just delivered, as which objects "everything in B" are is read when that step runs.
 */
export function conflictingGoals(goals: readonly GroundedGoal[]): string | null {
  const destinations = new Map<string, string>();
  for (const goal of goals) {
    if (goal.kind !== 'place') continue;
    const q = goal.object;
    // One object named by the same words twice. "It" again is a sequence ("put it in bin a, then
    // put it on the shelf" means it ends on the shelf), not a second place for it at the end.
    if (q.pronoun || q.again || q.all || q.other || q.count !== undefined) continue;
    const key = `${q.color ?? ''} ${q.shape ?? ''} ${q.inZone ?? ''}`;
    const to = placeText(goal.target);
    const before = destinations.get(key);
    if (before !== undefined && before !== to) return `I cannot leave ${describeQuery(q)} both ${before} and ${to}: say where it should end up`;
    destinations.set(key, to);
  }
  const emptied = goals.flatMap((g, i) => (g.kind === 'place' && g.object.all && g.object.inZone ? [{ zone: g.object.inZone, i }] : []));
  for (const [i, goal] of goals.entries()) {
    if (goal.kind !== 'place' || !('zone' in goal.target)) continue;
    const into = goal.target.zone;
    if (emptied.some((e) => e.i > i && e.zone === into)) return `I cannot tell which objects "everything in ${into}" means once I have put others there: say it as two missions`;
  }
  return null;
}

/** Where a goal puts its object, with the word it is said with: "in bin_a", "at (2, 7)". */
function placeText(target: Extract<GroundedGoal, { kind: 'place' }>['target']): string {
  const said = describePlace(target);
  return 'zone' in target ? `in ${said}` : 'point' in target ? `at ${said}` : said;
}
