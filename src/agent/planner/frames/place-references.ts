import type { ObjectQuery } from '../referring.js';
import type { ParsedGoal } from './goal-types.js';
import { WHERE_IT_WAS } from './motion.js';

/**
 * The places an instruction points at by what was said before: "put it back (where it was)",
 * "where the red cube was", "in its place", "there". compose.ts reads each clause's goals, then
 * these find the place in the goals before it, or say why it cannot be told.
 */

/**
 * "Put it back (where it was)": into the zone the instruction said it was taken from ("take the
 * red cube off the table … put it back"). Where nothing said where it was, the robot is not to
 * guess: it asks where to put it.
 */
export function putBack(goal: ParsedGoal, before: ParsedGoal[]): ParsedGoal {
  if (goal.kind === 'place' && 'wasAt' in goal.target) return whereOtherWas(goal, goal.target.wasAt, before);
  if (goal.kind !== 'place' || !('said' in goal.target) || goal.target.said !== WHERE_IT_WAS) return goal;
  const same = (o: ObjectQuery) => goal.object.pronoun || (o.color === goal.object.color && o.shape === goal.object.shape);
  const source = [...before].reverse().find((g) => 'object' in g && g.object.inZone && same(g.object));
  const from = source && 'object' in source ? source.object.inZone : undefined;
  if (from) return { ...goal, target: { said: from } };
  // Taken earlier in this instruction from no zone said: back to the spot the robot took it from.
  const handled = [...before].reverse().find((g) => handlesOneSaid(g) && same(g.object));
  if (handled && 'object' in handled) return { ...goal, target: { wasAt: handled.object } };
  const text = goal.object.pronoun ? 'it' : goal.object.text;
  return { kind: 'unknown', text, reason: `I do not know where ${text} was before: say where to put it back (a place of the map)` };
}

/**
 * "Put the blue ball where the red cube was": only a red cube this instruction moves earlier has a
 * "was" the robot knows (the spot it took it from); otherwise it is still there, or was moved by
 * someone the robot did not see.
 */
function whereOtherWas(goal: Extract<ParsedGoal, { kind: 'place' }>, said: ObjectQuery, before: ParsedGoal[]): ParsedGoal {
  // "… and put a red cube in its place": "its" is the one object said last, before this one.
  const its = said.pronoun ? [...before].reverse().find((g) => handlesOneSaid(g)) : undefined;
  if (said.pronoun && !(its && 'object' in its)) return { kind: 'unknown', text: said.text, reason: `I cannot tell whose place "${said.text}" is: say "where the <object> was" or a place of the map` };
  const there = its && 'object' in its ? its.object : said;
  if (there !== said) goal = { ...goal, target: { wasAt: there } };
  const moved = before.some((g) => handlesOneSaid(g) && g.object.color === there.color && g.object.shape === there.shape);
  if (moved) return goal;
  return { kind: 'unknown', text: there.text, reason: `I do not know where the ${there.text} was: nothing before it in this instruction moves it, so say a place or a point (x, y)` };
}

/**
 * "Put the red cube in bin a and then put the blue cube there too": "there" after a place was
 * named is that place (the last one said); with none said before, where the robot stands.
 */
export function thereBefore(goal: ParsedGoal, before: ParsedGoal[]): ParsedGoal {
  // "then bring the green ball there too", "put the blue ball in there as well": a place said before it, or
  // none: "bring the ball over there" said alone points where the robot cannot see.
  if (goal.kind === 'place' && 'said' in goal.target && goal.target.said === 'there') {
    const last = lastPlace(before);
    return last ? { ...goal, target: last } : { kind: 'unknown', text: goal.object.text, reason: `I cannot tell where "there" is for ${goal.object.text}: no place was said before it, so say which place` };
  }
  if (goal.kind !== 'place' || !('here' in goal.target) || !goal.target.there) return goal;
  // "take it to the office and leave it there": it is there already (join reads the two as one).
  if (goal.object.pronoun && before.at(-1)?.kind === 'place') return goal;
  return { ...goal, target: lastPlace(before) ?? { here: true } };
}

/** The place said last (a zone, a point, home, …), to which "there" refers. */
export function lastPlace(before: ParsedGoal[]): Exclude<Extract<ParsedGoal, { kind: 'place' }>['target'], { here: true } | { wasAt: ObjectQuery } | { near: ObjectQuery }> | undefined {
  for (const g of [...before].reverse()) {
    if ((g.kind === 'place' || g.kind === 'goto') && !('here' in g.target) && !('wasAt' in g.target) && !('near' in g.target)) return g.target;
  }
  return undefined;
}

/** A pick or place of one object said by its words (not "it", not "all"): one the robot handles,
 *  whose earlier place "its place" and "where X was" may name. */
function handlesOneSaid(g: ParsedGoal): g is Extract<ParsedGoal, { kind: 'pick' | 'place' }> {
  return (g.kind === 'pick' || g.kind === 'place') && !g.object.pronoun && !g.object.all;
}
