import { createRequire } from 'node:module';
import type nlpType from 'compromise';

/**
 * The language layer under the planner's grammar: compromise reads the instruction as English —
 * tokens, parts of speech, contractions, numbers written as words, verb lemmas — and hands the
 * intent frames (instruction.ts) one canonical form of it, so "it all goes in", "went", "is
 * sitting", "three", "what's" and "uh, like," need no pattern of their own. compromise's tagger
 * unpacks a lexicon when loaded, so it is required on first use, on the planner's path only.
 */
type Nlp = typeof nlpType;
let loaded: Nlp | undefined;

function nlp(): Nlp {
  loaded ??= createRequire(import.meta.url)('compromise') as Nlp;
  return loaded;
}

/** Interjections and courtesies people put around a command; they carry no part of it. */
// Tested on the word as written too: compromise reads "cheers" as the verb "cheer".
const FILLERS = /^(?:uh+|um+|erm?|hmm+|ugh|meh|oh|ah|thanks|thank|ty|ta|cheers|mate|pls|plz|please|kindly|alright|yeah|hi|hello|sorry)$/;
/** Asking whether the robot minds: the request is the gerund that follows ("would you mind putting …"). */
const MIND = /\b(?:would|do|will) you mind\b/gi;
/** Contractions typed without their apostrophe and chat spellings, which compromise leaves as unknown words. */
const BARE_CONTRACTIONS: Record<string, string> = {
  whats: 'what is', thats: 'that is', wheres: 'where is', theres: 'there is', heres: 'here is', hows: 'how is', dont: 'do not',
  doesnt: 'does not', didnt: 'did not', isnt: 'is not', arent: 'are not', cant: 'can not', youre: 'you are',
  u: 'you', ur: 'your', r: 'are', thx: 'thanks', lemme: 'let me', wanna: 'want to', gonna: 'going to', gotta: 'got to',
  ya: 'you', em: 'them', nought: 'zero', naught: 'zero', owt: 'anything', nowt: 'nothing',
};
// "'em" keeps its apostrophe in front: taken with the word, or "them" would be read as a quotation.
const BARE_CONTRACTION = new RegExp(`(?:\\B')?\\b(?:${Object.keys(BARE_CONTRACTIONS).join('|')})\\b`, 'gi');
/** "em" opening a sentence or set off by commas is a hesitation, as "um" is; elsewhere it is "'em", them. */
const HESITATION = /(^|[,.;:!?]\s*)em\b\s*,?/gi;
/** "Room two oh three", "two-oh-one": a number said digit by digit, its zeros as "oh", which is
 *  otherwise an interjection and left out (reading "room 2 3"): the run is read as its digits, "203". */
const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const DIGIT_WORD = `(?:${DIGIT_WORDS.join('|')})`;
const DIGITS_SAID_ONE_BY_ONE = new RegExp(String.raw`\b${DIGIT_WORD}(?:[\s-]+(?:oh?(?=[\s-]+(?:oh?[\s-]+)*${DIGIT_WORD}\b)|${DIGIT_WORD}))+\b`, 'gi');
const spokenZeros = (text: string) =>
  text.replace(DIGITS_SAID_ONE_BY_ONE, (run) => {
    const words = run.toLowerCase().split(/[\s-]+/);
    return words.some((w) => /^oh?$/.test(w)) ? words.map((w) => (/^oh?$/.test(w) ? '0' : String(DIGIT_WORDS.indexOf(w)))).join('') : run;
  });

/** Mass nouns for "whatever objects are there", read as the plural the referring expressions count. */
const MASS_OBJECTS: Record<string, string> = { stuff: 'things' };
/** Hedges that are fillers only when compromise reads them as such ("so", "like", "now"), not as a verb or adverb of the command. */
const HEDGES = /^(?:ok(?:ay)?|so|well|just|like|actually|basically|quickly|now)$/;
/** "Like" after these is the verb of a wish ("I'd like you to …", "would you like to …"), not a
 *  hedge: taken out, "I would like you to go to bin b" had left "i to" to be quoted back. */
const WANTING = new Set(['would', 'should', 'i', 'we']);

/** Verb forms the frames read by their lemma ("goes" → "go", "sitting" → "sit", "dropped" → "drop"). */
const LEMMATIZED = /#(?:PresentTense|PastTense|Gerund|Participle|Infinitive)/;
const KEEP_FORM = new Set(['left', 'is', 'are', 'am', 'was', 'were', 'be', 'been', 'do', 'does', 'did', 'can', 'could', 'will', 'would', 'should', 'has', 'have', 'had', 'holding', 'carrying', 'charging', 'packing', 'loading', 'parking', 'meeting', 'sorting', 'waiting', 'staging', 'shipping', 'receiving', 'finished', 'supposed', 'meant', 'gone']);

export interface Term {
  /** The word as written (lower case), or its lemma when it is an inflected verb. */
  word: string;
  tags: ReadonlySet<string>;
}

/**
 * The instruction as terms: contractions expanded ("what's" → "what is", "don't" → "do not"),
 * cardinal numbers as digits ("zero point three" → "0.3", "room three" → "room 3"; "one" stays
 * a word: "the blue one", "one of the cubes"), fillers left out and inflected verbs as lemmas.
 * Punctuation that separates clauses is kept as its own term.
 */
