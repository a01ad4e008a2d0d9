import { VERB_FRAMES } from './frames/verbs.js';
import { parseObject, type SpareQuery } from './referring.js';
import { SHAPE_WORDS } from './vocabulary.js';

/**
 * Constraints said alongside the actions — "without charging", "but don't charge", "don't go
 * through the loading bay", "avoid bin a", "don't touch anything on the workbench", ", but not
 * the red one" — taken out of the instruction before its clauses are read, so none is ever
 * dropped: each becomes a goal the mission must keep (or refuse up front). A negation left over
 * afterwards ("but not quickly") is returned as not understood.
 */
export type Constraint =
  | { rule: 'no_charge'; text: string }
  | { rule: 'avoid'; said: string; text: string }
  /** "don't touch anything on the workbench", "leave the red cube alone", ", but not the blue one": never a candidate, and checked unmoved at the end. */
  | { rule: 'hands_off'; spare: SpareQuery; text: string; alone?: true };

const END = String.raw`(?=\s*(?:,|;|\.|\band then\b|\bthen\b|\band\b|$))`;
const NEGATION = String.raw`(?:do not|don't|dont|never|no|please don't)`;
const PLACE = String.raw`(?:the )?([a-z0-9_ -]+?)`;

const NO_CHARGE = [
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?${NEGATION} (?:stop (?:to |and |for )?(?:a )?)?(?:re)?charg(?:e|ing)\b(?: (?:the battery|yourself|it|there|up))?(?: (?:on|along) the way)?`, 'g'),
  // "without a charge": also what a slip in "charging" is read as.
  new RegExp(String.raw`(?:,\s*)?\bwithout (?:(?:re)?charging|(?:a )?(?:re)?charge)\b(?: (?:the battery|yourself|it|there|up))?`, 'g'),
];
const MOTION_WORDS = String.raw`(?:go(?:ing)?|driv(?:e|ing)|pass(?:ing)?|travel(?:l?ing)?|cut(?:ting)?|mov(?:e|ing)|enter(?:ing)?|head(?:ing)?)`;
/** Where a forbidden trip would take the robot: "through", "down" (an aisle), "near", and also "to" or "over" — a zone
 *  the robot must not go to is one it must not enter. */
const INTO = String.raw`(?:(?:down|up|along)(?: through| into| to)?|through|via|across|into|in|inside|past|by|over|onto|on|to|(?:anywhere |too )?(?:near(?: to)?|close to))`;
/** "the kitchen and bin a", "aisle 2 or aisle 3": every place listed is kept out of, up to a word that opens a command. */
const NOT_A_COMMAND = String.raw`(?!(?:then|also|after|afterwards|finally|now|please|just|${Object.keys(VERB_FRAMES).join('|')})\b)`;
const PLACES = String.raw`(?:the )?([a-z0-9_ -]+?(?:(?:,| and| or| nor) ${NOT_A_COMMAND}(?:the )?[a-z0-9_ -]+?)*)`;
/** A list's items: "the kitchen, bin a and bin b". */
const items = (list: string) => list.split(/\s*(?:,|\band\b|\bor\b|\bnor\b)\s*/).filter(Boolean);
/** A list of things splits only where THINGS lets a new item start, before its article: "the red
 *  and blue cubes" is one phrase, "the red ball or the blue ball" two. */
const things = (list: string) => list.split(/\s*(?:,|\band\b|\bor\b|\bnor\b)\s*(?=(?:the|any|all|that|those|these)\b)/).filter(Boolean);
const AVOID = [
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?${NEGATION} ${MOTION_WORDS} ${INTO}\s+${PLACES}${END}`, 'g'),
  new RegExp(String.raw`(?:,\s*)?\bwithout ${MOTION_WORDS} ${INTO}\s+${PLACES}${END}`, 'g'),
  // "go to the shelf but not through the kitchen": the trip said, and where it is not to go.
  new RegExp(String.raw`(?:,\s*)?\bbut not ${INTO}\s+${PLACES}${END}`, 'g'),
  // "without entering bin a", "don't cross the loading bay", "don't use aisle 2": verbs whose object is the place itself.
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?(?:${NEGATION}|without) (?:enter(?:ing)?|cross(?:ing)?|pass(?:ing)?|visit(?:ing)?|approach(?:ing)?|us(?:e|ing))\s+${PLACES}${END}`, 'g'),
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and |while |whilst )?(?:avoid(?:ing)?|(?:stay(?:ing)?|keep(?:ing)?) (?:out of|away from|clear of|off)|steer(?:ing)? clear of)\s+(?:${MOTION_WORDS} ${INTO}\s+)?${PLACES}${END}`, 'g'),
];

/** "… on the way", "… while you do it": when the rule holds, which is the whole mission anyway. ("On the
 *  way to the table" names a destination, and is left in the place words, where grounding refuses it.) */
