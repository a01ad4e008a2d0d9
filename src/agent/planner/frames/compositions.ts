import { parseObject, type ObjectQuery } from '../referring.js';
import { COLORS, SHAPE_WORDS } from '../vocabulary.js';
import type { ParsedGoal } from './goal-types.js';
import type { Frame } from './motion.js';
import { VERB_FRAMES } from './verbs.js';
import { parsePlace, splitDestination, unknown, withObject } from './phrases.js';

/**
 * Compositions: goals made of several deliveries.
 * - swap A with B: each goes where the other was (into its zone, or to its spot).
 * - clear Z (into Y): every object in Z moved to Y, or out of Z when no Y is said.
 * - put X right / sort it out / X is in the wrong bay: X to the zone named after its colour (or
 *   kind). For an object whose colour is said, that is a delivery to the zone those words name;
 *   otherwise each object found is sent to its own at run time. A map with no zone named after a
 *   colour or a kind cannot say where anything belongs: refused.
 */

const PLACES_WORDS = /\s+(?:around|round|over|places?|positions?|spots?|locations?|places with each other|with each other|over with each other)$/;

export const swap: Frame = (_verb, rest, clause) => {
  const r = rest.replace(/^(?:the )?(?:places?|positions?|spots?|locations?) of\s+/, '').replace(PLACES_WORDS, '').replace(PLACES_WORDS, '');
  const pair = /^(.+?)\s+(?:with|for)\s+(.+)$/.exec(r) ?? /^(.+?)\s+and\s+(.+)$/.exec(r);
  if (!pair) return unknown(clause, `I do not know which two objects to swap in "${clause}": say "swap A with B"`);
  return swapOf(pair[1]!, pair[2]!, clause);
};

function swapOf(a: string, b: string, clause: string): ParsedGoal {
  const first = parseObject(a);
  if ('reason' in first) return unknown(clause, first.reason);
  const other = parseObject(b);
  if ('reason' in other) return unknown(clause, other.reason);
  if (first.all || other.all) return unknown(clause, `I can swap two objects, one with the other: "${clause}" names more than two`);
  return { kind: 'swap', object: first, other };
}

/** "the red cube and the blue ball need to swap places", "A and B should trade spots". */
export function readSwapStatement(c: string): ParsedGoal | null {
  const m = /^(.+?)\s+and\s+(.+?)\s+(?:(?:need|have|ought|want) to |should |must |can |will |to )?(?:swap|switch|trade|exchange)(?:\s+(?:places?|positions?|spots?|around|round|over))*$/.exec(c);
  if (m) return swapOf(m[1]!, m[2]!, c);
  // "put the red ball where the green cube is and vice versa": each where the other is.
  const back = /^(?:put|move|place|take|bring|set) (.+?),? (?:to )?(?:where|in place of|in the place of) (.+?)(?: (?:is|was|are|were|sits|lies|stands))?,? (?:and )?(?:vice versa|the other way (?:a)?round|(?:and )?the other way too)$/.exec(c);
  if (back) return swapOf(back[1]!, back[2]!, c);
  // "put the red cube where the blue ball is and the blue ball where the red cube is": said out both ways.
  const IS = String.raw`(?: (?:is|was|are|were|sits|lies|stands)(?: now| right now)?)`;
  const both = new RegExp(String.raw`^(?:put|move|place|take|set) (.+?),? (?:to )?where (.+?)${IS},? and (?:(?:put|move|place|take|set) )?(.+?),? (?:to )?where (.+?)${IS}$`).exec(c);
  const same = (a: string, b: string) => a.replace(/^the /, '') === b.replace(/^the /, '');
  return both && same(both[1]!, both[4]!) && (same(both[2]!, both[3]!) || /^(?:it|that one|the other(?: one)?)$/.test(both[3]!)) ? swapOf(both[1]!, both[2]!, c) : null;
}

