import type { ParsedGoal } from './instruction.js';

/**
 * "Take the red ball and the blue ball to bin a, then put them on the shelf": "them" is every
 * object the goals just before moved together (one run of deliveries to one place), so the
 * delivery of "them" is one delivery per object. Read as "it", the robot carried only the last
 * one it held to the shelf, and the other stayed in bin a. After "all the cubes" ("move all the
 * cubes to bin a, then put them on the shelf"), "them" is that group, all of it.
 */
export function spreadThem(goals: readonly ParsedGoal[]): ParsedGoal[] {
  const out: ParsedGoal[] = [];
  // A battery test ("if you have more than 30% charge, …") governs the goals it covers, counted as
  // read: a delivery of "them" spread into several is still all governed by it.
  let test: { at: number; left: number } | null = null;
  for (const g of goals) {
    const before = out.length;
    const run = g.kind === 'place' && g.object.pronoun && g.object.all ? lastRun(out) : [];
    if (g.kind !== 'place' || run.length === 0) out.push(g);
    else if (run.length === 1 && run[0]!.object.all) out.push({ ...g, object: run[0]!.object });
    else if (run.length > 1) out.push(...run.map((earlier) => ({ ...g, object: { ...earlier.object, again: true } })));
    else out.push(g);
    if (test && test.left > 0) {
      test.left--;
      const when = out[test.at] as Extract<ParsedGoal, { kind: 'when' }>;
      out[test.at] = { ...when, covers: when.covers + out.length - before - 1 };
    }
    if (g.kind === 'when') test = { at: before, left: g.covers };
  }
  return out;
}

type Delivery = Extract<ParsedGoal, { kind: 'place' }>;

/** The deliveries at the end of `goals` that share one target: what "X and Y to Z" became. */
function lastRun(goals: readonly ParsedGoal[]): Delivery[] {
  const run: Delivery[] = [];
  for (let i = goals.length - 1; i >= 0; i--) {
    const g = goals[i]!;
    if (g.kind !== 'place' || g.object.pronoun || (run[0] && JSON.stringify(g.target) !== JSON.stringify(run[0].target))) break;
    run.unshift(g);
  }
  return run;
}