const WHILE_AT_IT = /\s+(?:(?:on|along) the way(?: there| back)?|while (?:you )?(?:are )?(?:do|doing|at) (?:it|that|this|so)|at any (?:time|point)|at all)$/;

/** Verbs that put an object somewhere; forbidding one forbids moving that object there. */
const PUTTING = String.raw`(?:put|place|drop|bring|carry|take|move|set|stick|throw|toss|load|deliver|leave)`;
const THING = String.raw`((?:the |any |all (?:the )?|that |those |these )?[a-z0-9_ -]+?)`;
/** "the red cube and the blue ball": each object listed (each said with its own article, so "the red and blue cubes" stays one phrase). */
const THINGS = String.raw`((?:the |any |all (?:the )?|that |those |these )?[a-z0-9_ -]+?(?:(?:,| and| or| nor) ${NOT_A_COMMAND}(?:the |any |that |those |these )[a-z0-9_ -]+?)*)`;
/** ", not the red one", "but not the blue cube", ", except the yellow ball": said after the clause it narrows. */
const NARROWING = new RegExp(String.raw`(?:,\s*(?:but |and )?|\s+but |\s+and )(?:not|except(?: for)?|apart from|other than|excluding)\s+${THING}(?: (?:though|please|one))?${END}`, 'g');
/** "the green one on the shelf": where the object left out is, or where the rest go. */
const ONE_THEN_PLACE = /^(.*\bones?)\s+((?:in|into|on|onto|to|at|inside)\s+.+)$/;
/** Words that say where a request sends its object. */
const DESTINATION = /\b(?:in|into|on|onto|to|at|inside|next to|near|home|here|there)\b/;

