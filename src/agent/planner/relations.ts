import { parsePoint } from './point-words.js';
import { COLORS, GENERIC_OBJECT_WORDS, SHAPE_WORDS } from './vocabulary.js';

/**
 * Relations that pick one object out of several by where it is: to the room ("by the left
 * wall", "in the far corner"), to a landmark ("next to the blue ball", "by the workbench",
 * "between the bench and the cabinet"), to the robot ("on your left"), or compared with the
 * others ("the left one"). This file reads the words; grounding.ts resolves names against the
 * map and relation-geometry.ts measures them.
 */
export type Compass = 'west' | 'east' | 'south' | 'north';
/** A wall of the room: a compass side, or one read from where the robot stood when told. */
export type WallSide = Compass | 'far' | 'near' | 'ahead' | 'behind' | 'robot-left' | 'robot-right';

export type Landmark =
  /** `also`: the robot's own side, when "left"/"right" may mean it rather than the map's. */
  | { wall: WallSide | null; also?: WallSide }
  /** Corners of the room, all of these sides (north + west = the north-west corner), or any. */
  | { corner: Array<Compass | 'far' | 'near'> }
  | { object: { color?: string; shape?: string }; text: string }
  /** A name said, resolved by grounding to a zone or to obstacles of the map. */
  | { said: string }
  | { zone: string }
  | { obstacles: string[] }
  /** A point of the map said as coordinates: "the cube at (6.2, 6.2)", "the ball nearest 3, 4". */
  | { point: { x: number; y: number } };

export type Relation =
  /** Close to the landmark: within reach of the word ("by", "next to", "against", "in the corner"). */
  | { near: Landmark; text: string }
  /** Whichever is closest to (or farthest from) the landmark, however far that is. */
  | { ranked: 'nearest' | 'farthest'; to: Landmark; text: string }
  | { between: [Landmark, Landmark]; text: string }
  /** On the robot's left or right, as it stood when the instruction was given. */
  | { side: 'left' | 'right'; text: string }
  /** The one farthest in a direction of the map ("the left one" = the westmost). */
  | { extreme: Compass; also?: WallSide; text: string };

const SIDE_WORDS: Record<string, WallSide> = {
  west: 'west', western: 'west', left: 'west', 'left-hand': 'west',
  east: 'east', eastern: 'east', right: 'east', 'right-hand': 'east',
  north: 'north', northern: 'north', top: 'north', upper: 'north',
  south: 'south', southern: 'south', bottom: 'south', lower: 'south',
  far: 'far', back: 'far', opposite: 'far', front: 'ahead',
  near: 'near', nearest: 'near', closest: 'near',
};

/** "in the corner", "against the left wall", "by the workbench", "next to the blue ball". */
const CONNECT = String.raw`(?:(?:that|which) (?:is|are) |that's |(?:is |are )?(?:sitting|lying|standing|placed|left|pushed|tucked) |right |just |up )*`;
const NEAR_WORDS = String.raw`(?:up against|against|right by|by|next to|near(?: to)?|beside|alongside|along|close to|touching|at|in|on)`;
/** Every place a "by/next to/in …" phrase could start, tried from the left. */
const RELATION = new RegExp(String.raw`\s+${CONNECT}(${NEAR_WORDS})\s+(?=\S)`, 'g');
const BETWEEN = new RegExp(String.raw`\s+${CONNECT}between\s+(.+?)\s+and\s+(.+)$`);
const RANKED = new RegExp(String.raw`\s+${CONNECT}(?:the )?(closest|nearest|closer|nearer|farthest|furthest|farther|further)(?: one)?( to| from| away from)?\s+(?!(?:you|me|us|the robot)\b)(.+)$`);
const LEADING_RANKED = new RegExp(String.raw`^\s*(?:the )?(closest|nearest|farthest|furthest)\s+(.+?)\s+(?:to|from)\s+(?!(?:you|me|us|the robot)\b)(.+)$`);
const ROBOT_SIDE = new RegExp(String.raw`\s+${CONNECT}(?:on|to|at) (?:your|the robot's|its) (left|right)(?: side| hand side)?$|\s+${CONNECT}(?:to the )?(left|right) of (?:you|the robot)$`);
const MAP_SIDE = new RegExp(String.raw`\s+${CONNECT}(?:on|to|at|over on) the (left|right|top|bottom|far left|far right)(?: side| hand side| end)?$`);
const EXTREME_ADJECTIVE = /^\s*(?:the )?(leftmost|rightmost|left|right|left-hand|right-hand|westmost|eastmost|northmost|southmost|top|bottom|upper|lower)\s+(?=\S)/;

