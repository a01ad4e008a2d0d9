import { parseObject, type ObjectQuery } from '../referring.js';
import type { ParsedGoal } from './goal-types.js';

/**
 * Self-corrections, as people make them mid-command: "put it in the shed, no wait, the compost",
 * "take the red cube, sorry, I mean the blue one", "…, actually make that the compost". What
 * follows the marker replaces the part of the command before it that it can stand for: a place
 * replaces where the object was to go, an object replaces the object, a whole command replaces
 * the last one. What it cannot stand for is refused, never added as a command of its own.
 */
export const CORRECTION = /^(?:(?:no|nope|sorry|oops|actually|i mean|i meant|make (?:that|it)|scratch that|or rather|rather|correction|my mistake|my bad)(?:\s*,)?\s+)+(?:wait\s+)?/;
/** A clause that is only a correction marker: "no wait", "sorry". */
export const CORRECTION_ALONE = /^(?:(?:no|nope|sorry|oops|i mean|i meant|scratch that|or rather|correction|my mistake|my bad)(?:\s*,)?\s*)+(?:wait)?$/;

type Read = (text: string) => ParsedGoal[];

/** The previous goal corrected by `said`, or null when `said` is no part of it. */
export function correct(previous: ParsedGoal, said: string, zoneWords: ReadonlySet<string>, read: Read): ParsedGoal | null {
  const words = said.replace(/^(?:the|to|in|into|on|onto|at)\s+/, '').replace(/^the\s+/, '');
  const place = words.split(' ').every((w) => zoneWords.has(w) || /^(?:the|zone|area|\d+)$/.test(w)) && words.split(' ').some((w) => zoneWords.has(w));
  if (place && (previous.kind === 'place' || previous.kind === 'goto') && 'said' in previous.target) return { ...previous, target: { said: words } } as ParsedGoal;
  const object = parseObject(said);
  if (!('reason' in object) && !object.pronoun && 'object' in previous && !previous.object.pronoun) return { ...previous, object: likeBefore(object, previous.object) } as ParsedGoal;
  const again = read(said);
  if (again.length !== 1 || again[0]!.kind === 'unknown') return null;
  const goal = again[0]!;
  return 'object' in goal && goal.object.pronoun && 'object' in previous ? ({ ...goal, object: previous.object } as ParsedGoal) : goal;
}

/** "The blue one" after "the red cube": one stands for the kind said before. */
export function likeBefore(object: ObjectQuery, before: ObjectQuery): ObjectQuery {
  return !object.shape && /\bones?\b/.test(object.text) && before.shape ? { ...object, shape: before.shape } : object;
}
