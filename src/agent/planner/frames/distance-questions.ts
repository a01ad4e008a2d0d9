import { parseObject } from '../referring.js';
import type { DistanceTo, MeasuredEnd, ParsedGoal } from './goal-types.js';
import { unknown, withObject } from './phrases.js';

/**
 * Questions of distance: "how far is bin a (from you)", "how far are you from the dock", "how far
 * is it to the shelf", "what's the distance between the shelf and bin b", "which is closer, the
 * shelf or bin b", "is bin a farther than the shelf". Each end is an object when the words name
 * one (found by sight), else a place said (grounding puts it on the map or refuses it); without a
 * second end, the distance is from the robot. Answered from the pose and the map, with no drive
 * for places (answers.ts, place-distances.ts).
 */
export function readDistanceQuestion(said: string): ParsedGoal | null {
  // "how far from the shelf is the blue cube", "how many metres (is it) to bin a": asked the usual way round.
  const c = said
    .replace(/^how (far|close) (from|to) (.+?) (is|are) (.+)$/, 'how $1 $4 $5 $2 $3')
    .replace(/^how many (?:metres|meters|m) (?:away )?(?:is it |would it be )?(?=to |from )/, 'how far is it ')
    .replace(/^how many (?:metres|meters|m) (?:away )?(is|are) /, 'how far $1 ');
  return compared(c) ?? howFar(c);
}

/** Words for the robot itself as one end of a distance. */
const ROBOT = /^(?:|you|yourself|me|us|the robot|robot|here|where you are(?: now)?|where you stand|your (?:position|spot))$/;
const NEARER = String.raw`(closer|nearer|closest|nearest|further|farther|furthest|farthest)`;
const FROM_ROBOT = String.raw`(?:(?: away)?(?: (?:to|from) (?:you|me|us|here|the robot|where you are(?: now)?))?(?: right now| now)?)`;

/**
 * "Which is closer, the shelf or bin b?": the comma before the two compared would split the
 * question into two clauses, neither a question; the comparison is joined back into one.
 */
export function joinedComparison(text: string): string {
  return text.replace(new RegExp(String.raw`^((?:which|what)(?: one)? (?:is|are) (?:the )?${NEARER}(?: one)?(?:${FROM_ROBOT}|${TO_PLACE}))\s*[,:]\s*(?=\S.* or \S)`), '$1 of ');
}

/** "Nearer to the pit": the place or object the two are compared from, when it is not the robot. */
const TO_PLACE = String.raw`(?: (?:to|from) (?!(?:you|me|us|here|the robot)\b)[^,:]+?)`;

function compared(c: string): ParsedGoal | null {
  // "which is nearer to the pit, the blue cube or the green cube", "which of X and Y is closer to Z": compared from Z.
  const whichTo = new RegExp(String.raw`^(?:which|what)(?: one)? (?:is|are) (?:the )?${NEARER}(?: one)? (?:to|from) (.+?),? (?:of |between )(.+?),? or (.+?)$`).exec(c);
  const ofTo = new RegExp(String.raw`^which (?:one )?of (.+?) (?:and|or) (.+?) (?:is|are) (?:the )?${NEARER} (?:to|from) (.+?)$`).exec(c);
  const [wordTo, ref, x, y] = whichTo ? [whichTo[1]!, whichTo[2]!, whichTo[3]!, whichTo[4]!] : ofTo ? [ofTo[3]!, ofTo[4]!, ofTo[1]!, ofTo[2]!] : [];
  if (wordTo && ref && x && y && !ROBOT.test(ref)) {
    const goal = measureOf([x, y], c, /^(?:closer|nearer|closest|nearest)$/.test(wordTo) ? 'nearer' : 'farther');
    return goal.kind === 'measure' ? { ...goal, from: end(ref) } : goal;
  }
  // "which is closer, the shelf or bin b", "which of the shelf and bin b is nearer": the word, then the two.
  const which = new RegExp(String.raw`^(?:which|what)(?: one)? (?:is|are) (?:the )?${NEARER}(?: one)?${FROM_ROBOT}(?:,|:)? (?:of |between )?(.+?),? or (.+?)$`).exec(c);
  const of = new RegExp(String.raw`^which (?:one )?of (.+?) (?:and|or) (.+?) (?:is|are) (?:the )?${NEARER}${FROM_ROBOT}$`).exec(c);
  const [word, a, b] = which ? [which[1]!, which[2]!, which[3]!] : of ? [of[3]!, of[1]!, of[2]!] : [];
  if (word && a && b) return measureOf([a, b], c, /^(?:closer|nearer|closest|nearest)$/.test(word) ? 'nearer' : 'farther');
  // "is bin a closer than the shelf": the two compared, the first named first in the answer.
  const is = new RegExp(String.raw`^(?:is|are) (.+?) ${NEARER}${FROM_ROBOT} than (.+?)${FROM_ROBOT}$`).exec(c);
  const asked = is && measureOf([is[1]!, is[3]!], c, /^(?:closer|nearer)$/.test(is[2]!) ? 'nearer' : 'farther');
  if (asked) return asked.kind === 'measure' ? { ...asked, whether: true } : asked;
  return null;
}