export function readTerms(text: string, keep: ReadonlySet<string> = new Set()): Term[] {
  const doc = nlp()(spokenZeros(text).replace(MIND, ' ').replace(HESITATION, '$1').replace(BARE_CONTRACTION, (w) => BARE_CONTRACTIONS[w.toLowerCase().replace(/^'/, '')]!));
  doc.contractions().expand();
  (doc.match('#Value+').not('#Ordinal').not('^(one|a|an)$') as typeof doc).numbers().toNumber();
  doc.compute('root');
  const terms: Term[] = [];
  for (const sentence of doc.json({ root: true } as Record<string, boolean>) as Array<{ terms: Array<{ normal: string; root?: string; tags: string[]; pre: string; post: string }> }>) {
    const sentenceStart = terms.length;
    for (const t of sentence.terms) {
      const tags = new Set(t.tags);
      const normal = t.normal.replace(/[’']/g, "'");
      if (/[,;:]|\./.test(t.pre)) terms.push({ word: ',', tags: new Set(['Punctuation']) });
      // "got any balls?" opens with "got": "have you got" said short, a question, never the order "get".
      const opening = normal === 'got' && terms.slice(sentenceStart).every((x) => x.word === ',');
      const inflected = tags.has('Verb') && !opening && !KEEP_FORM.has(normal) && !keep.has(normal) && [...tags].some((tag) => LEMMATIZED.test(`#${tag}`));
      const word = inflected && t.root ? t.root : tags.has('Noun') ? (MASS_OBJECTS[normal] ?? normal) : normal;
      const thanked = word === 'you' && /^thanks?$/.test(t.normal === 'you' ? (sentence.terms[sentence.terms.indexOf(t) - 1]?.normal ?? '') : '');
      const filler = thanked || (!keep.has(normal) && (FILLERS.test(word) || FILLERS.test(normal))) || (HEDGES.test(word) && (tags.has('Expression') || tags.has('Adverb') || (word === 'like' && !WANTING.has(terms.at(-1)?.word ?? '')) || word === 'now'));
      if (!filler) terms.push({ word, tags });
      if (/[,;:!?]|\.(?!\d)|->|→/.test(t.post)) terms.push({ word: /->|→/.test(t.post) ? 'to' : ',', tags: new Set(['Punctuation']) });
    }
    terms.push({ word: ',', tags: new Set(['Punctuation']) });
  }
  while (terms.at(-1)?.word === ',') terms.pop();
  while (terms[0]?.word === ',') terms.shift();
  return terms;
}

/**
 * Words compromise reads as themselves wherever they stand in an instruction (the language tests
 * hold it to that over random orders and the built-in missions). An instruction of only these,
 * numbers in digits and commas already is its canonical text, so it is not parsed: unpacking
 * compromise's lexicon is most of `run`'s start-up, and everyday commands such as "pick up the red
 * cube" need none of it. Plurals, "left" and number words are not here: read as verbs or values
 * in some orders, compromise rewrites them.
 */
export const PLAIN_WORDS: ReadonlySet<string> = new Set(
  `a an the to in into inside on onto at up down of all every each both red green blue yellow cube ball cylinder block box
  pick put go bring find place drop take grab fetch move drive carry deliver bin shelf home charging dock charger then and
  it them is are where what your battery level status you scan look around stop arm disarm reset emergency robot next near
  by zone area room table capture picture photo set max speed turn rotate right back nearest farthest`.split(/\s+/),
);

const NUMBER = /^\d+(?:\.\d+)?$/;

/** The canonical text of an instruction made only of plain words, digits and commas; else undefined. */
export function plainCanonicalText(text: string): string | undefined {
  const clauses = text.toLowerCase().trim().replace(/[?.!]+$/, '').split(/\s*,\s*/).filter(Boolean);
  const words = clauses.map((clause) => clause.split(/\s+/));
  const plain = words.every((clause) => clause.every((word) => PLAIN_WORDS.has(word) || NUMBER.test(word)));
  return plain ? words.map((clause) => clause.join(' ')).join(', ') : undefined;
}

/**
 * The canonical text the frames read: terms joined, a comma between clauses. `placeWords` (the
 * map's zone words) keep the form written: "to cleaning station" is not "to clean station".
 */
export function canonicalText(text: string, placeWords: Iterable<string> = []): string {
  const labelled = text.replace(COORDINATE_LABELS, 'x=$1 y=$2');
  return plainCanonicalText(labelled) ?? parsedCanonicalText(labelled, new Set(placeWords));
}

/** Coordinates with their axes named, as robotics users type them: "x: 9, y: 3", "x = 9; y = 3" (a colon or comma there separates no clauses). */
const COORDINATE_LABELS = /\bx\s*[:=]\s*(-?\d+(?:\.\d+)?)\s*[,;]?\s*(?:and\s+)?y\s*[:=]\s*(-?\d+(?:\.\d+)?)/gi;

/** canonicalText through compromise's reading, for any instruction. */
export function parsedCanonicalText(text: string, placeWords: ReadonlySet<string> = new Set()): string {
  return readTerms(text, placeWords)
    .map((t) => t.word)
    .join(' ')
    .replace(/\s+,/g, ',')
    .replace(/(?:,\s*){2,}/g, ', ')
    .trim();
}
