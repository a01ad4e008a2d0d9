import { parseObject, parsePoint, type ObjectQuery } from './referring.js';
import { extractConstraints, LEFTOVER_NEGATION, type Constraint } from './constraints.js';
import { canonicalText } from './language.js';
import { correctColours, correctSpelling, type Reading } from './spelling.js';
import { COLORS, GENERIC_OBJECT_WORDS, GRAMMAR_WORDS, HOME_WORDS, PARAMETER_WORDS, SHAPE_WORDS, UNKNOWN_COLORS } from './vocabulary.js';

/**
 * Instruction → parsed goals, for the offline planner. A small grammar over normalized text:
 * constraints ("without charging", "don't go through …") are taken out first, the rest is split
 * into clauses ("…, then …", "X to A and Y to B"), and each clause is matched against the
 * mission kinds the planner can carry out. Places stay as the words said (`{ said }`): grounding
 * (grounding.ts) resolves them against the map. Anything else becomes an `unknown` goal, which
 * the planner reports honestly instead of guessing.
 */
export type { ObjectQuery } from './referring.js';

/** A place as said ("bin a", "the packing area"), or where the robot started ("home", "back"). */
export type SpokenPlace = { said: string } | { home: true };
/** A place of the map: one of its zones, or the point the robot started from. */
export type MapPlace = { zone: string } | { start: true };

type Point = { point: { x: number; y: number } };
export type Place<Z = SpokenPlace> = Z | Point | { near: ObjectQuery } | { here: true };

export type Goal<Z = SpokenPlace> =
  | { kind: 'pick'; object: ObjectQuery }
  | { kind: 'place'; object: ObjectQuery; target: Place<Z> }
  | { kind: 'goto'; target: Z | Point }
  | { kind: 'find'; object: ObjectQuery }
  | { kind: 'count'; object: ObjectQuery }
  | { kind: 'stay' }
  | { kind: 'scan' }
  | { kind: 'capture' }
  | { kind: 'charge' }
  | { kind: 'status'; topic: 'battery' | 'pose' | 'holding' | 'all' }
  | { kind: 'arm' | 'disarm' | 'stop' | 'estop' | 'reset_estop' }
  | { kind: 'set'; name: string; value: number | string }
  | { kind: 'rotate'; degrees: number }
  | { kind: 'keep'; constraint: Constraint }
  | { kind: 'unknown'; text: string; reason: string };

export type ParsedGoal = Goal<SpokenPlace>;

export interface ParsedInstruction {
  goals: ParsedGoal[];
  /** Words read as others ("teh" as "the"), for the narration. */
  readings: Reading[];
}

const VERB_START =
  /^(?:please |now |also |and |then )*(?:go|move|drive|navigate|head|travel|return|come|pick|grab|get|fetch|take|grasp|collect|lift|bring|put|place|drop|deliver|carry|set|leave|release|find|look|search|locate|where|what|how|is|are|do|can|charge|recharge|dock|arm|disarm|stop|halt|freeze|emergency|reset|report|tell|check|show|scan|turn|rotate|spin|give|hand|snap|capture|photograph|describe|see|count|stay|wait|slow|speed|swap|clear|roll|walk)\b/;

const REMARK = /^(?:it is|you are|i am|we are|(?:the |your )?battery is|the room is|the lights? (?:is|are)) (?:(?:very|really|quite|so|a bit|getting|almost|nearly|run|running) )*(?:dark|dim|bright|low|late|empty|flat|low on (?:battery|power|charge))$|^(?:any(?: \d+| one| ones| of them)?|whichever|does not matter which|no matter which)$/;

/** "except the blue one", "but the cubes": an exclusion the referring expression reads (referring.ts). */
const EXCLUDED_KIND = /\b(?:except(?: for)?|but|other than|apart from) (?:the )?(?:(?:red|green|blue|yellow) )?(?:ones?|cubes?|balls?|cylinders?|blocks?|boxes?|spheres?|cans?)\b/g;

const DELIVERY_VERB = /^(?:put|place|drop(?: off)?|bring|deliver|carry|move|take|set|leave)\b/;
const DESTINATION = /\b(?:in|into|inside|on|onto|to|at)\s+\S/;

