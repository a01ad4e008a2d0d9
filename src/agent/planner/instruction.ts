import { canonicalName } from '../../core/names.js';
import { COLORS, GENERIC_OBJECT_WORDS, PARAMETER_WORDS, PLURAL_SHAPE_WORDS, SHAPE_WORDS, UNKNOWN_COLORS, ZONE_WORDS } from './vocabulary.js';

/**
 * Instruction → goals, for the offline planner. A small grammar over normalized text: the
 * instruction is split into clauses ("…, then …"), each clause matched against the mission
 * kinds the planner can carry out. Anything else becomes an `unknown` goal, which the planner
 * reports honestly instead of guessing.
 */
export interface ObjectQuery {
  color?: string;
  shape?: string;
  /** "all the cubes", "every ball", "everything". */
  all: boolean;
  /** "it", "them": the object(s) of the previous goal. */
  pronoun?: boolean;
  /** The words used, for messages. */
  text: string;
}

export type Place = { zone: string } | { point: { x: number; y: number } } | { near: ObjectQuery } | { here: true };

export type Goal =
  | { kind: 'pick'; object: ObjectQuery }
  | { kind: 'place'; object: ObjectQuery; target: Place }
  | { kind: 'goto'; target: { zone: string } | { point: { x: number; y: number } } }
  | { kind: 'find'; object: ObjectQuery }
  | { kind: 'scan' }
  | { kind: 'charge' }
  | { kind: 'status'; topic: 'battery' | 'pose' | 'holding' | 'all' }
  | { kind: 'arm' | 'disarm' | 'stop' | 'estop' | 'reset_estop' }
  | { kind: 'set'; name: string; value: number | string }
  | { kind: 'rotate'; degrees: number }
  | { kind: 'unknown'; text: string; reason: string };

const VERB_START =
  /^(?:please |now |also |and |then )*(?:go|move|drive|navigate|head|travel|return|come|pick|grab|get|fetch|take|grasp|collect|lift|bring|put|place|drop|deliver|carry|set|leave|release|find|look|search|locate|where|what|how|is|are|do|can|charge|recharge|dock|arm|disarm|stop|halt|freeze|emergency|reset|report|tell|check|show|scan|turn|rotate|spin|give|hand)\b/;

export function normalizeInstruction(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[!?]+/g, ' ')
    .replace(/^(?:hey )?robot\b,?/, ' ')
    .replace(/\b(please|kindly|could you|can you|would you|i want you to|i'd like you to)\b/g, ' ')
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
      } else current = `${current} and ${piece}`;
    }
    clauses.push(current);
  }
  // A clause without a verb continues the previous one ("…, then bin b" is rare; keep it whole).
  return clauses.map((c) => c.replace(/^(?:and|also|now)\s+/, '').trim()).filter(Boolean);
}

export function parseInstruction(text: string): Goal[] {
  const normalized = normalizeInstruction(text);
  if (!normalized) return [{ kind: 'unknown', text, reason: 'the instruction is empty' }];
  const goals = splitClauses(normalized).map(parseClause);
  // "go to the dock and charge" names one action twice.
  return goals.filter((g, i) => !(g.kind === 'charge' && goals[i - 1]?.kind === 'charge'));
}