const HANDS_OFF = [
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?${NEGATION} (?:touch|move|disturb|bother|mess with|pick up|grab|take|handle|knock over|bump into)\s+${THINGS}${END}`, 'g'),
  // The language layer reads "touching" as "touch": both forms are met.
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?without (?:touch(?:ing)?|mov(?:e|ing)|disturb(?:ing)?|pick(?:ing)? up|tak(?:e|ing)|handl(?:e|ing)|grab(?:bing)?)\s+${THINGS}${END}`, 'g'),
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?leave\s+${THINGS}\s+(?:alone|be|where (?:it is|they are)|in place|untouched|as (?:it is|they are))${END}`, 'g'),
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?(?:keep your hands off|hands off|ignore|skip|leave out|exclude|never mind|forget(?: about)?|${NEGATION} (?:bother|worry) (?:with|about))\s+${THING}${END}`, 'g'),
  // "but leave the red one", "keep the red one where it is", ", the red one stays (put)": it stays where it is.
  new RegExp(String.raw`(?:,\s*)?\bbut leave\s+${THING}${END}`, 'g'),
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?keep\s+${THING}\s+(?:where (?:it is|they are)|in place|as (?:it is|they are)|there|here)${END}`, 'g'),
  new RegExp(String.raw`(?:[,;]\s*|\s+but\s+)${THING}\s+(?:stays?|remains?|(?:can|should|must|will) (?:stay|remain))(?: (?:where (?:it is|they are)|put|in place|there|behind))?${END}`, 'g'),
  // "nothing from the workbench", "take nothing off the shelf": whatever lies in that place (read by spareOf).
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?(?:(?:take|touch|move|bring|grab) )?(?:nothing|none of the (?:things|objects)) ((?:from|off|out of|on|in) (?:the )?[a-z0-9_ -]+?)${END}`, 'g'),
  // "don't put the blue cube in bin a": kept by not moving it at all (`alone`: only when nothing else is asked, see below).
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?${NEGATION} ${PUTTING}\s+${THING}\s+(?:in|into|inside|on|onto|to|at|next to|near|by)\s+${PLACE}${END}`, 'g'),
  NARROWING,
];

/** "only the cubes go on the shelf", "move only the red ones": the objects named, and nothing else
 *  touched — the word goes, and "anything else" is spared (not "only if", "the only one", "only 2 m"). */
const ONLY = /(?<!\bthe )\bonly (?=(?:the|those|these|my|(?:red|green|blue|yellow) (?:ones?|cubes?|balls?|cylinders?))\b)/g;

const QUESTION = /\?|^\s*(?:is|are|was|were|do|does|did|can|could|has|have|how|what|which|where|who|whether)\b/;

/** Words that negate or exclude: left in a clause, they would be dropped by the grammar. ("not in
 *  the red bay" is part of a reference, which referring.ts reads or refuses.) */
export const LEFTOVER_NEGATION = /\b(?:not(?! (?:in|on|inside|at)\b)|don't|dont|do not|never|without|avoid|except|but|no)\b/;

/** What "leave … alone" names, or null when the words are not an object reference. */
function spareOf(words: string): SpareQuery | null {
  const said = words.replace(/^(?:from|off|out of|on|in) /, 'anything in ');
  // "anything else", "everything else": whatever the instruction does not name (grounding lists what it names).
  // "the other one", "the other two": of the kind the instruction names, those it does not take.
  if (/^(?:anything|everything|all|any(?:thing)? other (?:objects?|things?)|the rest(?: of them)?|others|the others|the other (?:ones?|\d+)(?: of them)?) ?(?:else)?$/.test(said.trim()) && /else|other|rest/.test(said)) return { notNamed: [], text: said.trim() };
  // "don't move anything", "never touch anything at all": every object.
  if (/^(?:anything|any (?:objects?|things?)|a thing|a single (?:thing|object))(?: at all)?$/.test(said.trim())) return { text: 'everything' };
  const q = parseObject(said.trim().replace(/^(?:whatever|what) (?:is|are|sits|lies) /, 'anything '));
  if ('reason' in q || q.pronoun || q.relation || q.notInZone) return null;
  if (!q.color && !q.shape && !q.inZone) return null;
  return { ...(q.color ? { color: q.color } : {}), ...(q.shape ? { shape: q.shape } : {}), ...(q.inZone ? { inZone: q.inZone } : {}), text: said.trim() };
}

/** Shape words that are never anything else ("can" is also the verb). */
const KIND_WORDS = new RegExp(String.raw`\b(${Object.keys(SHAPE_WORDS).filter((w) => !/^cans?$/.test(w)).join('|')})\b`, 'g');

/**
 * "Put all the balls in the cage but not the blue one": "one" is of the kind said before it, the
 * blue ball; read as any blue thing, every blue object in the room had to be found unmoved.
 */
function oneOfKindBefore(spare: SpareQuery | null, said: string, before: string): SpareQuery | null {
  if (!spare || 'notNamed' in spare || spare.shape || !/\bones?\b/.test(said)) return spare;
  const kind = [...before.matchAll(KIND_WORDS)].at(-1)?.[1];
  return kind ? { ...spare, shape: SHAPE_WORDS[kind]! } : spare;
}

export function extractConstraints(text: string): { rest: string; constraints: Constraint[] } {
  const constraints: Constraint[] = [];
  let rest = text;
  for (const pattern of NO_CHARGE) {
    rest = rest.replace(pattern, (m) => {
      constraints.push({ rule: 'no_charge', text: m.replace(/^,?\s*/, '').trim() });
      return ' ';
    });
  }
  for (const pattern of AVOID) {
    rest = rest.replace(pattern, (m, places: string) => {
      // One rule per place listed: each is kept out of, and each is grounded (or refused) on its own.
      for (const place of items(places.replace(WHILE_AT_IT, ''))) {
        constraints.push({ rule: 'avoid', said: place.replace(/^the\s+/, '').trim(), text: m.replace(/^,?\s*/, '').trim() });
      }
      return ' ';
    });
  }
  for (const pattern of HANDS_OFF) {
    rest = rest.replace(pattern, (m, said: string, place?: string, ...more: unknown[]) => {
      const at = [place, ...more].find((x): x is number => typeof x === 'number') ?? rest.length;
      // "put all the balls but not the green one on the shelf": a request with nowhere to go, then a
      // place after "one": the place is the request's, and the green one is left out of it (referring.ts).
      const placeAfter = pattern === NARROWING ? ONE_THEN_PLACE.exec(said) : null;
      if (placeAfter && !DESTINATION.test(rest.slice(0, at))) return ` except ${said}`;
      // Each object listed is spared; one the words do not name leaves the whole phrase to be refused.
      const spares = (pattern.source.includes(THINGS) ? things(said) : [said]).map(spareOf).map((spare) => oneOfKindBefore(spare, m, rest.slice(0, at)));
      if (!spares.length || spares.some((spare) => !spare)) return m;
      // "Don't put X in Z" is kept for sure by leaving X alone, which is all it asks when nothing else is
      // asked; with other goals that may need X moved elsewhere, leaving it alone could be more than meant.
      const alone = pattern.source.includes(PUTTING) && typeof place === 'string' ? { alone: true as const } : {};
      for (const spare of spares) constraints.push({ rule: 'hands_off', spare: spare!, text: m.replace(/^,?\s*(?:(?:but|and)\s+(?!not\b))?/, '').trim(), ...alone });
      return ' ';
    });
  }
  // In a question "only" is what is asked about ("is only the red cube in bin a?"), not a rule.
  if (!QUESTION.test(text)) rest = rest.replace(ONLY, (m) => {
    constraints.push({ rule: 'hands_off', spare: { notNamed: [], text: 'anything else' }, text: m.trim() });
    return ' ';
  });
  const tidy = rest.replace(/\s+/g, ' ').replace(/\s+([,.;])/g, '$1').trim();
  // "nothing from the workbench, but bring …": with the constraint taken out, the "but" joins nothing.
  return { rest: constraints.length ? tidy.replace(/^[,;.\s]*(?:but|and)\s+/, '') : tidy, constraints };
}
