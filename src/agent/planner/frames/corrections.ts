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
export const CORRECTION_ALONE = /^(?:(?:no|nope|sorry|oops|i mean|i meant|scratch that|or rather|correction|my mistake|my bad|never ?mind|forget (?:it|that)|cancel (?:it|that))(?:\s*,)?\s*)+(?:wait)?$/;
/** Taking back everything: "never mind", "cancel", "forget it", "abort" — said alone, the robot is to stop. */
export const CALL_OFF = /^(?:never ?mind|nevermind|cancel|abort|forget (?:it|that|about it)|scratch that|cancel (?:it|that|the mission|everything))$/;

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

/** A correction said with a word the language layer drops as a filler or a hedge ("actually", "sorry", "er"). */
const SPOKEN_MARKER = /(?<!\b(?:the|an|to|in|into|on|onto|at|and|or|with|my|your|of|from))\s*,\s*(actually|sorry|er+m?|uh+|um+)\s*,?\s+(?!(?:and|then|also|after|before|but|so|please|i mean|i meant|no)\b)(?=\S)/g;

/** A place phrase going on from the words before it. */
const PLACE_AFTER = /^(?:in|into|on|onto|to|at|inside|next to|over to)\s/i;

/**
 * "put the cube in bin a, actually bin b", "take the red cube, er, the blue one": said after a
 * whole phrase and before another, those words take the phrase back, so they are kept as "no
 * wait" before the language layer drops them ("put the, er, red cube" is a hesitation, and stays
 * one; "a" is not looked at, as it ends zone names: "bin a, actually bin b"). A hesitation before a command ("…, uh, put it in bin b") or a place is no correction; "actually"
 * and "sorry" before one replace the command said last.
 */
export function keepCorrectionMarkers(text: string, isCommand: (rest: string) => boolean): string {
  return text.replace(SPOKEN_MARKER, (m, word: string, offset: number) => {
    const rest = text.slice(offset + m.length);
    // A hesitation before a command or before the place of the phrase it broke ("put the red cube, um, in bin a") corrects nothing.
    return /^(?:er|uh|um)/.test(word.toLowerCase()) && (isCommand(rest.toLowerCase()) || PLACE_AFTER.test(rest)) ? m : ', no wait, ';
  });
}