export function parseClause(clause: string): Goal {
  const c = clause.replace(/\s+/g, ' ').trim();

  if (/\breset\b.*\b(?:emergency stop|e-?stop)\b/.test(c)) return { kind: 'reset_estop' };
  if (/\b(?:emergency stop|e-?stop)\b/.test(c)) return { kind: 'estop' };
  if (/^disarm\b|\bdisarm (?:the robot|yourself)\b/.test(c)) return { kind: 'disarm' };
  if (/^arm\b(?: the robot| yourself| the motors)?$|^(?:enable|power on) (?:the )?motors$/.test(c)) return { kind: 'arm' };
  if (/^(?:stop|halt|freeze)(?: moving| now| the robot| everything| all motion)?$/.test(c)) return { kind: 'stop' };

  const set = /^(?:set|change|make|use|adjust)\s+(?:the\s+|your\s+)?(.+?)\s+(?:to|=|at|of)\s+(-?[\d.]+\s*%?|[a-z]+)(?:\s*(?:m\/s|m|meters?|metres?|rad\/s|percent))?$/.exec(c);
  if (set) return parseSetParameter(set[1]!, set[2]!, c);

  const rotate = /^(?:turn|rotate|spin)\s*(?:around|about)?\s*(?:by\s+)?(-?\d+(?:\.\d+)?)?\s*(?:degrees?|deg|°)?\s*(left|right|clockwise|counter-?clockwise|anticlockwise)?$/.exec(c);
  if (rotate && (rotate[1] || rotate[2] || /around/.test(c))) {
    let degrees = rotate[1] ? Number(rotate[1]) : /around/.test(c) ? 180 : 90;
    if (rotate[2] && /right|^clockwise/.test(rotate[2])) degrees = -Math.abs(degrees);
    return { kind: 'rotate', degrees };
  }

  if (/\b(?:look around|scan(?: the room| around| your surroundings)?|what (?:objects |things )?(?:(?:do|can) you )?see|what(?:'s| is) around)\b/.test(c) && !/\b(?:for|where)\b/.test(c)) return { kind: 'scan' };

  // Status questions come before "find": "where are you" is not a search.
  if (/\bbattery\b|\bcharge level\b|\bhow much (?:charge|power|energy)\b/.test(c) && /^(?:what|how|is|check|tell|report|show|give)|\blevel\b|\bstatus\b/.test(c)) return { kind: 'status', topic: 'battery' };
  if (/\bwhere are you\b|\byour (?:position|location|pose)\b|\bwhere am i\b/.test(c)) return { kind: 'status', topic: 'pose' };
  if (/\bwhat (?:are|r) you (?:holding|carrying)\b|\bare you (?:holding|carrying)\b|\bwhat(?:'s| is) in (?:your|the) gripper\b/.test(c)) return { kind: 'status', topic: 'holding' };
  if (/^(?:status|report(?: your)? status|(?:what(?:'s| is)|show|tell me|give me|check)(?: me)? (?:your|the robot's|the) status|how are you(?: doing)?)$/.test(c)) return { kind: 'status', topic: 'all' };

  if (/^(?:(?:go|go and|go to|head off to) )?(?:charge|recharge)\b|\b(?:go|return|head|drive|navigate) (?:to )?(?:the )?(?:dock|charger|charging[\s_-]*(?:dock|station))\b(?!.*\b(?:put|place|drop)\b)|^(?:dock|go dock)\b/.test(c)) return { kind: 'charge' };

  const find = /^(?:find|look for|search for|search|locate|where is|where's|where are|can you see|do you see|is there|spot)\s+(.+)$/.exec(c);
  if (find) return withObject(find[1]!, c, (object) => ({ kind: 'find', object }));

  const give = /^(?:bring|get|fetch|give|hand)\s+me\s+(.+)$/.exec(c);
  if (give) return withObject(give[1]!, c, (object) => ({ kind: 'place', object, target: { zone: 'home' } }));

  const place =
    /^(?:put|place|drop|bring|deliver|carry|move|take|set|leave|release|return|transport)\s+(?:down\s+)?(.*?)\s*\b(in|into|inside|on|onto|on top of|to|at|next to|near|beside|by|close to)\s+(.+)$/.exec(c);
  if (place && (place[1] || /^(?:put|place|drop|release|leave|set)\b/.test(c))) {
    const [, objectText, preposition, targetText] = place;
    const target = parsePlace(targetText!, preposition!);
    if ('reason' in target) return { kind: 'unknown', text: c, reason: target.reason };
    return withObject(objectText || 'it', c, (object) => ({ kind: 'place', object, target }));
  }
  const dropHere = /^(?:drop|release|put down|set down|let go of|place)\s*(.*?)(?:\s+(?:here|down))?$/.exec(c);
  if (dropHere && /^(?:drop|release|put down|set down|let go)/.test(c)) return withObject(dropHere[1] || 'it', c, (object) => ({ kind: 'place', object, target: { here: true } }));

  const pick = /^(?:pick up|pick|grab|get|fetch|take|grasp|collect|lift|hold)\s+(?:up\s+)?(.+?)(?:\s+up)?$/.exec(c);
  if (pick) return withObject(pick[1]!, c, (object) => ({ kind: 'pick', object }));

  const go = /^(?:go|move|drive|navigate|head|travel|return|come|get)(?:\s+(?:back|over|yourself))?\s*(?:to|towards?|into|in)?\s*(.*)$/.exec(c);
  if (go) {
    const rest = go[1]!.trim();
    if (!rest || /^(?:back|home)$/.test(rest)) return { kind: 'goto', target: { zone: 'home' } };
    const point = parsePoint(rest);
    if (point) return { kind: 'goto', target: { point } };
    const zone = parseZone(rest);
    if (zone) return { kind: 'goto', target: { zone } };
    return { kind: 'unknown', text: c, reason: `I do not know a place called "${rest.replace(/^the\s+/, '')}"` };
  }

  return { kind: 'unknown', text: c, reason: `I do not understand "${c}"` };
}

function withObject(text: string, clause: string, make: (object: ObjectQuery) => Goal): Goal {
  const object = parseObject(text);
  if ('reason' in object) return { kind: 'unknown', text: clause, reason: object.reason };
  return make(object);
}

export function parseObject(text: string): ObjectQuery | { reason: string } {
  const t = text.replace(/\b(?:the|a|an|some|any|of|me|for me|up|over|back|down|please|that|this|those|these)\b/g, ' ').replace(/\s+/g, ' ').trim();
  if (/^(?:it|them|that one|the object)$/.test(t) || t === '') return { all: /^them$/.test(t), pronoun: true, text: t || 'it' };
  const words = t.split(' ');
  const all = /\b(?:all|every|each|everything)\b/.test(t) || words.some((w) => PLURAL_SHAPE_WORDS.has(w)) || /\b(?:objects|things|items|toys)\b/.test(t);
  const colors = words.filter((w) => (COLORS as readonly string[]).includes(w));
  const unknownColor = words.find((w) => UNKNOWN_COLORS.includes(w));
  if (unknownColor && colors.length === 0) {
    return { reason: `I cannot recognize ${unknownColor} objects: the detector knows red, green, blue and yellow cubes, balls and cylinders` };
  }
  const shapes = [...new Set(words.map((w) => SHAPE_WORDS[w]).filter(Boolean))];
  const rest = words.filter(
    (w) => !(COLORS as readonly string[]).includes(w) && !SHAPE_WORDS[w] && !GENERIC_OBJECT_WORDS.has(w) && !/^(?:all|every|each|and|or|one|ones|object)$/.test(w),
  );
  if (rest.length > 0 || (colors.length === 0 && shapes.length === 0 && !all)) {
    return { reason: `I do not know what "${text.trim()}" is: I can handle red, green, blue and yellow cubes, balls and cylinders` };
  }
  if (colors.length > 1 || shapes.length > 1) {
    return { reason: `"${text.trim()}" names more than one kind of object; ask for one kind at a time` };
  }
  return { ...(colors[0] ? { color: colors[0] } : {}), ...(shapes[0] ? { shape: shapes[0] } : {}), all, text: t };
}

export function parseZone(text: string): string | null {
  for (const [pattern, zone] of ZONE_WORDS) if (pattern.test(text)) return zone;
  const bare = canonicalName(text.replace(/^the\s+/, ''));
  return /^[a-z][a-z0-9_]*$/.test(bare) && /_(?:zone|area)$/.test(bare) ? bare.replace(/_(?:zone|area)$/, '') : null;
}

export function parsePoint(text: string): { x: number; y: number } | null {
  const m =
    /^\(?\s*(?:x\s*=?\s*)?(-?\d+(?:\.\d+)?)\s*(?:,|\s)\s*(?:y\s*=?\s*)?(-?\d+(?:\.\d+)?)\s*\)?$/.exec(text.replace(/^(?:the\s+)?(?:point|position|coordinates?|location)\s*/, '').trim());
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

function parsePlace(text: string, preposition: string): Place | { reason: string } {
  if (/^(?:next to|near|beside|by|close to)$/.test(preposition)) {
    const zone = parseZone(text);
    if (zone) return { zone };
    const object = parseObject(text);
    return 'reason' in object ? object : { near: object };
  }
  const point = parsePoint(text);
  if (point) return { point };
  if (/^(?:here|the floor|the ground)$/.test(text.trim())) return { here: true };
  const zone = parseZone(text);
  if (zone) return { zone };
  if (/^(?:the\s+)?(?:bin|box|basket)$/.test(text.trim())) return { reason: 'there are two bins: say bin A or bin B' };
  return { reason: `I do not know a place called "${text.replace(/^the\s+/, '')}"` };
}

function parseSetParameter(nameText: string, valueText: string, clause: string): Goal {
  const entry = PARAMETER_WORDS.find(([pattern]) => pattern.test(nameText));
  if (!entry) return { kind: 'unknown', text: clause, reason: `I do not know a parameter called "${nameText}"` };
  const name = entry[1];
  const v = valueText.trim();
  if (/^-?[\d.]+\s*%$/.test(v)) return { kind: 'set', name, value: Number(v.replace('%', '').trim()) / 100 };
  if (/^-?\d+(?:\.\d+)?$/.test(v)) return { kind: 'set', name, value: Number(v) };
  return { kind: 'set', name, value: v };
}