/** "how far is the red cube from the shelf", "what is the distance between X and Y", "how far away is X", "how far are you from Z". */
function howFar(c: string): ParsedGoal | null {
  const toRobot =
    /^how (?:far|close) (?:away )?(?:are you|is the robot|am i)(?: away)? (?:from|to) (.+)$/.exec(c) ??
    /^how (?:far|close) (?:is it|would it be|do you have to (?:go|drive)|is the (?:drive|trip|way)|have you got to go)?(?: from (?:here|you|where you are))? to (?:get to |reach )?(.+)$/.exec(c) ??
    /^(?:what is )?(?:the |your )?distance (?:from (?:you|here|me|where you are) )?to (.+)$/.exec(c) ??
    /^how far (?:away |off )?(?:is|are) (.+?)(?: away| off)?(?: from (?:you|here|where you are|the robot))?$/.exec(c);
  const m =
    /^how (?:far|close) (?:away |off )?(?:is|are) (.+?)(?: away| off)? (?:from|to) (.+)$/.exec(c) ??
    /^(?:what is )?(?:the )?distance (?:between|from) (.+?) (?:and|to) (.+)$/.exec(c) ??
    /^how far apart (?:is|are) (.+?) and (.+)$/.exec(c);
  // "how far are you from the dock", "how far is it to the shelf": the robot is the other end.
  const robotFirst = m && (ROBOT.test(m[1]!) || /^(?:it|that)$/.test(m[1]!)) ? m[2]! : undefined;
  const [first, second] = robotFirst ? [robotFirst, ''] : m && !ROBOT.test(m[2]!.replace(/^the\s+/, '').trim()) ? [m[1]!, m[2]!] : toRobot ? [toRobot[1]!, ''] : m ? [m[1]!, ''] : [];
  if (first === undefined) return null;
  const one = end(first);
  const other = second ? end(second) : undefined;
  // An object's distance (from the robot, an object or a place) keeps its own answer (answers.ts).
  if ('object' in one) {
    if (one.object.all) return unknown(c, `I can tell how far one object is from another, not "${first}": say which one`);
    const distanceTo: DistanceTo = !other ? { robot: true } : 'said' in other ? { said: other.said } : { object: (other as { object: never }).object };
    return withObject(first, c, (object) => ({ kind: 'find', object, distanceTo }));
  }
  if (other && 'object' in other && other.object.all) return unknown(c, `I can tell how far one object is from a place, not "${second}": say which one`);
  return { kind: 'measure', items: [one], ...(other ? { from: other } : {}) };
}

function measureOf(said: string[], c: string, compare: 'nearer' | 'farther'): ParsedGoal {
  const items = said.map(end);
  const many = items.find((e) => 'object' in e && e.object.all);
  if (many) return unknown(c, `I can compare how far single places or objects are, not "${(many as { object: { text: string } }).object.text}": say which one`);
  return { kind: 'measure', items, compare };
}

/** An end of a distance as said: an object when the words name one, else a place. */
function end(said: string): MeasuredEnd {
  const words = said.replace(/\?$/, '').trim();
  const object = parseObject(words);
  if (!('reason' in object) && !object.pronoun) return { object };
  return { said: words.replace(/^(?:the|your)\s+/, '') };
}