/** The zone's words after "clear (out|off|up)? (everything|all) (off|out of|from|in|on)?". */
export const clear: Frame = (verb, rest, clause) => {
  const split = splitDestination(rest);
  const into = split && /^(?:into|in|to|onto|on)$/.test(split.preposition) && split.object ? split : null;
  const zoneText = (into ? into.object : rest)
    .replace(/^(?:out|off|up|away)\s+/, '')
    .replace(/^(?:(?:everything|all|things|the objects|the things|all the (?:objects|things)|whatever is|what is)\s+)?(?:(?:out of|off(?: of)?|from|in|on|inside)\s+)?/, '')
    .replace(/\s+(?:out|off|up)$/, '')
    .replace(/^the\s+/, '');
  // "clean up", "clean this up": no place said, it is tidying up.
  if (!zoneText || /^(?:(?:this|it|everything|all)(?: up)?|up)$/.test(zoneText)) return verb === 'clean' ? sort('tidy', '', clause) : null;
  // "clear the table except for the green ball": what is left out stays.
  const except = /^(.+?)\s+((?:except(?: for)?|but not|other than|apart from|excluding|save for)\s+.+)$/.exec(zoneText);
  if (except && verb !== 'remove') return clearOf(parseObject(`everything in ${except[1]} ${except[2]}`), into, clause);
  // "remove the red cube from bin a": only what is named leaves the zone.
  const named = /^(.+?)\s+(?:from|out of|off(?: of)?)\s+(.+)$/.exec(rest.replace(/\s+(?:out|off)$/, ''));
  const object: ObjectQuery | { reason: string } = named && verb === 'remove' ? parseObject(`${named[1]} in ${named[2]}`) : { all: true, inZone: zoneText, text: `everything in ${zoneText}` };
  return clearOf(object, into, clause);
};

function clearOf(object: ObjectQuery | { reason: string }, into: { target: string; preposition: string } | null, clause: string): ParsedGoal {
  if ('reason' in object) return unknown(clause, object.reason);
  if (!into) return { kind: 'clear', object };
  const target = parsePlace(into.target, into.preposition);
  if ('reason' in target) return unknown(clause, target.reason);
  return { kind: 'place', object, target };
}

/** Whether these place words name any zone after a colour or a kind of object. */
export function hasSortingZones(placeWords: ReadonlySet<string>): boolean {
  return [...placeWords].some((w) => (COLORS as readonly string[]).includes(w) || w in SHAPE_WORDS);
}

/** Its colour, kind or shape: what says which zone an object belongs in. */
const OWN_KIND = String.raw`(?:its|their) (?:own )?(?:colou?rs?|kinds?|shapes?)`;
/** Where an object belongs, said after a delivery verb: "where it belongs", "in the right bay", "in its own colour bay", "to the bay that matches its colour".
 *  "In its bay" is too, but not "to its left" or "to their office": "to" goes somewhere else. */
const BELONGS = new RegExp(
  String.raw`^(.+?)\s+(?:(?:back )?where (?:it|they) (?:belongs?|goes?)|away|back in (?:its|their) place|(?:in|into|on|to) (?:the )?(?:right|correct|proper|matching) \w+|(?:in|into|on|to) (?:its|their) (?:(?:own |proper |right |matching )\w+|(?:own )?(?:colou?r|kind|shape) \w+)|(?:in|into|on) (?:its|their) (?!(?:place|spot|stead|position)$)\w+|(?:in|into|on|to) the \w+ (?:of|for|matching|with) ${OWN_KIND}|(?:in|into|on|to) the \w+ (?:that|which) (?:match|matches|go with|goes with|is|are|has|have) ${OWN_KIND}|(?:in|into|on|to) the (?:same colou?r \w+|\w+ of the same colou?r)|(?:in|into|on|to) the \w+ by (?:colou?r|kind|shape))$`,
);

const PUT_RIGHT = /^(.+?)\s+(?:right|straight)$/;

