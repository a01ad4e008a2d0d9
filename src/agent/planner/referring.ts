import { takeRelation, type Relation } from './relations.js';
export { parsePoint } from './point-words.js';
import { COLORS, GENERIC_OBJECT_WORDS, PLURAL_SHAPE_WORDS, SHAPE_WORDS, UNKNOWN_COLORS } from './vocabulary.js';

/**
 * Referring expressions: the words that pick objects out — colour, shape, quantity ("all",
 * "both", "every", "two", "any three", "one of"), where they are ("from room 2", "on the
 * workbench", "not in the red bay"), what to leave out ("except the blue one", "everything but
 * the cubes"), a comparison with the robot ("whichever is closest to you", "the farthest") and a
 * relation to the room or to other things ("by the left wall", "next to the blue ball": see
 * relations.ts). Zones stay as the words said; grounding resolves them against the map.
 */
export interface ObjectQuery {
  color?: string;
  shape?: string;
  /** "all the cubes", "every ball", "everything", "both", "two cubes". */
  all: boolean;
  /** At most this many ("two cubes", "any three", "one of the cylinders"). */
  count?: number;
  /** "The two cubes", "both balls", "all three": the speaker counted them, so the room holds that
   *  many; with more, which ones were meant is not known. */
  exact?: boolean;
  /** "the red cube": one object is meant, so two equally good candidates must not be guessed between. */
  definite?: boolean;
  /** Only objects in this zone ("from room 2"): the words said, then the zone once grounded. */
  inZone?: string;
  /** Only objects not in this zone ("the cube that is not in the red bay"). */
  notInZone?: string;
  /** Objects of this kind are left out ("except the blue one"). */
  except?: { color?: string; shape?: string };
  /** Objects the instruction says to leave alone ("don't touch anything on the workbench"): never candidates. */
  spare?: SpareQuery[];
  /** "The other one": not an object the robot already took hold of on this mission. */
  other?: boolean;
  /** "The rest", "everything else", "the remaining cubes": every one (of the kind said, if any)
   *  but those the mission already took hold of; `other` is set too. */
  rest?: boolean;
  /** Picked out by where it is ("the ball by the wall"). */
  relation?: Relation;
  /** Which of several, by distance from the robot. */
  rank?: 'nearest' | 'farthest';
  /** "it", "them": the object(s) of the previous goal. */
  pronoun?: boolean;
  /** "Them" spread over the objects said before it, one goal each (plural-pronoun.ts): sent on
   *  from where the goal before put it, as "it" is, not a second place for it at the end. */
  again?: boolean;
  /** "two" said alone ("… and two in zone 3"): that many of the kind said before (compose.ts fills the kind in). */
  ofKindBefore?: boolean;
  /** The words used, for messages. */
  text: string;
}

/** What "leave … alone" or "don't touch …" spares: a kind, those in a zone, or both. */
export interface SpareQuery {
  color?: string;
  shape?: string;
  inZone?: string;
  /** "Anything else": every object but those of these kinds, the ones the instruction names. */
  notNamed?: Array<{ color?: string; shape?: string }>;
  text: string;
}

