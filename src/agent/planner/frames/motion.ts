import { parseObject, parsePoint, type ObjectQuery } from '../referring.js';
import { namesRoomPart } from '../relations.js';
import { HOME_WORDS } from '../vocabulary.js';
import type { ParsedGoal } from './goal-types.js';
import { between, carriedTo, parsePlace, ROOM_WIDE, splitDestination, unknown, withObject } from './phrases.js';

/**
 * The frames that move the robot or an object: go (a place or a point), pick (an object),
 * place/bring (an object to a place: a zone, a point, next to an object, home, here) and find.
 * Each reads the words after its verb (`rest`) and returns null when they are not its phrases,
 * so the next frame of the same verb can try ("get the cube" is a pick, "get to bin a" a go).
 */
export type Frame = (verb: string, rest: string, clause: string) => ParsedGoal | null;

/** Verbs that take an object and a destination, where the destination may be left out only for a put-down. */
const PUT_DOWN = /^(?:put|place|drop|release|leave|set)$/;
/** Verbs whose object is the robot itself. */
const MOTION = /^(?:go|drive|navigate|head|travel|come|roll|walk|proceed|swing|park|visit|meet|enter)$/;
/** A drive by a distance or a direction: the planner goes to places and points, not "2 m forward". */
const RELATIVE = /^(?:forwards?|ahead|backwards?|back(?: up)?|left|right|straight|up|down)\b|\b\d+(?:\.\d+)?\s*(?:m|cm|metres?|meters?|feet|foot|steps?)\b|^(?:a bit|a little)\b/;
/** Said between a motion verb and where to: "go back over to", "head on down to". */
const MOTION_PARTICLES = /^(?:(?:back|over|yourself|down|up|along|out|on|across|round|around|ahead|straight|off|away)\s+)*/;

export const go: Frame = (verb, rest, clause) => {
  if (RELATIVE.test(rest) && !/\b(?:to|towards?|into|in|inside|on|onto|at|by|home|here)\b|^back$/.test(rest)) return unknown(clause, `I cannot drive by a distance or a direction ("${clause}"): name a place of the map or a point (x, y)`);
  // "meet me at the door": going there.
  // "go over there to the shed": "there" is the place said next.
  const r = rest.replace(MOTION_PARTICLES, '').replace(verb === 'meet' ? /^(?:me|us)\s+/ : /^$/, '').replace(/^there\s+(?=(?:to|towards?|into|by)\s)/, '');
  // "get", "move", "return", "stop" go somewhere only when a place follows ("get to bin a", "stop by the office", "return home").
  const particle = r !== rest || /^(?:to|towards?|into|in|inside|by)\b/.test(r);
  if (!MOTION.test(verb) && !particle && !HOME_WORDS.test(r) && r !== '') return null;
  // "go between bin a and the shelf": the spot halfway.
  const mid = /^(?:to\s+)?(?:(?:in|half ?way)\s+)?between\s+(.+)$/.exec(r);
  if (mid) {
    const spot = between(mid[1]!);
    return 'reason' in spot ? unknown(clause, spot.reason) : 'between' in spot ? { kind: 'goto', target: spot } : null;
  }
  // "park at the charger", "wait at the door": being at a place is going there.
  // A whole word: "top up" does not start with "to".
  const where = r.replace(/^(?:to|towards?|into|in|inside|onto|on|by|at|next to|beside|near)\b\s*/, '').replace(/^(?:the|your|my|our)\s+/, '').replace(/\s+(?:and )?(?:wait|stay) there$/, '');
  // "come here", "come back here": to whoever asked, where the robot started.
  if (!where || HOME_WORDS.test(where) || /^(?:me|us|here|over here)$/.test(where)) return { kind: 'goto', target: { home: true } };
  const point = parsePoint(where);
  return point ? { kind: 'goto', target: { point } } : (carriedTo(where, clause) ?? { kind: 'goto', target: { said: where } });
};