/** Words a relation cannot be read from yet, and why. */
const NOT_MEASURABLE: Array<[RegExp, string]> = [
  [/\b(?:bigger|biggest|larger|largest|smaller|smallest|taller|tallest|shorter|shortest|heavier|lighter)\b/, 'the camera reports colour and shape, not size, so I cannot tell which is bigger or smaller'],
  [/\bmy (?:left|right)\b|\bin front of me\b|\bbehind me\b/, 'I do not know where you are standing: say it from the map (the west wall, the north-east corner) or from me ("on your left")'],
];

/**
 * Takes a relation off the end (or the front) of an object phrase: the object words left, and
 * the relation; or a reason when the words ask for something the robot cannot measure.
 * Prepositions that name a zone ("in room 2", "on the table") are not taken: `isZoneWord`
 * decides, since only the map knows its zones — a wall, a corner, an object or an obstacle is
 * a relation, anything else in/on/at is left to the zone reading.
 */
export function takeRelation(text: string): { rest: string; relation?: Relation } | { reason: string } {
  for (const [pattern, reason] of NOT_MEASURABLE) if (pattern.test(text)) return { reason };
  const leading = LEADING_RANKED.exec(text);
  if (leading) {
    const to = landmark(leading[3]!);
    if (to) return { rest: ` the ${leading[2]} `, relation: { ranked: /^f/.test(leading[1]!) ? 'farthest' : 'nearest', to, text: `${leading[1]} to ${leading[3]}` } };
  }
  const ranked = RANKED.exec(text);
  if (ranked) {
    const to = landmark(ranked[3]!);
    // Without "to" only a part of the room ("the cube nearest the wall") or a place after the object
    // ("the cube nearest the shelf") follows: "the nearest cube", "the nearest red one" are no relation.
    const placeAfter = !!to && 'said' in to && !/^(?:to|from|away)\b/.test(ranked[3]!) && /\S/.test(text.slice(0, ranked.index).replace(/\b(?:the|a|an|one|that|which|is)\b/g, ''));
    if (to && (ranked[2] || 'wall' in to || 'corner' in to || 'point' in to || placeAfter)) {
      return { rest: text.slice(0, ranked.index), relation: { ranked: /^f/.test(ranked[1]!) ? 'farthest' : 'nearest', to, text: `${ranked[1]}${ranked[2] ?? ''} ${saidAs(to, ranked[3]!)}` } };
    }
  }
  const side = ROBOT_SIDE.exec(text);
  if (side) {
    const which = (side[1] ?? side[2]) as 'left' | 'right';
    return { rest: text.slice(0, side.index), relation: { side: which, text: `on my ${which} as I stood at the start` } };
  }
  const mapSide = MAP_SIDE.exec(text);
  if (mapSide) {
    const word = mapSide[1]!.replace(/^far /, '');
    const compass = SIDE_WORDS[word] as Compass;
    return { rest: text.slice(0, mapSide.index), relation: { extreme: compass, ...robotSide(word), text: `farthest ${compass}` } };
  }
  const between = BETWEEN.exec(text);
  if (between) {
    const a = landmark(between[1]!);
    const b = landmark(between[2]!);
    if (!a || !b || 'wall' in a || 'corner' in a || 'wall' in b || 'corner' in b) return { reason: `I can only measure "between" two objects, zones or pieces of furniture, not "${between[0].trim()}"` };
    return { rest: text.slice(0, between.index), relation: { between: [a, b], text: between[0].trim() } };
  }
  for (const near of text.matchAll(RELATION)) {
    const said = text.slice(near.index + near[0].length).trim();
    const to = landmark(said);
    // "in/on/at X" is a zone unless X is a wall or a corner ("in the corner", "at the back wall").
    const zoneWord = /^(?:at|in|on)$/.test(near[1]!);
    if (to && (!zoneWord || 'wall' in to || 'corner' in to || 'point' in to)) return { rest: text.slice(0, near.index), relation: { near: to, text: `${near[1]} ${saidAs(to, said)}` } };
  }
  const extreme = EXTREME_ADJECTIVE.exec(text);
  if (extreme) {
    const word = extreme[1]!.replace(/most$|-hand$/, '');
    return { rest: ` the ${text.slice(extreme[0].length)}`, relation: { extreme: SIDE_WORDS[word] as Compass, ...robotSide(word), text: `farthest ${SIDE_WORDS[word]}` } };
  }
  return { rest: text };
}