const isColor = (w: string) => (COLORS as readonly string[]).includes(w);
const NEAREST = /\b(?:(?:whichever|which|that) (?:one )?is |that is )?(?:the )?(?:closest|nearest|closer|nearer)(?: one)?(?: to (?:you|the robot|me|us))?\b/;
const FARTHEST = /\b(?:(?:whichever|which|that) (?:one )?is |that is )?(?:the )?(?:farthest|furthest|farther|further)(?: one)?(?: (?:from|away from) (?:you|the robot|me|us))?\b/;
/** "one of the yellow cylinders", "two of them": how many are left out, not which. */
const SOME_OF_THEM = /^(?:one|two|three|four|five|a few|a couple|some|\d+) (?:of )?(?:the|them|those|these)\b/;
// "bar" and "excluding" too ("all the cubes bar the red one"), "bar" only before a determiner: a zone may be a bar.
const EXCEPT = /\s+(?:except(?: for)?|but(?: not)?|other than|apart from|save|excluding|bar(?:ring)?(?= (?:the|one|two|three|\d+|a|an|any|that|those)\b))\s+(.+)$/;
const NOT_COLOUR = /\s+(?:(?:that|which) (?:is|are) )?not (red|green|blue|yellow)(?: ones?)?$/;
const NON_COLOUR = /\bnon[- ]?(red|green|blue|yellow)\b/;
const NOT_IN_ZONE = /\s+(?:(?:that|which) (?:is|are) )?(?:not (?:in|on|inside|at)|outside(?: of)?)\s+(.+)$/;
const IN_ZONE = /\s+(?:(?:that|which) (?:is|are) |sitting |lying )?(?:from|in|on|inside|at|out of|off)\s+(.+)$/;
const NOT_A_ZONE = /^(?:the )?(?:here|there|this room|the room|view|sight|front of you)$/;
/** "the closer of the two cubes", "the other one of those": one object out of several. */
const OF_SEVERAL = /\b(closer|nearer|closest|nearest|farther|further|farthest|furthest|other)\s+(?:one\s+)?of\s+(?:the\s+|those\s+|these\s+)?(?:\d+\s+|two\s+|both\s+)?/;
const QUANTITY: Record<string, number> = { both: 2, couple: 2, pair: 2 };
const WHATEVER = /^(?:whatever)(?: (?:is|are|sits|lies|stands|is sitting|is lying|is left|remains|you find|you see))? /;
/** Words that say how light or strong a colour is ("light blue", "dark red"): the colour is still the one named. */
const SHADE = /\b(?:light|dark|bright|pale|deep|vivid|dull|pastel|neon)(?=\s+(?:red|green|blue|yellow)\b)/g;
/** Ordinals ("the second cube"): an order along a line or in time that the planner does not keep. */
const ORDINAL = /\b(?:second|third|fourth|fifth|sixth|2nd|3rd|4th|5th|6th)\b/;

/** "The red coloured cube", "the cube that is blue in colour": the colour, said at length. */
const COLOURED = new RegExp(String.raw`\b(${[...COLORS, ...UNKNOWN_COLORS].join('|')})(?:[- ]?colou?red| in colou?r)\b`, 'g');

