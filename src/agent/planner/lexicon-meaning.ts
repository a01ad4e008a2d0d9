import { synsetsOf, synset, type Synset } from './lexicon.js';
import { COLORS, COLOUR_SHADES, SHAPE_WORDS } from './vocabulary.js';

/**
 * What WordNet says a word the planner does not list means, in the planner's own words: a verb
 * as one of the frames' verbs ("haul" → move, "lug" → carry, "snatch" → pick up), a noun as one
 * of the detector's shapes ("orb" → ball, "pipe" → cylinder), a colour word as one of its colours
 * ("crimson" → red, "navy" → blue). Only close links count — a synonym, a direct kind of, or a
 * definition that names the shape — among a word's most frequent senses; when its senses point
 * to two different readings, it has none.
 */
type Frame = 'put' | 'drop' | 'carry' | 'bring' | 'move' | 'go' | 'pick up' | 'find' | 'count' | 'stop' | 'turn';

/** The frames' verbs as WordNet synsets: the lemma and sense that name each. */
const FRAME_SYNSETS: Array<{ lemma: string; sense: number; frame: Frame }> = [
  { lemma: 'put', sense: 1, frame: 'put' }, // put, set, place, pose, position, lay
  { lemma: 'drop', sense: 1, frame: 'drop' }, // let fall to the ground
  { lemma: 'carry', sense: 1, frame: 'carry' }, // transport, carry
  { lemma: 'transport', sense: 1, frame: 'carry' },
  { lemma: 'ship', sense: 1, frame: 'carry' }, // transport, send, ship
  { lemma: 'bring', sense: 1, frame: 'bring' }, // bring, convey, take
  { lemma: 'fetch', sense: 1, frame: 'bring' }, // bring, get, convey, fetch
  { lemma: 'displace', sense: 4, frame: 'move' }, // move, displace: cause to move into a new place
  { lemma: 'locomote', sense: 1, frame: 'go' }, // travel, go, move, locomote
  { lemma: 'get_hold_of', sense: 1, frame: 'pick up' }, // take, get hold of
  { lemma: 'prehend', sense: 1, frame: 'pick up' }, // seize, prehend, clutch
  { lemma: 'pick_up', sense: 1, frame: 'pick up' },
  { lemma: 'lift', sense: 1, frame: 'pick up' }, // raise, lift, elevate
  { lemma: 'remove', sense: 1, frame: 'pick up' }, // remove, take, take away, withdraw
  { lemma: 'look_for', sense: 1, frame: 'find' }, // search, seek, look for
  { lemma: 'locate', sense: 1, frame: 'find' }, // locate, turn up
  { lemma: 'numerate', sense: 1, frame: 'count' }, // count, number, enumerate, numerate
  { lemma: 'halt', sense: 2, frame: 'stop' }, // stop, halt: come to a halt
  { lemma: 'turn', sense: 1, frame: 'turn' }, // change orientation or direction
];

/** Ways of going a robot on wheels has not got: through the air, through water. A verb whose main
 *  sense is one ("fly", "soar", "wing", "swim") is no way of going for it, and stays unread. */
const NOT_ON_WHEELS: Array<{ lemma: string; sense: number }> = [
  { lemma: 'fly', sense: 1 }, // travel through the air; be airborne
  { lemma: 'swim', sense: 1 }, // travel through water
];

/** Frames that take an object somewhere (or, for go, the robot): the ones a destination asks for. */
const DELIVERY = new Set<Frame>(['put', 'drop', 'carry', 'bring', 'move', 'go']);

/** The frames at the root of WordNet's verbs of motion: kinds of kinds of them are still them. */
const ROOTS = new Set<Frame>(['move', 'go']);

/** How many of a word's senses are read (WordNet lists them most frequent first). */
const SENSES = 4;

let frameOf: Map<number, Frame> | undefined;

function frames(): Map<number, Frame> {
  if (!frameOf) {
    frameOf = new Map();
    for (const { lemma, sense, frame } of FRAME_SYNSETS) {
      const s = synsetsOf(lemma, 'verb')[sense - 1];
      if (s) frameOf.set(s.offset, frame);
    }
  }
  return frameOf;
}

let cannotGoOffsets: Set<number> | undefined;

function cannotGo(): Set<number> {
  cannotGoOffsets ??= new Set(NOT_ON_WHEELS.flatMap(({ lemma, sense }) => synsetsOf(lemma, 'verb')[sense - 1]?.offset ?? []));
  return cannotGoOffsets;
}

/** Each hypernym of a synset up to `depth` links, with its distance, nearest first. */
function ancestors(start: Synset, depth: number): Array<{ s: Synset; depth: number }> {
  const out = [{ s: start, depth: 0 }];
  for (let i = 0; i < out.length; i++) {
    const { s, depth: d } = out[i]!;
    if (d < depth) for (const h of s.hypernyms) out.push({ s: synset(h, start.pos), depth: d + 1 });
  }
  return out;
}

