import { readDistanceQuestion } from './distance-questions.js';
import type { ParsedGoal } from './goal-types.js';
import { LYING, ROOM_WIDE, unknown, withObject } from './phrases.js';
import { energyMeaning } from '../lexicon-meaning.js';
import { wholeRoom } from './room-words.js';

/** "lying about", "kicking around": somewhere in the room. */
const LYING_ABOUT = new RegExp(String.raw`\b${LYING} (?:around|about)\b`);

/**
 * Questions, read as a whole: about objects ("how many X (are) in Z", "what is on Z", "is there
 * anything in Z", "where did X end up", "see the X?") — each a count or a search of the room —
 * and about the robot itself (battery, where it is, what it holds, its status).
 */
/** "Are you at full charge?", "are you at 50%?": the battery asked about, not where the robot is. */
const BATTERY_WORDS = /\b(?:battery|charge|charged|charging|full|empty|least|most|percent|per cent)\b|\d\s*%/;

export function readQuestion(said: string, zoneWords: ReadonlySet<string> = new Set()): ParsedGoal | null {
  // "are there more than 3 balls in here", "are there fewer than 2 cubes on the bench": a count, answered yes or no.
  const than = /^(?:is|are) there (more|fewer|less) than (\d+) (?!(?:of )?(?:them|those|these)\b)(\S.*)$/.exec(said);
  if (than && Number(than[2]) !== 1) {
    const count = readQuestion(`how many ${than[3]}`, zoneWords);
    return count?.kind === 'count' ? { ...count, than: { more: than[1] === 'more', n: Number(than[2]) } } : count;
  }
  const c = wholeRoom(everyday(direct(said)), zoneWords).replace(/^((?:is|are) there (?:an?|any|some) .+?)(?:\s+anywhere)(?=\s+(?:in here|around here|here|in the room|in this \w+|at all)$)/, '$1');
  // "which areas do you know about", "what places are there on your map", "list the zones": the map's places.
  if (MAP_PLACES.test(c)) return { kind: 'status', topic: 'zones' };
  // "which zone are you in", "are you in bin a": where the robot is, its zone said (before "which X is Y in" reads "you" as an object).
  // "which bit of the garage are you in", "what part of the clinic are you in" too.
  if (/^(?:(?:which|what) (?:zone|room|area|place|part|bit|section|end|side|corner)(?: of (?:the|this) [a-z]+(?: [a-z]+)?)? are you (?:in|at)|are you (?:in|at|inside) \S.*)$/.test(c) && !BATTERY_WORDS.test(c)) return { kind: 'status', topic: 'pose' };
  // ("how many metres to bin a" asks a distance.)
  const count = /^how many (?:metres|meters|m)\b/.test(c) ? null : /^(?:how many|count(?: up)?|number of)\s+(.+)$/.exec(c);
  if (count) {
    // "how many objects can you see from here": what one look from where the robot stands shows, not the whole room.
    const here = FROM_HERE.exec(count[1]!);
    if (here) {
      const kind = count[1]!.slice(0, here.index).replace(/\s+(?:(?:do|can|could) )?(?:you )?(?:(?:can|could) )?(?:see|spot|count|find|notice)$/, '');
      return withObject(kind || 'everything', c, (object) => ({ kind: 'count', object: { ...object, all: true, definite: false }, fromHere: true }));
    }
    // "how many are in bin a", "how many are there": everything there.
    const kindless = count[1]!.replace(/^(?:(?:are|is|do you see|can you see|you see|do you count|have you got|do we have|are there|is there)\s*)*(?=$|(?:in|on|at|inside)\b)/, 'everything ');
    // "how many balls are left on the shelf", "how many cubes have you seen so far": how many there are.
    const said = ` ${kindless.replace(/\s+(?:in total|altogether|all together|in all|overall|(?:so )?far|by now|yet)$/, '')}`.replace(/\s+(?:left|remaining|seen)\b/g, ' ')
      .replace(/\s+(?:are|is|be|there|do you see|can you see|you see|you can see|can you find|you can find|do you find|sit|lie|stand|have|you have|get|got|do|you|we|i|can|see|find|spot|count|notice)\b/g, ' ')
      .replace(ROOM_WIDE, '');
    return withObject(said, c, (object) => ({ kind: 'count', object: { ...object, all: true, definite: false } }));
  }
  const far = readDistanceQuestion(c);
  if (far) return far;
  // "is the trolley empty", "are the bins clear": what is there, if anything.
  const empty = /^(?:is|are) (.+?) (?:empty|clear|free)(?: now| yet)?$/.exec(c);
  if (empty) return withObject(`everything in ${empty[1]}`, c, (object) => ({ kind: 'find', object }));
  const inside = /^(?:what(?: (?:objects?|things?|items?|stuff))?(?: is| are|'s)?(?: there)?|(?:list|name|report|describe)(?: all)? (?:everything|all (?:the )?(?:objects|things|items)|the (?:objects|things|items)|what is)(?: that is| there is)?|is there (?:anything|something)|are there any (?:things|objects)|is anything|anything|what (?:do (?:we|you) have|(?:have |did )?(?:we|you) (?:got|get))|what (?:(?:do|can|could) )?(?:you )?see)(?: (?:sit|lie|stand|sitting|lying|standing|left|kept|stored|lying around))?\s+(in|on|at|inside|near|next to|by|beside|close to)\s+(.+)$/.exec(c);
  // "what's near the shelf", "is anything next to the table": what is there, found by sight around that place.
  if (inside) return withObject(`everything ${/^(?:in|on|at|inside)$/.test(inside[1]!) ? 'in' : inside[1]} ${inside[2]}`, c, (object) => ({ kind: 'find', object }));
  // "where's the green cylinder gone (to)", "where has it got to", "where did it disappear to": where it ended up.
  const endedUp = /^where (?:did|does|do|is|are|has|have)\s+(.+?)\s+(?:end up|go|get to|be|sit|lie|go to|land|wind up|gone(?: off)?(?: to)?|got to|disappear(?:ed)?(?: to)?|vanish(?:ed)?(?: to)?|wander(?:ed)? off(?: to)?)$/.exec(c) ?? /^where (?:did|have) (?:you|i|we) (?:put|leave|left|drop|take|took|place|set)\s+(.+)$/.exec(c);
  if (endedUp) return withObject(endedUp[1]!, c, (object) => ({ kind: 'find', object }));
  // "which bay is the green cube in", "what zone are the balls on": where it is, the zone named in the answer.
  const whichZone = /^(?:which|what) (?:\S+ ){1,2}(?:is|are) (.+?) (?:in|on|at|inside)$/.exec(c);
  if (whichZone) return withObject(whichZone[1]!, c, (object) => ({ kind: 'find', object }));
  // "which cubes are in room 4", "is the red cube on the workbench": a search of that zone.
  // "is the blue cube in bin a": a yes/no question, answered "no" as well as "yes".
  const inZone = /^(?:(?:which|what) (.+?) (?:is|are)|(?:is|are) (.+?)) (in|on|at|inside) (.+)$/.exec(c);
  if (inZone) {
    // "are the balls on the shelf" asks it of every ball; "are (there) any balls on the shelf", of one.
    const every = inZone[2] && !/^(?:there )?(?:any|some)(?:thing)?\b/.test(inZone[2]) ? { every: true as const } : {};
    return withObject(`${inZone[1] ?? inZone[2]} in ${inZone[4]}`, c, (object) => ({ kind: 'find', object, ...(inZone[2] ? { whether: true as const, ...(object.all ? every : {}) } : {}) }));
  }
  // "is there a red ball (in bin a)", "can you see the blue cube": yes or no; "where is X": where.
  const where = /^(?:(where is|where's|where are)|can you see|do you see|is there|are there)\s+(.+)$/.exec(c);
  if (where && !/^(?:you|i)\b/.test(where[2]!)) {
    const whether = where[1] ? {} : { whether: true as const };
    return withObject(where[2]!.replace(ROOM_WIDE, '').replace(/\s+at$/, ''), c, (object) => ({ kind: 'find', object, ...whether }));
  }
  // "what colour is the ball on the table", "show me the blue cube": found, and said what and where it is.
  const what = /^what (?:colou?r|kind|shape|type)(?: of (?:thing|object))? (?:is|are)\s+(.+)$/.exec(c) ?? /^show (?:me|us)\s+(?!where|how|what|which)(.+)$/.exec(c);
  if (what) return withObject(what[1]!, c, (object) => ({ kind: 'find', object }));
  // "which ball is closest to you", "what is the nearest object": the one found, and where.
  // "which cube is closest to bin b", "what is the farthest ball from the dock": ranked by distance to that place or thing.
  // "what is closest (to you)", "which is the farthest one": of everything there is.
  const rankOnly = /^(?:which|what)(?: one)? (?:is|are) (?:the )?(closest|nearest|farthest|furthest)(?: (?:one|thing|object))?$/.exec(c);
  if (rankOnly) return withObject(`${rankOnly[1]} object`, c, (object) => ({ kind: 'find', object }));
  const ranked =
    /^(?:which|what) (.+?) (?:is|are) (?:the )?(closest|nearest|farthest|furthest)(?: one)?((?: to| from| away from)? .+)?$/.exec(c) ??
    /^(?:which|what) (?:is|are) (?:the )?((?:closest|nearest|farthest|furthest)) (.+?)((?: to| from| away from) .+)?$/.exec(c);
  if (ranked) {
    const [rank, noun] = RANK_WORD.test(ranked[1]!) ? [ranked[1]!, ranked[2]!] : [ranked[2]!, ranked[1]!];
    const to = (ranked[3] ?? '').trim().replace(/^away$/, '');
    const words = /^(?:(?:to|from|away from) )?(?:you|me|us|the robot)$/.test(to) || !to ? `${rank} ${noun}` : `${noun} ${rank} ${/^(?:to|from|away from) /.test(to) ? '' : 'to '}${to}`;
    return withObject(words, c, (object) => ({ kind: 'find', object }));
  }
  const see = /^(?:see|spot|notice)\s+(.+)$/.exec(c);
  // "can you see a red ball anywhere?": anywhere the robot can look, as in "is there …".
  if (see) return withObject(see[1]!.replace(ROOM_WIDE, ''), c, (object) => ({ kind: 'find', object, whether: true }));
  if (/^what (?:is|are) (?:it|they|them|those|that)$/.test(c)) return { kind: 'find', object: { all: true, pronoun: true, text: 'them' } };
  return readStatusQuestion(c);
}

/**
 * Everyday forms of the questions above: "whereabouts is X" and "seen X?" ask where; "got any balls?", "have
 * we got any cubes" and "any cubes lying about?" ask whether there are; "lying about" and
 * "kicking around" say only that something is there.
 */
function everyday(c: string): string {
  return c
    .replace(/^where ?abouts\b/, 'where')
    // "what's the number of cubes in bin b": how many; "what's the colour of the cube on the table": what colour it is.
    .replace(/^(?:what is |tell me )?the (?:total )?(?:number|count|total) of (?=\S)/, 'how many ')
    .replace(/^what is the (colou?r|shape|kind) of (?=\S)/, 'what $1 is ')
    .replace(/ on top of /, ' on ')
    // "what else is in bin a", "tell me about the objects on the table", "are there any cubes left on the table".
    .replace(/^what else /, 'what ')
    .replace(/^tell me (?:all )?about (?=\S)/, 'describe ')
    .replace(/ (?:left|remaining)(?= (?:in|on|at|inside) )/, '')
    // "is there more than one red cube": how many there are.
    .replace(/^(?:is|are) there more than (?:one|1) (?=\S)/, 'how many ')
    // "what's in front of you", "what's behind you": a look all around from here.
    .replace(/^what (?:is |are )?(?:in front of|ahead of|behind|around|near|next to|close to|beside) you$/, 'what do you see')
    // "what are you looking at": what it sees.
    .replace(/^what (?:are you|you are|is it) look(?:ing)? at$/, 'what do you see')
    // "any sign of the green cylinder": whether there is one; "anything blue around here": whether there is anything blue.
    .replace(/^(?:(?:is there |have you seen |seen )?any sign of) (?=\S)/, 'is there ')
    .replace(/^anything (?=(?:red|green|blue|yellow)\b)/, 'is there anything ')
    // "where is the blue ball located", "where is the red cube relative to you": where it is.
    .replace(/^(where (?:is|are) .+?) (?:locate|located|keep|kept|store|stored|situate|situated|currently|at the moment|relative to (?:you|me|here)|from (?:you|here))$/, '$1')
    // "where exactly is X", "where can I find X", "where would I find X": where it is.
    .replace(/^where (?:exactly|precisely) /, 'where ')
    .replace(/^where (?:did|have|had) (?:you|we|i) (?:see|seen|spot|spotted|notice|noticed|last see|last seen) (?=\S)/, 'where is ')
    .replace(/^where (?:exactly |precisely )?(?:can|could|would|do|might|will|should) (?:i|we|you|one) (?:find|get|see|locate|spot) (?=\S)/, 'where is ')
    // "where is the nearest cube to you": the nearest is from the robot anyway.
    .replace(/^(where (?:is|are) (?:the )?(?:nearest|closest|farthest|furthest) .+?) (?:to|from) (?:you|me|us|here|the robot)$/, '$1')
    // "(have you) seen the red ball (anywhere)?": where it is.
    .replace(/^(?:(?:have|did) you (?:seen|see|spotted|spot)|seen|spotted) (?=\S)/, 'where is ')
    .replace(LYING_ABOUT, 'around')
    .replace(/^(?:(?:have|do) (?:you|we) (?:got|get|have)|(?:you|we) (?:got|have)|got) (?=any(?:thing)?\b)/, 'are there ')
    .replace(/^any\b(?!.*\s(?:in|on|at|inside)\s)/, 'are there any');
}

/** Asking which places the robot knows: the zones of its map, listed from the map. */
const PLACE_NOUNS = String.raw`(?:areas?|zones?|places?|rooms?|locations?|spots?|destinations?)`;
const MAP_PLACES = new RegExp(
  String.raw`^(?:(?:which|what) (?:other )?${PLACE_NOUNS}(?: (?:do|can|did) you (?:know(?: about| of)?|have(?: on (?:the|your) map)?|go to|drive to|get to)| (?:are|is) (?:there|marked|mapped|on (?:the|your|this) map)(?: on (?:the|your|this) map)?| have you got)?` +
    String.raw`|(?:list|name|tell me|give me)(?: me)? (?:all )?(?:of )?(?:the|your|the map's) ${PLACE_NOUNS}(?: (?:you know(?: about| of)?|on (?:the|your|this) map))?` +
    String.raw`|where can you go(?: to)?|where can (?:i|we) (?:send|take) you(?: to)?)$`,
);

/** Where a count is seen from, said after what is counted: the robot's own spot. */
// ("around you" is the room, as "around here" is: what is around the robot is not only what one look shows.)
const FROM_HERE = /\s+(?:from (?:here|where you (?:are|stand)|your (?:spot|position))|(?:right )?(?:now )?(?:in front of you|in view|without moving))$/;

const RANK_WORD = /^(?:closest|nearest|farthest|furthest)$/;

/** A question asked inside another ("tell me where the X is", "do you know if there is a Y") as asked directly. */
function direct(c: string): string {
  const q = c.replace(
    /^(?:tell me|show me|let me know|do you know|i want to know|i wonder|i would like to know|any idea|check|see|find out|report|list|(?:give|get) me (?:a |an )?(?:rundown|list|overview|summary|description) of|describe|list)\s+(?=(?:where|how|what|which|if|whether)\b)/,
    '',
  );
  if (q === c) return c;
  return q
    .replace(/^where (.+?) (is|are)$/, 'where $2 $1')
    // "any idea where the red ball went": where it ended up.
    .replace(/^where (.+?) (go|end up|get to|land|wind up)$/, 'where did $1 $2')
    // "tell me where you put it": asked directly, "where did you put it".
    .replace(/^where (you|i|we) (?=(?:put|leave|left|drop|took|take|place|set)\b)/, 'where did $1 ')
    .replace(/^(?:if|whether) there (is|are) (.+)$/, '$1 there $2')
    .replace(/^(?:if|whether) (.+?) (is|are) (.+)$/, '$2 $1 $3')
    .replace(/^how many (.+?) there (?:is|are)$/, 'how many $1');
}

/** Status questions come before "find": "where are you" is not a search. */
function readStatusQuestion(c: string): ParsedGoal | null {
  if (/\bbattery\b|\bcharge level\b|\bhow much (?:charge|power|energy)\b|^what is your (?:charge|power level)$/.test(c) && /^(?:what|how|is|check|tell|report|show|give)|\blevel\b|\bstatus\b|^(?:your |the )?battery$/.test(c)) return { kind: 'status', topic: 'battery' };
  // "how much juice have you got left": a word WordNet reads as energy or current is the battery's charge.
  const howMuch = /^how much ([a-z]+)(?: (?:do|did|have) you(?: get| got| have)?| you(?: have| get| got)| is there| is| are you on)?(?: left| remaining| in you| in the tank)?$/.exec(c);
  if (howMuch && energyMeaning(howMuch[1]!)) return { kind: 'status', topic: 'battery' };
  // "where did you start (from)", "where were you when we started": where the mission began.
  if (/^where (?:did|do) you (?:start|begin|set off)(?: from| out)?$|^where (?:were|was) you when (?:we|i|you) (?:started|began|start|begin)$|^what (?:was|is) your (?:start(?:ing)? (?:point|position|place|spot)|start)$/.test(c)) return { kind: 'status', topic: 'start' };
  if (/\bwhere are you\b|\byour (?:position|location|pose|coordinates|whereabouts)\b|\bwhere am i\b/.test(c)) return { kind: 'status', topic: 'pose' };
  if (/\bwhat (?:are|r) you (?:holding|carrying)\b|\bare you (?:holding|carrying)\b|\bwhat(?:'s| is) in (?:your|the) gripper\b/.test(c)) return { kind: 'status', topic: 'holding' };
  if (/^(?:status|report(?: your)? status|(?:what(?:'s| is)|show|tell me|give me|check)(?: me)? (?:your|the robot's|the) status|how are you(?: doing)?)$/.test(c)) return { kind: 'status', topic: 'all' };
  if (/^(?:look|look around|scan(?: the room| around| your surroundings)?|what (?:objects |things )?(?:(?:do |can )?you )?(?:can )?see|what(?:'s| is) around|describe (?:what you see|your surroundings|the room)|what(?:'s| is) (?:in front of you|there)|(?:tell me |say )?what you (?:can )?see|(?:list|name|report) (?:everything|all (?:the )?(?:objects|things)|what) (?:that )?you (?:can )?see)(?: (?:around you|from here|from where you (?:are|stand|are standing)|here|now|over there|there|in front of you|ahead))?$/.test(c)) return { kind: 'scan' };
  if (/^(?:what|where|how|why|who|which|when)\b/.test(c)) return unknown(c);
  return null;
}