export function parseObject(text: string): ObjectQuery | { reason: string } {
  const remaining = theRest(text);
  if (remaining) return remaining;
  // "whatever is on the table": anything there.
  let rest = ` ${text.trim().replace(WHATEVER, 'anything ').replace(COLOURED, '$1')} `.replace(/\s+/g, ' ');
  const extra: Partial<ObjectQuery> = {};
  // "the balls that are not green", "the non-red balls": all but that colour.
  const notColour = NOT_COLOUR.exec(rest.trimEnd()) ?? NON_COLOUR.exec(rest);
  if (notColour) {
    extra.except = { color: notColour[1]! };
    rest = ` ${rest.replace(notColour[0], ' ')} `;
  }
  const except = EXCEPT.exec(rest.trimEnd());
  const several = except ? kindsListed(except[1]!) : null;
  if (except && several) {
    // "except the red and the blue": the first is the exception, the others are left out as well.
    extra.except = several[0]!;
    extra.spare = several.slice(1).map((k) => ({ ...k, text: except[1]!.trim() }));
    rest = rest.slice(0, except.index) + ' ';
  } else if (except) {
    // "all but one of the yellow cylinders": a number of them left, which ones not said; read as a kind, every
    // other object in the room had been moved instead.
    if (SOME_OF_THEM.test(except[1]!.trim())) return { reason: `I cannot tell which to leave out in "${except[1]!.trim()}": say which, as in "except the one in aisle 1"` };
    const left = kindOf(except[1]!);
    // "except the one in bin a": those in a zone are spared, like "don't touch anything in bin a".
    // "one" stands for the kind already said, which the spare need not repeat: any thing there.
    const placed = !left || 'reason' in left ? parseObject(except[1]!.replace(/^(?:the |that |those )?ones?\b/, 'everything')) : null;
    if (placed && !('reason' in placed) && placed.inZone && !placed.relation && !placed.notInZone) {
      extra.spare = [{ ...(placed.color ? { color: placed.color } : {}), ...(placed.shape ? { shape: placed.shape } : {}), inZone: placed.inZone, text: except[1]!.trim() }];
    } else if (!left || 'reason' in left) return { reason: `I do not know what to leave out in "${except[1]}"` };
    // "all the cubes bar one": which one is not said, and guessing would move the one meant.
    else if (!left.color && !left.shape) return { reason: `I cannot tell which to leave out in "${except[1]!.trim()}": say which, as in "except the red one"` };
    else extra.except = left;
    rest = rest.slice(0, except.index) + ' ';
  }
  const ofSeveral = OF_SEVERAL.test(rest);
  rest = rest.replace(OF_SEVERAL, '$1 ');
  const related = takeRelation(rest.trimEnd());
  if ('reason' in related) return related;
  if (related.relation) {
    extra.relation = related.relation;
    rest = `${related.rest} `;
  }
  const notIn = NOT_IN_ZONE.exec(rest.trimEnd());
  if (notIn) {
    extra.notInZone = notIn[1]!.replace(/^the\s+/, '').trim();
    rest = `${rest.slice(0, notIn.index)} `;
  }
  if (NEAREST.test(rest)) extra.rank = 'nearest';
  else if (FARTHEST.test(rest)) extra.rank = 'farthest';
  rest = rest.replace(NEAREST, ' ').replace(FARTHEST, ' ');
  const zone = IN_ZONE.exec(rest.trimEnd());
  if (zone) {
    const said = zone[1]!.replace(/^the\s+/, '').trim();
    if (!NOT_A_ZONE.test(said)) extra.inZone = said;
    rest = rest.slice(0, zone.index) + ' ';
  }
  if (/\b(?:the )?other\b/.test(rest)) {
    extra.other = true;
    rest = rest.replace(/\bother\b/, ' ');
  }
  // "the two blue balls", "those 3 cubes", "all three balls", "each of the 2 cubes": as many as said, all of them.
  const oneOf = /^\s*(?:(\d+|one|any one|just one|a single) of|any (\d+)|(?:(?:all|each|every one)(?: of)? )?(?:the |those |these )?(\d+))\b/.exec(rest) ?? /\bany (\d+)\s*$/.exec(rest);
  const definite = /^\s*(?:the|that|this)\b/.test(rest) && !/^\s*the \d/.test(rest);
  const t = rest
    .replace(/^\s*(?:\d+|one|any one|just one|a single) of\b/, ' ')
    .replace(/\b(?:any )?\d+\b/g, ' ')
    .replace(/\b(?:the|a|an|some|any|of|me|for me|up|over|back|down|please|that|this|those|these|is|are|whichever|which|there|in here|out here|still)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const picked = extra.rank || extra.relation || extra.other;
  // "put two red cubes in zone 2 and two in zone 3": a number alone stands for that many of the kind said before;
  // "those two", "the 3 of them" are the objects said before ("them").
  const lone = (t === '' && oneOf) || /^(?:one|another(?: one)?)$/.test(t);
  if (lone && !picked && !/\b(?:the|those|these|them)\b/.test(rest)) {
    const n = oneOf ? Number(oneOf[1] ?? oneOf[2] ?? oneOf[3] ?? 1) || 1 : 1;
    return { all: n > 1, count: n, ofKindBefore: true, ...extra, text: text.trim() };
  }
  // "them both", "both of them", "the two of them", "them all": the objects said before, all of them.
  if ((/^(?:it|that one|the object|(?:them|they)(?: both| all)?|both them|all them)$/.test(t) || t === '') && !picked) return { all: /\b(?:them|they)\b/.test(t), pronoun: true, text: t || 'it' };
  const words = t.split(' ');
  const quantity = words.map((w) => QUANTITY[w]).find(Boolean);
  const count = oneOf ? Number(oneOf[1] ?? oneOf[2] ?? oneOf[3] ?? 1) || 1 : quantity;
  const kind = kindOf(words.filter((w) => !QUANTITY[w]).join(' '));
  const unknown = ORDINAL.test(t)
    ? { reason: `I cannot tell which one "${text.trim()}" is by its order: say which by its colour, where it is ("on the table", "by the wall") or "the leftmost", "the closest"` }
    : { reason: `I do not know what "${text.trim()}" is: I can handle red, green, blue and yellow cubes, balls and cylinders` };
  if (!kind || 'reason' in kind) return kind ?? unknown;
  const plural = /\b(?:all|every|each|everything|anything)\b/.test(t) || words.some((w) => PLURAL_SHAPE_WORDS.has(w) || /^(?:objects|things|items|toys|ones)$/.test(w)) || quantity !== undefined;
  const all = ofSeveral ? false : count === undefined ? plural : count > 1;
  const exact = count !== undefined && count > 1 && ((oneOf?.[3] !== undefined && /^\s*(?:all|each|every one|the|those|these)\b/.test(rest)) || words.includes('both'));
  if (!kind.color && !kind.shape && !plural && count === undefined && !extra.rank && !extra.relation && !extra.other) return unknown;
  return { ...kind, all, ...(count !== undefined ? { count } : {}), ...((definite || ofSeveral) && !all && count === undefined ? { definite: true } : {}), ...(exact ? { exact } : {}), ...extra, text: t };
}

/** "The rest (of the cubes)", "everything else", "the remaining balls", "whatever is left": all
 *  of that kind (of any, when none is said) but those already taken hold of. */
const REST = [
  /^(?:all )?(?:of )?(?:the )?(?:rest|remainder)(?: of (?:them|it|(?:the )?(.+)))?$/,
  /^(?:everything|anything|all|all the stuff|the other stuff) else$/,
  /^(?:all )?(?:of )?(?:the )?(?:remaining|leftover|left-over) (.+)$/,
  /^(?:all )?(?:the )?(.+?) (?:that (?:are|is)|which (?:are|is)) (?:left|remaining|left over)$/,
  /^(?:whatever|what)(?:'s| is| are)? (?:left|remaining|left over)$|^whatever remains$/,
];

function theRest(text: string): ObjectQuery | { reason: string } | null {
  const t = text.trim().replace(/\s+/g, ' ');
  for (const pattern of REST) {
    const m = pattern.exec(t);
    if (!m) continue;
    const kind = m[1] ? kindOf(m[1]) : {};
    if (!kind || 'reason' in kind) return kind ?? { reason: `I do not know what "${t}" is: I can handle red, green, blue and yellow cubes, balls and cylinders` };
    return { ...kind, all: true, other: true, rest: true, text: t };
  }
  return null;
}

/** "the red and the blue (ones)", "red, green or yellow cubes": two or more kinds listed, or null. */
function kindsListed(text: string): Array<{ color?: string; shape?: string }> | null {
  const pieces = text.trim().split(/\s*,\s*(?:and |or )?|\s+(?:and|or|nor)\s+/).filter(Boolean);
  if (pieces.length < 2) return null;
  const kinds = pieces.map(kindOf);
  if (!kinds.every((k): k is { color?: string; shape?: string } => k !== null && !('reason' in k) && (k.color !== undefined || k.shape !== undefined))) return null;
  // "the red, green and blue cubes": the shape said last is that of the colours said alone.
  const shape = kinds.at(-1)!.shape;
  return kinds.map((k) => (shape && !k.shape ? { ...k, shape } : k));
}

/** The colour and shape a few words name ("blue one", "cubes", "red ball"), or why not. */
function kindOf(text: string): { color?: string; shape?: string } | { reason: string } | null {
  const words = text.replace(SHADE, ' ').replace(/\b(?:the|a|an|of|ones?|all|every|each|and|or|object|both)\b/g, ' ').trim().split(/\s+/).filter(Boolean);
  const colors = words.filter(isColor);
  const unknownColor = words.find((w) => UNKNOWN_COLORS.includes(w));
  if (unknownColor && colors.length === 0) {
    return { reason: `I cannot recognize ${unknownColor} objects: the detector knows red, green, blue and yellow cubes, balls and cylinders` };
  }
  const shapes = [...new Set(words.map((w) => SHAPE_WORDS[w]).filter(Boolean))];
  const rest = words.filter((w) => !isColor(w) && !SHAPE_WORDS[w] && !GENERIC_OBJECT_WORDS.has(w) && !/^(?:anything|something)$/.test(w));
  if (rest.length > 0) return null;
  // "the red cube and the cube" names two objects, though of one shape: read as one, the second had been dropped.
  if (colors.length > 1 || shapes.length > 1 || words.filter((w) => SHAPE_WORDS[w]).length > 1) return { reason: `"${text.trim()}" names more than one kind of object; ask for one kind at a time` };
  return { ...(colors[0] ? { color: colors[0] } : {}), ...(shapes[0] ? { shape: shapes[0] } : {}) };
}

/** Whether an object of this colour and shape is what the query asks for (its kind, not yet its zone or rank). */
export function kindMatches(o: { color?: string; shape?: string }, q: ObjectQuery): boolean {
  if ((q.color && o.color !== q.color) || (q.shape && o.shape !== q.shape)) return false;
  const x = q.except;
  return !(x && (!x.color || o.color === x.color) && (!x.shape || o.shape === x.shape));
}