export const pick: Frame = (verb, rest, clause) => {
  const object = rest.replace(/^up\s+/, '').replace(/\s+up$/, '');
  if (!object) return null;
  // "take everything out of bin b": emptying a zone, not one thing to hold.
  const emptying = /\b(?:out of|off|from)\b/.test(object);
  return withObject(object, clause, (o) => (o.all && o.inZone && emptying ? { kind: 'clear', object: o } : { kind: 'pick', object: oneOfAny(o) }));
};

/** "grab anything on the table", "pick up whatever is in the sink": one object is held, any of those. */
function oneOfAny(o: ObjectQuery): ObjectQuery {
  return o.all && o.count === undefined && /\b(?:anything|something)\b/.test(o.text) ? { ...o, all: false, count: 1 } : o;
}

/** "wait in the yellow bay", "stay at bin a": be there; to stay or remain is also not to leave,
 *  which a later drive would (grounding refuses the two together). */
export const stay: Frame = (verb, rest, clause) => {
  if (!/^(?:in|at|inside|by|on)\s/.test(rest)) return null;
  const there = go('go', rest.replace(/^\S+/, 'to'), clause);
  return there?.kind === 'goto' && verb !== 'wait' ? { ...there, stays: true } : there;
};

/** Verbs that take hold of an object, and move it only with a word for where to ("grab it to bin a"). */
const TAKES = /^(?:grab|fetch|collect|retrieve|gather|get|grasp|lift)$/;
/** Prepositions that say where an object is as well as where it could go. */
const WHERE_IT_IS = /^(?:next to|close to|beside|near|by|in|on|at|inside)$/;

/** Verbs that put an object down somewhere: what "in its place" or "where X was" may follow. */
const PUTS_DOWN = /^(?:put|place|set|move|take|bring|carry|drop|leave|stick|pop)$/;