/** Verbs that deliver an object somewhere: with a "where it belongs" destination, they sort it. */
const delivers = (verb: string) => VERB_FRAMES[verb]?.includes('place') ?? false;

/** "sort it out", "sort the cubes", "put the green cube right / where it belongs / in the right bay", "fix it". */
export const sort: Frame = (verb, rest, clause) => {
  let objectText: string | undefined;
  if (delivers(verb)) {
    // "Put it right / straight": only "put" says where it belongs that way ("move it right" is a direction).
    const m = BELONGS.exec(rest) ?? (verb === 'put' ? PUT_RIGHT.exec(rest) : null);
    if (!m || /\b(?:the|on|to|in|at|of)$/.test(m[1]!)) return null;
    objectText = m[1];
  } else objectText = rest.replace(/^(?:out|up)(?:\s+|$)/, '').replace(/\s+(?:out|up)$/, '').replace(/\s+(?:by (?:colou?r|kind|shape)|into (?:their|the) \w+)$/, '');
  if (!objectText || /^(?:everything|things|the room|the mess|this mess|the bays|the zones|all|all of it|it all)$/.test(objectText)) return sortOf({ all: true, text: 'everything' });
  // "tidy up the office": what is in that place.
  const inPlace = parseObject(`everything in ${objectText.replace(/^the\s+/, '')}`);
  if ('reason' in parseObject(objectText) && !('reason' in inPlace) && inPlace.inZone) return sortOf(inPlace);
  return withObject(objectText, clause, sortOf);
};

function sortOf(object: ObjectQuery): ParsedGoal {
  return { kind: 'sort', object };
}

/** "the green cube is in the wrong bay", "X is not in the right place", "X is misplaced". */
export function readMisplaced(c: string): ParsedGoal | null {
  const m = /^(.+?)\s+(?:is|are)\s+(?:in the wrong \w+|not in (?:the )?(?:right|correct|proper) \w+|misplaced|out of place|in the wrong place)$/.exec(c);
  return m ? withObject(m[1]!, c, sortOf) : null;
}

/**
 * A sort of an object whose colour (or kind) is said is a delivery to the zone those words name:
 * grounding finds it among the map's zones, and says so when two could be meant.
 */
export function sortTarget(object: ObjectQuery, placeWords: ReadonlySet<string>): string | null {
  if (object.color && placeWords.has(object.color)) return object.color;
  const kindWords = object.shape ? Object.keys(SHAPE_WORDS).filter((w) => SHAPE_WORDS[w] === object.shape && placeWords.has(w)) : [];
  return kindWords.length === 1 ? kindWords[0]! : null;
}

/** Words for several objects handled before, all of them. */
export const TOGETHER = /^(?:both|them|them both|both of them|all of them|them all|all \d+|the \d+ of them)$/;

/**
 * "get the red cube, then the blue ball, and put both on the shelf": the robot holds one thing at a
 * time, so objects picked up one after the other and then put somewhere together ("both", "them",
 * "all of them") are each carried there. The goals with those picks made deliveries, or null.
 */
export function carriedTogether(before: ParsedGoal[], goal: ParsedGoal): ParsedGoal[] | null {
  // "… and put them in their totes": each one sorted, to the zone of its own colour.
  if ((goal.kind !== 'place' && goal.kind !== 'sort') || !TOGETHER.test(goal.object.text)) return null;
  let first = before.length;
  while (first > 0 && before[first - 1]!.kind === 'pick') first--;
  const picks = before.slice(first) as Extract<ParsedGoal, { kind: 'pick' }>[];
  if (picks.length < 2 || (goal.object.count !== undefined && goal.object.count !== picks.length)) return null;
  return [...before.slice(0, first), ...picks.map((p): ParsedGoal => (goal.kind === 'place' ? { kind: 'place', object: p.object, target: goal.target } : { kind: 'sort', object: p.object }))];
}