/** A landmark as narration says it: a point with its brackets and comma back (the language layer drops them). */
function saidAs(to: Landmark, said: string): string {
  return 'point' in to ? `(${to.point.x}, ${to.point.y})` : said;
}

/** "Left" and "right" are read on the map, but may mean the robot's own: the other reading, kept to check. */
function robotSide(word: string): { also?: WallSide } {
  return /^left/.test(word) ? { also: 'robot-left' } : /^right/.test(word) ? { also: 'robot-right' } : {};
}

/** Whether the words name a part of the room (a wall, a corner), which is where an object is, not a place to take it. */
export function namesRoomPart(text: string): boolean {
  const l = landmark(text);
  return l !== null && ('wall' in l || 'corner' in l);
}

/** What a landmark phrase names: a wall, a corner, an object kind or a name for the map. */
function landmark(text: string): Landmark | null {
  const t = text.trim().replace(/^(?:the|a|an|that|this|one of the)\s+/, '').replace(/\s+(?:of the room|of this room|in here)$/, '');
  const wall = /^(?:([a-z-]+)\s+)?(?:side\s+)?walls?$/.exec(t);
  if (wall) {
    if (!wall[1]) return { wall: null };
    const side = SIDE_WORDS[wall[1]];
    return side ? { wall: side, ...robotSide(wall[1]) } : null;
  }
  const behind = /^wall (?:behind (?:you|the robot)|in front of (?:you|the robot)|on (?:your|the robot's) (left|right))$/.exec(t);
  if (behind) return { wall: behind[1] ? `robot-${behind[1] as 'left' | 'right'}` : /behind/.test(t) ? 'behind' : 'ahead' };
  const corner = /^(?:([a-z-]+)(?:[\s-]+([a-z]+))?\s+)?corner$/.exec(t);
  if (corner) {
    const sides = [corner[1], corner[2]]
      .flatMap((w) => (w ? w.split('-') : []))
      .flatMap((w) => (/^(?:north|south)(?:east|west)$/.test(w) ? [w.slice(0, 5), w.slice(5)] : [w]));
    const read = sides.map((w) => SIDE_WORDS[w]);
    if (read.some((s) => s === undefined || s === 'ahead' || s === 'behind')) return null;
    return { corner: read as Array<Compass | 'far' | 'near'> };
  }
  if (!t || /^(?:you|me|us|the robot|it|them|here|there)$/.test(t)) return null;
  const point = parsePoint(t);
  if (point) return { point };
  const kind = objectKind(t);
  if (kind) return { object: kind, text: t };
  return { said: t };
}

/** "blue ball", "red one", "cube": an object kind; null for any other words (a name for the map). */
function objectKind(t: string): { color?: string; shape?: string } | null {
  const words = t.split(/\s+/).filter((w) => !GENERIC_OBJECT_WORDS.has(w));
  const color = words.find((w) => (COLORS as readonly string[]).includes(w));
  const shape = words.map((w) => SHAPE_WORDS[w]).find(Boolean);
  if (words.length === 0 || words.length !== Number(Boolean(color)) + Number(Boolean(shape))) return null;
  return { ...(color ? { color } : {}), ...(shape ? { shape } : {}) };
}