export const place: Frame = (verb, rest, clause) => {
  // "move to x 7 y 4", "move to (4.5, 4)": the robot goes there (the go frame); read as a place first, the last number
  // had become a count of objects to move.
  if (/^(?:to|towards)\s/.test(rest) && parsePoint(rest.replace(/^\S+\s+/, ''))) return null;
  // "bring me X", "give me X", "get me X": to whoever asked, where the robot started.
  const toMe = /^(?:me|us)\s+(.+)$/.exec(rest);
  if (toMe && /^(?:bring|get|fetch|give|hand|pass|grab|retrieve|collect)$/.test(verb)) return withObject(toMe[1]!, clause, (object) => ({ kind: 'place', object, target: { home: true } }));
  // "let go of it": put it down here.
  if (verb === 'let') return /^go(?: of)?\b/.test(rest) ? withObject(rest.replace(/^go(?: of)?\s*/, '') || 'it', clause, (object) => ({ kind: 'place', object, target: { here: true } })) : null;
  // "bring it back", "take the cube home", "bring the ball here": to whoever asked, where the robot started.
  // "put it back", "put the cube back where it was": where it was taken from (compose.ts finds where that was).
  // "put back the red ball": the particle before the object.
  if (/^back\s+\S/.test(rest) && /^(?:put|place|set)$/.test(verb)) return place(verb, `${rest.replace(/^back\s+/, '')} back`, clause);
  const putBack = /^(.+?)\s+back(?:\s+(?:where (?:it|they|you) (?:was|were|found (?:it|them)|got (?:it|them)|came from|belongs?)|in (?:its|their) place|in place|to where (?:it|they) (?:was|were|came from)))?$/.exec(rest);
  if (putBack && /^(?:put|place|set|return|move|stick|pop)$/.test(verb)) return withObject(putBack[1]!, clause, (object) => ({ kind: 'place', object, target: { said: WHERE_IT_WAS } }));
  // "move the blue cube to zone 1 and put a red cube in its place": where the object said before was (compose.ts finds which).
  const inPlaceOf = /^(.+?)\s+(?:in|into|to|on) (?:its|their) (?:place|spot|stead|position)$/.exec(rest);
  if (inPlaceOf && PUTS_DOWN.test(verb)) {
    return withObject(inPlaceOf[1]!, clause, (object) => ({ kind: 'place', object, target: object.pronoun ? { said: WHERE_IT_WAS } : { wasAt: { all: false, pronoun: true, text: 'its place' } } }));
  }
  // "put the blue ball where the red cube was": the spot the other was taken from (compose.ts checks it was moved).
  const instead = /^(.+?)\s+(?:back\s+)?(?:to |in |on |at )?(?:where|the (?:spot|place) where)\s+(.+?)\s+(?:was|were|used to be|had been|stood|sat)$/.exec(rest);
  if (instead && !/^(?:it|they)$/.test(instead[2]!) && PUTS_DOWN.test(verb)) {
    const there = parseObject(instead[2]!);
    if ('reason' in there) return unknown(clause, there.reason);
    return withObject(instead[1]!, clause, (object) => ({ kind: 'place', object, target: { wasAt: there } }));
  }
  // "then bring the green ball there too": to the place said before it (compose.ts), not to whoever asked.
  const toThere = /^(.+?)\s+(?:over\s+)?there(?:\s+(?:too|as well|also))?$/.exec(rest);
  if (toThere && /^(?:bring|take|carry|move|get|fetch|send)$/.test(verb)) return withObject(toThere[1]!, clause, (object) => ({ kind: 'place', object, target: { said: 'there' } }));
  const back = /^(.+?)\s+(?:back|home|here|over here|back here)(?:\s+home)?$/.exec(rest);
  // "get over here", "get back home": the robot itself, which the go frame reads.
  if (back && /^(?:over|right|back|yourself)$/.test(back[1]!)) return null;
  // "take the red ball (back) to home": a map with a zone called home reads "bring the red ball home" so.
  if (back && /^(?:bring|take|carry|return|move|get|fetch)$/.test(verb)) return withObject(back[1]!.replace(/\s+(?:back\s+)?to$/, ''), clause, (object) => ({ kind: 'place', object, target: { home: true } }));
  // "put on the trolley the red ball", "bring to me the red ball": where, said before what.
  const before = placeFirst(rest);
  if (before) return place(verb, before, clause);
  // "take the red cube away from the trolley", "take the green cube out of bin a", "get the ball
  // off the shelf": where it is to end up is out of that zone (put down on free floor outside it),
  // not in the gripper; "pick up X from Z" only says where to find it.
  // ("The drop off" is a place, whose "off" says nothing of taking.)
  const away = /^(.+?)(?:\s+(?:away\s+from|out\s+of)|(?<!\bdrop)\s+off(?:\s+of)?)\s+(.+)$/.exec(rest);
  if (away && /^(?:take|move|get|carry|shift|pull)$/.test(verb)) return withObject(`${away[1]} in ${away[2]}`, clause, (object) => ({ kind: 'clear', object }));
  // "put away the cup on the shelf", "set down the ball in the sink", "drop off the blue ball in room 202": the particle
  // before the object (after "drop", "off" had been taken for the object, which became "it").
  const split = splitDestination(rest.replace(verb === 'drop' ? /^(?:down|away|off)\s+/ : /^(?:down|away)\s+/, ''));
  // "grab the cube next to the green ball", "grab the red cube in bin a": which cube; grabbing takes it, and puts
  // nothing anywhere ("grab it into bin a" does).
  if (split && TAKES.test(verb) && WHERE_IT_IS.test(split.preposition)) return null;
  // "get the cube in the corner": a wall or a corner says which cube, not where it goes.
  if (split && (split.object || PUT_DOWN.test(verb)) && !namesRoomPart(split.target) && !SIDE.test(split.target)) {
    const target = /^(?:me|us)$/.test(split.target) ? { home: true as const } : parsePlace(split.target, split.preposition);
    if ('reason' in target) return unknown(clause, target.reason);
    return withObject(split.object || 'it', clause, (object) => ({ kind: 'place', object, target }));
  }
  // "bring the red cube", "bring back the ball from the trolley": bringing is to whoever asked, where the robot started.
  if (verb === 'bring' && !split) return withObject(rest.replace(/^back\s+/, ''), clause, (object) => ({ kind: 'place', object, target: { home: true } }));
  // "drop it", "put the cube down", "let go of it": put down where the robot is.
  const here = /^(?:(?:down|off)\s+)?(.*?)(?:\s+(?:here|down|off|there|right there))?$/.exec(rest);
  if (here && (/^(?:drop|release)$/.test(verb) || (PUT_DOWN.test(verb) && /\b(?:down|here|there)\b/.test(rest)))) {
    const there = /\bthere$/.test(rest) ? { there: true as const } : {};
    return withObject(here[1] || 'it', clause, (object) => ({ kind: 'place', object, target: { here: true, ...there } }));
  }
  return null;
};

