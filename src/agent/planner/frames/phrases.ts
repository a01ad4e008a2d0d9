import { parseObject, parsePoint } from '../referring.js';
import type { ObjectQuery } from '../referring.js';
import { HOME_WORDS, PARAMETER_WORDS } from '../vocabulary.js';
import type { ParsedGoal, Place } from './goal-types.js';

/**
 * The phrases around a frame's verb: the object noun phrase, where it goes (a prepositional
 * phrase), and the readings shared by the frames (a place as said, a parameter's value).
 */

export const unknown = (text: string, reason = `I do not understand "${text}"`): ParsedGoal => ({ kind: 'unknown', text, reason });

export function withObject(text: string, clause: string, make: (object: ObjectQuery) => ParsedGoal): ParsedGoal {
  // "it all", "all of them": everything "it" or "them" stands for.
  const object = parseObject(/^(?:it all|all of it|them all|all of them|all that|the lot)$/.test(text) ? 'them' : text);
  if ('reason' in object) return unknown(clause, object.reason);
  return make(object);
}

/** How things are said to be somewhere, without saying where: "lying about", "sitting around". */
export const LYING = '(?:lie|lying|sit|sitting|stand|standing|kick|kicking|knock|knocking|hang|hanging)';

/**
 * Said after what is looked for or counted, meaning the whole room: "around", "lying about",
 * "in here", "in this hall" — everywhere the robot can look anyway, never a zone of the map
 * ("this" points at the room the speaker stands in, whatever it is called).
 */
export const ROOM_WIDE = new RegExp(
  String.raw`(?:\s+(?:${LYING}\s+)?(?:anywhere|around(?: here)?|about|nearby|in here|here|somewhere|at all|in the room|in this (?:room|hall|place|building|space|area|warehouse|storeroom|office|lab|unit|floor)))+$`,
);

/** Prepositions that say where something goes; the first group only ever does. */
const TOWARDS = String.raw`(?:into|onto|on top of|to|towards|next to|close to|beside|near|between|in between|halfway between)`;
const AT = String.raw`(?:in|inside|on|at|by)`;
/** "to" before a verb is no destination: "needs to go in Z", "has to be on Z". */
const INFINITIVE = /^(?:be|go|move|get|have|sit|end|belong|stay|wait|come)\b/;
/** "the ball closest to the dock": a "to" after a comparison says which object, not where it goes. */
const RANKED_BY = /\b(?:closest|nearest|closer|nearer)$/;
/** Particles between the object and the destination: "take it over to", "drop it off at", "bring it out to". */
const PARTICLE = String.raw`(?:(?:off|over|back|out|outside|across|along|down|up|away|round|around|somewhere|anywhere|right|just)\s+)*`;

/**
 * "the red cube from room 2 over to room 3" → the object's words and where it goes. The
 * destination is the last phrase that says where to ("to", "into", "next to"), else the last
 * "in/on/at" phrase; what stands before it, "from Z" and "in Z" included, describes the object.
 */
export function splitDestination(text: string): { object: string; preposition: string; target: string } | null {
  const find = (prepositions: string) => {
    const re = new RegExp(String.raw`(?:^|\s)${PARTICLE}(${prepositions})\s+(?=\S)`, 'g');
    let last: RegExpExecArray | null = null;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (!INFINITIVE.test(text.slice(m.index + m[0].length)) && !(m[1] === 'to' && RANKED_BY.test(text.slice(0, m.index)))) last = m;
    }
    return last;
  };
  const m = find(TOWARDS) ?? find(AT);
  if (!m) return null;
  const object = text.slice(0, m.index).trim();
  // "grab whatever is on the table", "take the ones that are in the sink": the place says which, not where to.
  if (/(?:^|\s)(?:whatever|that|which)(?: (?:is|are))?$|^(?:whatever|anything|everything|what) (?:is|are|sits|lies)$/.test(object)) return null;
  const target = text.slice(m.index + m[0].length).trim();
  // "move every cube to the table except the yellow one": what is left out narrows the object, wherever it is said.
  const except = /\s+((?:except(?: for)?|but not|other than|apart from|excluding|save for)\s+.+)$/.exec(target);
  if (except) return { object: `${object} ${except[1]}`, preposition: m[1]!, target: target.slice(0, except.index).trim() };
  return { object, preposition: m[1]!, target };
}

/**
 * "to the inbox with the red cube", "go to bin a with it": going somewhere with an object is
 * taking it there. Only an object phrase ends it: "the bin with the red cube in it" names a bin.
 */
export function carriedTo(target: string, clause: string): ParsedGoal | null {
  const m = /^(.+?) with (.+)$/.exec(target);
  if (!m || /\b(?:in|on|inside|at|by) (?:it|them|there)$/.test(m[2]!)) return null;
  const object = parseObject(m[2]!);
  if ('reason' in object || !('reason' in parseObject(m[1]!.replace(/^the\s+/, '')))) return null;
  const place = parsePlace(m[1]!, 'to');
  return 'reason' in place ? unknown(clause, place.reason) : { kind: 'place', object, target: place };
}

export function parsePlace(text: string, preposition: string): Place | { reason: string } {
  const said = text.trim().replace(/^the\s+/, '');
  if (/^(?:next to|near|beside|by|close to)$/.test(preposition)) {
    // Next to an object when the words name one; next to a place is outside it, by its edge (never
    // in it). The object keeps its "the": "next to the ball" names one ball, and two are asked about.
    const object = parseObject(text.trim());
    return 'reason' in object ? { beside: said } : { near: object };
  }
  if (/between$/.test(preposition)) return between(said);
  const point = parsePoint(said);
  if (point) return { point };
  if (HOME_WORDS.test(said.replace(/^(?:your|my|our)\s+/, ''))) return { home: true };
  if (/^(?:here|floor|ground|the floor|the ground)$/.test(said)) return { here: true };
  if (HOME_WORDS.test(said)) return { home: true };
  return { said };
}

/** "between bin a and the shelf": two places; between two objects is not a spot the planner can find yet. */
export function between(said: string): Place | { reason: string } {
  const m = /^(.+?)\s+and\s+(?:the\s+)?(.+)$/.exec(said.replace(/^the\s+/, ''));
  if (!m) return { reason: `"between ${said}" needs two places: say "between A and B"` };
  const [a, b] = [m[1]!, m[2]!];
  if (![a, b].every((w) => 'reason' in parseObject(w))) return { reason: `I can find the spot between two places of the map, not between objects ("between ${said}"): name two places, or a point (x, y)` };
  return { between: [a, b] };
}

export function parseSetParameter(nameText: string, valueText: string, clause: string): ParsedGoal {
  const entry = PARAMETER_WORDS.find(([pattern]) => pattern.test(nameText));
  if (!entry) return unknown(clause, `I do not know a parameter called "${nameText}"`);
  const name = entry[1];
  const v = valueText.trim();
  if (/^-?[\d.]+\s*%$/.test(v)) return { kind: 'set', name, value: Number(v.replace('%', '').trim()) / 100 };
  if (/^-?\d+(?:\.\d+)?$/.test(v)) return { kind: 'set', name, value: Number(v) };
  return { kind: 'set', name, value: v };
}