/** Whether "and <piece>" is a second object with its own destination for the clause's delivery verb. */
function sharesVerb(current: string, piece: string): boolean {
  return DELIVERY_VERB.test(current) && DESTINATION.test(current) && DESTINATION.test(piece);
}

/** Addressing the robot and asking politely ("hey robot, could you …") carry no part of a command. */
function politeness(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/^\s*(?:hey |ok(?:ay)? |so )?robot\b,?/, ' ')
    .replace(/\s*(?:->|=>|→)\s*/g, ' to ')
    .replace(/\b(closest|closer|nearest|nearer) to (?:you|me|us|the robot)\b/g, '$1')
    .replace(/\b(?:please|kindly|could you|can you|would you|will you|i want you to|i'd like you to|i would like you to|i need you to|for me|real quick|when you get a (?:chance|sec(?:ond)?))\b/g, ' ');
}

export function normalizeInstruction(text: string): string {
  return politeness(text)
    .replace(/[!?]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits "pick up the red cube, then put it in bin a and go home" into clauses. */
export function splitClauses(normalized: string): string[] {
  // Commas inside coordinates ("(3, 4.5)", "x=2, y=3") are not clause breaks.
  const protectedText = normalized.replace(/(\d)\s*,\s*(?=(?:y\s*=?\s*)?-?\d)/g, '$1 ');
  const parts = protectedText
    .split(/\s*(?:;|\.\s|\.$|\band then\b|\bthen\b|\bafter that\b|\bafterwards\b|\bfinally\b)\s*/)
    .flatMap((p) => p.split(/\s*,\s*/))
    .map((p) => p.trim())
    .filter(Boolean);
  // "a and b": split only where the right side starts with a verb ("red and blue cubes" stays).
  const clauses: string[] = [];
  for (const part of parts) {
    const pieces = part.split(/\s+and\s+/);
    let current = pieces[0]!;
    for (const piece of pieces.slice(1)) {
      if (VERB_START.test(piece)) {
        clauses.push(current);
        current = piece;
      } else if (sharesVerb(current, piece)) {
        // "put X in A and Y on B": the second delivery shares the first one's verb.
        clauses.push(current);
        current = `${DELIVERY_VERB.exec(current)![0]} ${piece}`;
      } else current = `${current} and ${piece}`;
    }
    clauses.push(current);
  }
  // A clause without a verb continues the previous one ("…, then bin b" is rare; keep it whole).
  return clauses.map((c) => c.replace(/^(?:and|also|now)\s+/, '').trim()).filter(Boolean);
}

/** The instruction's goals; `placeWords` are the map's zone words, which typos are also read against. */
export function readInstruction(text: string, placeWords: Iterable<string> = []): ParsedInstruction {
  const normalized = normalizeInstruction(canonicalText(text.replace(/[’']/g, "'")));
  if (!normalized) return { goals: [{ kind: 'unknown', text, reason: 'the instruction is empty' }], readings: [] };
  const known = new Set([...GRAMMAR_WORDS, ...COLORS, ...UNKNOWN_COLORS, ...Object.keys(SHAPE_WORDS), ...GENERIC_OBJECT_WORDS, ...placeWords]);
  const { text: typed, readings } = correctSpelling(normalized, known);
  const spelled = correctColours(typed, COLORS, readings);
  const { rest, constraints } = extractConstraints(spelled);
  const zoneWords = new Set(placeWords);
  // "it is dark", "you are running low": remarks about the situation, said as read, not obeyed.
  const clauses = rest ? splitClauses(rest).filter((c) => !(REMARK.test(c) && readings.push({ said: c, read: 'a remark, not a request' }))) : [];
  const goals: ParsedGoal[] = clauses.flatMap((clause) => parseClauseGoals(clause, zoneWords));
  return { goals: [...goals, ...constraints.map((constraint) => ({ kind: 'keep' as const, constraint }))], readings };
}

export function parseInstruction(text: string, placeWords: Iterable<string> = []): ParsedGoal[] {
  return readInstruction(text, placeWords).goals;
}

/** One clause's goals: one, or one per object in "put the red cube and the blue ball in bin a". */
function parseClauseGoals(clause: string, zoneWords: ReadonlySet<string>): ParsedGoal[] {
  const goal = parseClause(clause, zoneWords);
  if (goal.kind !== 'unknown' || !/^(?:put|place|drop|bring|deliver|carry|move|take)\b/.test(clause)) return [goal];
  const m = /^(\w+(?: up)?)\s+(.+?)\s+and\s+(.+?)\s+\b(in|into|on|onto|to|at)\s+(.+)$/.exec(clause);
  if (!m) return [goal];
  const parts = [parseClause(`${m[1]} ${m[2]} ${m[4]} ${m[5]}`), parseClause(`${m[1]} ${m[3]} ${m[4]} ${m[5]}`)];
  return parts.every((g) => g.kind === 'place') ? parts : [goal];
}

export function parseClause(clause: string, zoneWords: ReadonlySet<string> = new Set()): ParsedGoal {
  const c = clause.replace(/\s+/g, ' ').trim();
  // A negation the constraints did not take would be silently dropped by the patterns below.
  if (LEFTOVER_NEGATION.test(c.replace(EXCLUDED_KIND, ' '))) return { kind: 'unknown', text: c, reason: `I do not understand "${c}", and I will not guess what to leave out` };
  const question = parseQuestion(c);
  if (question) return question;
  if (/^(?:stay|wait|remain|hold on|hang on)(?: (?:put|here|there|still|where you are|right there))?$/.test(c)) return { kind: 'stay' };
  const speed = /^(?:slow down|speed up|slow|drive|go|move)\s+(?:to|at)\s+(-?[\d.]+)\s*(?:m\/s|m per s|(?:metres?|meters?) (?:per|a|an) second)$/.exec(c);
  if (speed) return { kind: 'set', name: 'max_linear_speed', value: Number(speed[1]) };
  // A place alone ("meeting room.") is where to go.
  if (c.split(' ').every((w) => zoneWords.has(w) || /^(?:the|zone|area|\d+)$/.test(w)) && c.split(' ').some((w) => zoneWords.has(w))) return { kind: 'goto', target: { said: c.replace(/^the\s+/, '') } };
  // No verb: "yellow cylinder to the packing area", "both red cubes go in the red bay", "it all goes in the outbox".
  const verbless = /^(.+?)\s+(?:(?:should |needs? to |has to |must )?(?:go|belong|live)s?\s+)?(in|into|on|onto|to|at)\s+(.+)$/.exec(c);
  if (verbless && !VERB_START.test(c)) {
    const object = parseObject(verbless[1]!.replace(/\s+(?:all|both)$/, ''));
    if (!('reason' in object)) {
      const all = /\s(?:all|both)$/.test(verbless[1]!) ? { all: true } : {};
      const target = parsePlace(verbless[3]!, verbless[2]!);
      if (!('reason' in target)) return { kind: 'place', object: { ...object, ...all }, target };
    }
  }

  if (/\breset\b.*\b(?:emergency stop|e-?stop)\b/.test(c)) return { kind: 'reset_estop' };
  if (/\b(?:emergency stop|e-?stop)\b/.test(c)) return { kind: 'estop' };
  if (/^disarm\b|\bdisarm (?:the robot|yourself)\b/.test(c)) return { kind: 'disarm' };
  if (/^arm\b(?: the robot| yourself| the motors)?$|^(?:enable|power on) (?:the )?motors$/.test(c)) return { kind: 'arm' };
  if (/^(?:stop|halt|freeze)(?: moving| now| the robot| everything| all motion)?$/.test(c)) return { kind: 'stop' };

  const set = /^(?:set|change|make|use|adjust)\s+(?:the\s+|your\s+)?(.+?)\s+(?:to|=|at|of)\s+(-?[\d.]+\s*%?|[a-z]+)(?:\s*(?:m\/s|m|meters?|metres?|rad\/s|percent))?$/.exec(c);
  if (set) return parseSetParameter(set[1]!, set[2]!, c);

  const rotate = /^(?:turn|rotate|spin)\s*(?:yourself\s+)?(?:around|about)?\s*(?:by\s+)?(-?\d+(?:\.\d+)?)?\s*(?:degrees?|deg|°)?\s*(left|right|clockwise|counter-?clockwise|anticlockwise)?$/.exec(c);
  if (rotate && (rotate[1] || rotate[2] || /around|about/.test(c))) {
    let degrees = rotate[1] ? Number(rotate[1]) : /around|about/.test(c) ? 180 : 90;
    if (rotate[2] && /right|^clockwise/.test(rotate[2])) degrees = -Math.abs(degrees);
    return { kind: 'rotate', degrees };
  }

  if (/^(?:take|snap|capture|grab|get|make|shoot)\s+(?:a |an |me a )?(?:picture|photo|photograph|image|snapshot|shot)\b|^photograph\b/.test(c)) return { kind: 'capture' };
  if (/\b(?:look around|scan(?: the room| around| your surroundings)?|what (?:objects |things )?(?:(?:do |can )?you )?(?:can )?see|what(?:'s| is) around|describe (?:what you see|your surroundings|the room)|what(?:'s| is) (?:in front of you|there))\b/.test(c) && !/\b(?:for|where)\b/.test(c)) return { kind: 'scan' };

  // Status questions come before "find": "where are you" is not a search.
  if (/\bbattery\b|\bcharge level\b|\bhow much (?:charge|power|energy)\b/.test(c) && /^(?:what|how|is|check|tell|report|show|give)|\blevel\b|\bstatus\b/.test(c)) return { kind: 'status', topic: 'battery' };
  if (/\bwhere are you\b|\byour (?:position|location|pose)\b|\bwhere am i\b/.test(c)) return { kind: 'status', topic: 'pose' };
  if (/\bwhat (?:are|r) you (?:holding|carrying)\b|\bare you (?:holding|carrying)\b|\bwhat(?:'s| is) in (?:your|the) gripper\b/.test(c)) return { kind: 'status', topic: 'holding' };
  if (/^(?:status|report(?: your)? status|(?:what(?:'s| is)|show|tell me|give me|check)(?: me)? (?:your|the robot's|the) status|how are you(?: doing)?)$/.test(c)) return { kind: 'status', topic: 'all' };

  // "go to the dock" is a place (grounding decides whether it means charging); these only say "charge".
  if (/^(?:(?:go|go and|go to|head off to) )?(?:charge|recharge)\b|^(?:dock|go dock)$/.test(c)) return { kind: 'charge' };

  const find = /^(?:find|look for|search for|search|locate|where is|where's|where are|can you see|do you see|is there|spot)\s+(.+)$/.exec(c);
  if (find) return withObject(find[1]!, c, (object) => ({ kind: 'find', object }));

  const give = /^(?:bring|get|fetch|give|hand)\s+me\s+(.+)$/.exec(c);
  if (give) return withObject(give[1]!, c, (object) => ({ kind: 'place', object, target: { home: true } }));

  const bringBack = /^(?:bring|take|carry|return)\s+(.*?)\s*\b(?:back|home)(?:\s+home)?$/.exec(c);
  if (bringBack && bringBack[1]) return withObject(bringBack[1], c, (object) => ({ kind: 'place', object, target: { home: true } }));

  const place =
    /^(?:put|place|drop(?: off)?|bring|deliver|carry|move|take|set|leave|release|return|transport)\s+(?:down\s+)?(.*?)\s*\b(?:off\s+|over\s+|back\s+)?(in|into|inside|on|onto|on top of|to|at|next to|near|beside|by|close to)\s+(.+)$/.exec(c);
  if (place && (place[1] || /^(?:put|place|drop|release|leave|set)\b/.test(c))) {
    const [, objectText, preposition, targetText] = place;
    const target = parsePlace(targetText!, preposition!);
    if ('reason' in target) return { kind: 'unknown', text: c, reason: target.reason };
    return withObject((objectText || 'it').replace(/\s+(?:off|over|back)$/, ''), c, (object) => ({ kind: 'place', object, target }));
  }
  const dropHere = /^(?:drop|release|put down|set down|let go of|place)\s*(.*?)(?:\s+(?:here|down|off))?$/.exec(c);
  if (dropHere && /^(?:drop|release|put down|set down|let go)/.test(c)) return withObject(dropHere[1] || 'it', c, (object) => ({ kind: 'place', object, target: { here: true } }));

  const pick = /^(?:pick up|pick|grab|get|fetch|take|grasp|collect|lift|hold)\s+(?:up\s+)?(.+?)(?:\s+up)?$/.exec(c);
  if (pick) return withObject(pick[1]!, c, (object) => ({ kind: 'pick', object }));

  const go = /^(?:go|move|drive|navigate|head|travel|return|come|get|roll|walk)(?:\s+(?:back|over|yourself|down|up|along|out|on))*\s*(?:to|towards?|into|in)?\s*(.*)$/.exec(c);
  if (go) {
    const rest = go[1]!.trim().replace(/^the\s+/, '');
    if (!rest || HOME_WORDS.test(rest)) return { kind: 'goto', target: { home: true } };
    const point = parsePoint(rest);
    return { kind: 'goto', target: point ? { point } : { said: rest } };
  }

  return { kind: 'unknown', text: c, reason: `I do not understand "${c}"` };
}

/**
 * Questions about objects: "how many X (are) in Z", "count the X", "what is on Z", "is there
 * anything in Z", "where did X end up", "see the X?" — each a count or a search of the room.
 */
function parseQuestion(c: string): ParsedGoal | null {
  const count = /^(?:how many|count(?: up)?|tell me how many|number of)\s+(.+)$/.exec(c);
  if (count) {
    const said = count[1]!.replace(/\s+(?:are|is|be|there|do you see|can you see|you see|you can see|sit|lie|stand|have|you have|get)\b/g, ' ');
    return withObject(said, c, (object) => ({ kind: 'count', object: { ...object, all: true, definite: false } }));
  }
  const inside = /^(?:what(?: is| are|'s)?(?: there)?|is there anything|are there any (?:things|objects)|is anything|anything)\s+(in|on|at|inside)\s+(.+)$/.exec(c);
  if (inside) return withObject(`everything in ${inside[2]}`, c, (object) => ({ kind: 'find', object }));
  const endedUp = /^where (?:did|does|do|is|are|has|have)\s+(.+?)\s+(?:end up|go|get to|be|sit|lie|go to|land|wind up)$/.exec(c);
  if (endedUp) return withObject(endedUp[1]!, c, (object) => ({ kind: 'find', object }));
  const see = /^(?:see|spot|notice)\s+(.+)$/.exec(c);
  if (see) return withObject(see[1]!, c, (object) => ({ kind: 'find', object }));
  if (/^what (?:is|are) (?:it|they|them|those|that)$/.test(c)) return { kind: 'find', object: { all: true, pronoun: true, text: 'them' } };
  return null;
}

function withObject(text: string, clause: string, make: (object: ObjectQuery) => ParsedGoal): ParsedGoal {
  const object = parseObject(text);
  if ('reason' in object) return { kind: 'unknown', text: clause, reason: object.reason };
  return make(object);
}

function parsePlace(text: string, preposition: string): Place | { reason: string } {
  const said = text.trim().replace(/^the\s+/, '');
  if (/^(?:next to|near|beside|by|close to)$/.test(preposition)) {
    // Next to an object when the words name one; otherwise next to (in) a place.
    const object = parseObject(said);
    return 'reason' in object ? { said } : { near: object };
  }
  const point = parsePoint(said);
  if (point) return { point };
  if (/^(?:here|floor|ground)$/.test(said)) return { here: true };
  if (HOME_WORDS.test(said)) return { home: true };
  return { said };
}

function parseSetParameter(nameText: string, valueText: string, clause: string): ParsedGoal {
  const entry = PARAMETER_WORDS.find(([pattern]) => pattern.test(nameText));
  if (!entry) return { kind: 'unknown', text: clause, reason: `I do not know a parameter called "${nameText}"` };
  const name = entry[1];
  const v = valueText.trim();
  if (/^-?[\d.]+\s*%$/.test(v)) return { kind: 'set', name, value: Number(v.replace('%', '').trim()) / 100 };
  if (/^-?\d+(?:\.\d+)?$/.test(v)) return { kind: 'set', name, value: Number(v) };
  return { kind: 'set', name, value: v };
}