/** "on the trolley the red ball" → "the red ball on the trolley": the place's words end where an object's begin. */
function placeFirst(rest: string): string | null {
  const m = /^(to|into|onto|on|in|at)\s+(.+)$/.exec(rest);
  if (!m) return null;
  const words = m[2]!.split(' ');
  for (let k = 1; k < words.length; k++) {
    // "to room 2 the red cube", "in bay 3 two balls": a number before another determiner or number ends the place's name.
    if (/^\d+$/.test(words[k]!) && /^(?:the|a|an|\d+|one|two|three|four|five|all|both|every|each|some|any)$/.test(words[k + 1] ?? '')) continue;
    const where = words.slice(0, k).join(' ');
    const what = parseObject(words.slice(k).join(' '));
    // A number alone is no object said first: "move to room 2" is a trip to room 2, not two things moved to a room.
    if (!('reason' in what) && !what.pronoun && !what.ofKindBefore && !/^(?:the|a|an)$/.test(words[k - 1]!) && (/^(?:me|us)$/.test(where) || 'reason' in parseObject(where))) return `${words.slice(k).join(' ')} ${m[1]} ${where}`;
  }
  return null;
}

/** "the cube on the left": a side says which object, as a wall does (relations.ts), not where it goes. */
const SIDE = /^(?:the )?(?:far )?(?:left|right)(?:[- ]hand)?(?: side| end)?$/;

/** The place said as "back where it was": compose.ts puts the zone it was taken from in its stead. */
export const WHERE_IT_WAS = 'where it was before';

export const find: Frame = (verb, rest, clause) => {
  // "check the shelf for red cubes", "search the sink for the ball", "look in the trolley for a cube": X in Z.
  const within = /^(?:in |on |inside |at |through )?(.+?) for (.+)$/.exec(rest);
  if (within && /^(?:check|search|look|scan)$/.test(verb) && !/^(?:for|around|out)\b/.test(rest)) return withObject(`${within[2]} in ${within[1]}`, clause, (o) => ({ kind: 'find', object: o }));
  // "look in the sink", "have a look at the counter", "check the trolley": what is there.
  const there = /^(?:in|on|inside|at|into|over)\s+(.+)$/.exec(rest) ?? (verb === 'check' ? /^(.+)$/.exec(rest) : null);
  if (there && /^(?:check|look)$/.test(verb) && 'reason' in parseObject(there[1]!)) return withObject(`everything in ${there[1]}`, clause, (o) => ({ kind: 'find', object: o }));
  const object = rest.replace(/^(?:for|around for|out for|up|at)\s+/, '').replace(/^(?:is|are)\s+/, '').replace(ROOM_WIDE, '');
  if (!object || (verb === 'look' && !/^(?:for|at|around for|out for)\b/.test(rest))) return null;
  return withObject(object, clause, (o) => ({ kind: 'find', object: o }));
};