/**
 * The frame verb a verb stands for. A sense reads as a frame it is (a synonym) or is a direct
 * kind of ("snatch" → seize → pick up); as moving something or going, also through two links, or
 * three when the clause says where to ("shove it into …": shove → push → move). With a
 * destination, the frames that go somewhere come first; otherwise the most frequent sense wins.
 * Going somewhere is read only where the clause says where.
 */
export function verbMeaning(lemma: string, hasDestination: boolean): Frame | null {
  const main = synsetsOf(lemma, 'verb')[0];
  if (main && ancestors(main, 3).some(({ s }) => cannotGo().has(s.offset))) return null;
  const found: Array<{ frame: Frame; sense: number; depth: number }> = [];
  synsetsOf(lemma, 'verb')
    .slice(0, SENSES)
    .forEach((sense, i) => {
      for (const { s, depth } of ancestors(sense, 3)) {
        const frame = frames().get(s.offset);
        if (!frame || depth > (ROOTS.has(frame) ? (hasDestination ? 3 : 2) : 1)) continue;
        // Moving something and going are the roots of every kind of displacing and travelling ("wash": move by water,
        // "lock": engage), so they and any link beyond a direct kind of count only for a verb's main sense.
        if (i > 0 && (ROOTS.has(frame) || depth > 1)) continue;
        found.push({ frame, sense: i, depth });
        break;
      }
    });
  const wanted = hasDestination && found.some((f) => DELIVERY.has(f.frame)) ? found.filter((f) => DELIVERY.has(f.frame)) : found;
  return wanted[0]?.frame ?? null;
}

type Shape = 'cube' | 'ball' | 'cylinder';
/** Geometric words a noun's hypernym may be (not "box", "can" or "block": kinds of container or thing, not of shape). */
const SHAPE_NAMES: Record<string, Shape> = { cube: 'cube', ball: 'ball', sphere: 'ball', cylinder: 'cylinder', tube: 'cylinder' };
const SHAPE_IN_DEFINITION: Array<[RegExp, Shape]> = [
  [/\b(?:cylindrical|a (?:\w+ )?cylinder)\b/, 'cylinder'],
  [/\b(?:spherical|a (?:\w+ )?sphere)\b/, 'ball'],
  [/\b(?:cube-shaped|cubical|a (?:\w+ )?cube)\b/, 'cube'],
];

function shapeOfSense(s: Synset): Shape | null {
  const own = s.words.map((w) => SHAPE_WORDS[w]).find(Boolean);
  if (own) return own;
  const kindOf = s.hypernyms.flatMap((h) => synset(h, 'noun').words).map((w) => SHAPE_NAMES[w]).find(Boolean);
  if (kindOf) return kindOf;
  const definition = s.gloss.split('"')[0]!;
  return SHAPE_IN_DEFINITION.find(([pattern]) => pattern.test(definition))?.[1] ?? null;
}

/** A noun's singular form in WordNet and whether it was plural ("orbs" → orb). */
function singular(word: string): { lemma: string; plural: boolean } | null {
  const forms = [
    { lemma: word.replace(/ies$/, 'y'), plural: true },
    { lemma: word.replace(/es$/, ''), plural: true },
    { lemma: word.replace(/s$/, ''), plural: true },
  ].filter((f) => f.lemma !== word && f.lemma.length > 2);
  for (const form of [...forms, { lemma: word, plural: false }]) if (synsetsOf(form.lemma, 'noun').length) return form;
  return null;
}

/** The detector shape a noun names ("orb" → ball, "pipes" → cylinder, plural kept), or null. */
export function shapeMeaning(word: string): { shape: Shape; plural: boolean } | null {
  const form = singular(word);
  if (!form) return null;
  const shapes = new Set(synsetsOf(form.lemma, 'noun').slice(0, SENSES).map(shapeOfSense).filter((s): s is Shape => s !== null));
  return shapes.size === 1 ? { shape: [...shapes][0]!, plural: form.plural } : null;
}

const COLOUR_SET = new Set<string>(COLORS);
/** Detector colours a synset's words name, as whole words or parts of compounds ("sky-blue", "blue_green"). */
const coloursNamed = (s: Synset) => new Set(s.words.flatMap((w) => w.split(/[-_]/)).filter((p) => COLOUR_SET.has(p)));

/**
 * The detector colour a colour word names: an adjective sharing a synset with it ("crimson",
 * "scarlet" → red), or a colour noun whose direct kind is that colour ("navy", "azure" → blue,
 * "emerald" → green, "amber" → yellow). A shade that names a second colour ("teal": blue-green) or
 * is a colour of its own ("purple", "pink", "maroon": purplish-red) is no detector colour.
 */
