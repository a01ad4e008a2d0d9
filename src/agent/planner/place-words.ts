import { mainSenseKindOf, samePlaceMeaning } from './lexicon-meaning.js';
import distance from 'damerau-levenshtein';
import { closestWord } from './spelling.js';
import { ZONE_SYNONYMS } from './vocabulary.js';

/**
 * Place words → a zone of this map. The map's own names come first: the exact name ("bin_a",
 * "bin a"), the name without a generic word ("packing" for packing_area, "the red zone" for
 * red_zone), a part of a name when only one zone has it ("loading" when there is one loading_*),
 * each word allowing a small typo; the built-in synonyms ("charger", "the first bin") only when no
 * zone of the map matches by name; last, what WordNet says the words mean ("storeroom" for
 * storage_room, "the container" for the one bin). Two equally good zones are never picked between.
 */
export type ZoneMatch = { zone: string } | { ambiguous: string[] } | { none: true };

const GENERIC = new Set(['zone', 'area', 'region', 'spot', 'place', 'the', 'station', 'point', 'location']);
const NUMBER_WORDS: Record<string, string> = {
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  // "the third room" is room_3.
  first: '1', second: '2', third: '3', fourth: '4', fifth: '5', sixth: '6', seventh: '7', eighth: '8', ninth: '9', tenth: '10',
};

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => NUMBER_WORDS[w] ?? w.replace(/^(\d+)(?:st|nd|rd|th)$/, '$1'));
}

const core = (ws: string[]) => ws.filter((w) => !GENERIC.has(w));

const sameWord = (said: string, named: string) => said === named || closestWord(said, [named]) === named || gerundOf(said, named);

/**
 * "Charge" for the "charging" of charging_dock: the language layer reads a verb's -ing form as its
 * lemma unless the form is a word of the map, so a slip in it ("cahrging") arrives as "charge".
 */
function gerundOf(lemma: string, named: string): boolean {
  if (!named.endsWith('ing') || lemma.length < 3) return false;
  return [`${lemma}ing`, `${lemma.replace(/e$/, '')}ing`, `${lemma}${lemma.at(-1)}ing`].includes(named);
}

/**
 * A three-letter word one edit from a longer word of the zone's name ("cold rom" for cold_room):
 * alone it could be many words, so only when every other word said is a word of that name too.
 */
function shortTypo(said: string, named: string, saidCore: readonly string[], namedCore: readonly string[]): boolean {
  if (said.length !== 3 || named.length < 4 || /\d/.test(said) || saidCore.length < 2) return false;
  const others = saidCore.filter((w) => w !== said);
  return others.length > 0 && others.every((w) => namedCore.some((n) => n !== named && sameWord(w, n))) && distance(said, named).steps === 1;
}

/** The words of the map's zone names, for reading typos against them. */
export function zoneWords(zones: readonly string[]): string[] {
  return [...new Set(zones.flatMap(words))];
}

export function resolveZone(said: string, zones: readonly string[]): ZoneMatch {
  const saidWords = words(said);
  const exact = zones.find((z) => words(z).join('_') === saidWords.join('_'));
  if (exact) return { zone: exact };
  const saidCore = core(saidWords);
  if (saidCore.length === 0) return { none: true };
  const sameCore = zones.filter((z) => core(words(z)).join('_') === saidCore.join('_'));
  if (sameCore.length) return pick(sameCore);
  // "store room" for storeroom, "storeroom" for store_room.
  const compound = zones.filter((z) => core(words(z)).join('') === saidCore.join(''));
  if (compound.length) return pick(compound);
  // Every word said is a word of the zone's name; the fewer words left over, the better.
  const partial = zones
    .map((z) => ({ z, named: core(words(z)) }))
    .filter(({ named }) => saidCore.every((w) => named.some((n) => sameWord(w, n) || shortTypo(w, n, saidCore, named))))
    .map(({ z, named }) => ({ z, left: named.length - saidCore.length }));
  if (partial.length) {
    const fewest = Math.min(...partial.map((p) => p.left));
    return pick(partial.filter((p) => p.left === fewest).map((p) => p.z));
  }
  const kindOfGeneric = zones.filter((z) => kindOfGenericWord(saidCore, words(z)));
  if (kindOfGeneric.length) return pick(kindOfGeneric);
  const spoken = said.toLowerCase().split(/[\s_-]+/).filter(Boolean).join(' ');
  const synonym = ZONE_SYNONYMS.find(([pattern, zone]) => pattern.test(spoken) && zones.includes(zone));
  if (synonym) return { zone: synonym[1] };
  const meant = zones.filter((z) => meansZone(saidCore, core(words(z))));
  return meant.length ? pick(meant) : { none: true };
}

/**
 * "The waiting room" for waiting_area, "the sterilisation room" for sterilisation_area: a word
 * said that WordNet files as a kind of the generic word of the zone's name (a room is an area)
 * stands for that word, and the rest said is the rest of the name.
 */
function kindOfGenericWord(said: string[], named: string[]): boolean {
  const generic = named.filter((w) => GENERIC.has(w) && w !== 'the');
  if (generic.length === 0) return false;
  const rest = said.filter((w) => !generic.some((g) => mainSenseKindOf(w, g)));
  const namedCore = core(named);
  return rest.length > 0 && rest.length < said.length && rest.length === namedCore.length && rest.every((w, i) => sameWord(w, namedCore[i]!));
}

/** Whether the words said mean the zone's name, as a whole ("storeroom": storage_room) or word by word ("container": bin). */
function meansZone(said: string[], named: string[]): boolean {
  if (said.some((w) => /^\d+$/.test(w))) return false;
  if (samePlaceMeaning(said.join('_'), named.join('_'))) return true;
  return said.every((w) => named.some((n) => sameWord(w, n) || (!/^\d+$/.test(n) && samePlaceMeaning(w, n))));
}

function pick(candidates: string[]): ZoneMatch {
  return candidates.length === 1 ? { zone: candidates[0]! } : { ambiguous: candidates };
}

/** "bin_a, bin_b and shelf". */
export function listNames(names: readonly string[], joiner = 'and'): string {
  return names.length <= 1 ? (names[0] ?? 'none') : `${names.slice(0, -1).join(', ')} ${joiner} ${names.at(-1)}`;
}
