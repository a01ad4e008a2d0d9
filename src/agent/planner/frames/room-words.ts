import { premisesMeaning } from '../lexicon-meaning.js';

/**
 * A room word after what is asked about ("how many cubes are in the hall", "what's in this room",
 * "describe the room") means the whole room the robot is in, which a search covers anyway — not a
 * zone named like it, unless this map has one: on a map with a zone called "kitchen", "in the
 * kitchen" is that zone. Words not listed are read in WordNet: any kind of building, room,
 * establishment or workplace ("the whole clinic", "in the dental clinic", "the garage") is the room too.
 * Taken off here, before the question is read, so the rest reads as asked
 * of the room.
 */
const ROOM_NOUNS = '(?:room|hall|place|building|space|warehouse|storeroom|store room|office|lab|laboratory|workshop|floor|house|shop|garage|kitchen|ward|gallery|corridor|greenhouse|unit)';

const IN_ROOM = new RegExp(String.raw`\s+(?:in|inside|throughout)\s+(?:the|this|here in the|your)\s+(?:whole\s+|entire\s+)?(${ROOM_NOUNS})$`);
/** The same with a noun not listed, maybe after a word that says which ("the dental clinic"). */
const IN_NAMED = /\s+(?:in|inside|throughout)\s+(?:the|this|here in the|your|our)\s+(?:whole\s+|entire\s+)?((?:[a-z]+\s+)?([a-z]+))$/;
const DESCRIBE_ROOM = new RegExp(String.raw`^(?:describe|list everything in|what is in|what is there in|what do you have in|what have you got in)\s+(?:the|this)\s+(?:whole\s+|entire\s+)?(${ROOM_NOUNS})$`);

const AROUND_YOU = /\s+(?:all )?around (?:you|yourself|us|me|the robot)$/;

export function wholeRoom(c: string, zoneWords: ReadonlySet<string>): string {
  const isZone = (noun: string) => noun.split(' ').every((w) => zoneWords.has(w));
  const describe = DESCRIBE_ROOM.exec(c);
  // "describe the room": everything in it, the whole room searched.
  if (describe && !isZone(describe[1]!)) return 'where is everything';
  // "how many cubes are around you": around the robot is the room, not one look (which "from here" asks for).
  if (AROUND_YOU.test(c)) return c.replace(AROUND_YOU, '');
  const m = IN_ROOM.exec(c);
  if (m && !isZone(m[1]!)) return c.slice(0, m.index);
  const named = IN_NAMED.exec(c);
  if (named && !isZone(named[1]!) && !zoneWords.has(named[2]!) && premisesMeaning(named[2]!)) return c.slice(0, named.index);
  return c;
}