export function colourMeaning(word: string): string | null {
  const found = new Set<string>();
  for (const s of synsetsOf(word, 'adj').slice(0, SENSES)) {
    const named = coloursNamed(s);
    if (s.words.some((w) => COLOUR_SET.has(w)) && named.size === 1) found.add([...named][0]!);
  }
  const noun = nounColour(word);
  if (noun === false) return null;
  if (noun) found.add(noun);
  // "golden" shares its colour sense with "gold", a kind of yellow.
  if (found.size === 0) {
    const main = synsetsOf(word, 'adj')[0];
    for (const w of main?.words ?? []) if (w !== word && nounColour(w)) found.add(nounColour(w) as string);
  }
  if (found.size === 0 && COLOUR_SHADES[word]) found.add(COLOUR_SHADES[word]);
  return found.size === 1 ? [...found][0]! : null;
}

/** The detector colour of a colour noun ("navy" → blue), null when it is none, false when it names two. */
function nounColour(word: string): string | null | false {
  const found = new Set<string>();
  for (const s of synsetsOf(word, 'noun').slice(0, SENSES)) {
    const kind = s.hypernyms.map((h) => synset(h, 'noun')).find((h) => COLOUR_SET.has(h.words[0]!));
    if (!kind) continue;
    const named = coloursNamed(s);
    if (named.size === 0 || (named.size === 1 && named.has(kind.words[0]!))) found.add(kind.words[0]!);
    else return false;
  }
  return found.size === 1 ? [...found][0]! : found.size > 1 ? false : null;
}

/** Whether two place words mean the same place: synonyms ("storeroom", "storage room") or the said word is the named one's kind ("container" for a bin). */
export function samePlaceMeaning(said: string, named: string): boolean {
  const saidNoun = singularNoun(said);
  const saidSenses = new Set(synsetsOf(saidNoun, 'noun').slice(0, SENSES).map((s) => s.offset));
  if (saidSenses.size === 0) return false;
  const namedSenses = synsetsOf(singularNoun(named), 'noun').slice(0, SENSES);
  // "the lifts" for elevators: the zone's own sense (elevator, lift) has the word said, though a
  // lift is more often other things (its eighth sense is the elevator).
  if (namedSenses.some((s) => saidSenses.has(s.offset) || s.words.includes(saidNoun))) return true;
  const first = namedSenses[0];
  return first !== undefined && first.hypernyms.some((h) => saidSenses.has(h));
}

/** The noun WordNet files a word under: itself, or its singular ("lifts", "elevators", "benches"),
 *  as WordNet's index holds base forms only. */
function singularNoun(word: string): string {
  if (synsetsOf(word, 'noun').length > 0) return word;
  const base = [word.replace(/es$/, ''), word.replace(/s$/, '')].find((w) => w !== word && synsetsOf(w, 'noun').length > 0);
  return base ?? word;
}

/** Kinds of premises: a word that is one of these names a whole place people work or live in,
 *  like the room the robot is in ("the clinic", "the garage", "the bakery"), not a part of it. */
const PREMISES = new Set(['building', 'building_complex', 'room', 'establishment', 'institution', 'workplace']);
/** How far up WordNet's kinds a premises word may be ("garage" → outbuilding → building). */
const PREMISES_DEPTH = 4;

/** Whether a noun names premises, by one of its most frequent senses ("clinic", "garage",
 *  "workshop", "classroom", "factory"), read in WordNet rather than listed. */
export function premisesMeaning(noun: string): boolean {
  let level = synsetsOf(noun.replace(/ /g, '_'), 'noun').slice(0, SENSES);
  for (let depth = 0; depth < PREMISES_DEPTH && level.length > 0; depth++) {
    const up = level.flatMap((s) => s.hypernyms.map((h) => synset(h, 'noun')));
    if (up.some((h) => PREMISES.has(h.words[0]!))) return true;
    level = up;
  }
  return false;
}

/** What a robot's battery holds, as WordNet files it: "juice" (electric current; energetic vitality). */
const ENERGY = new Set(['energy', 'current', 'electricity', 'electrical_energy']);

/** Whether a noun means the battery's charge by one of its most frequent senses ("juice",
 *  "electricity", "energy"): itself, or a direct kind of, energy or electric current. */
export function energyMeaning(noun: string): boolean {
  return synsetsOf(noun, 'noun')
    .slice(0, SENSES)
    .some((s) => ENERGY.has(s.words[0]!) || s.hypernyms.some((h) => ENERGY.has(synset(h, 'noun').words[0]!)));
}

/** Whether a word's main sense is a direct kind of something the other word names, in any of its
 *  senses: "room" (an area within a building) is a kind of area, though that is not among the
 *  most frequent senses of "area". */
export function mainSenseKindOf(word: string, kind: string): boolean {
  const main = synsetsOf(word, 'noun')[0];
  return main !== undefined && main.hypernyms.some((h) => synset(h, 'noun').words.includes(kind));
}
