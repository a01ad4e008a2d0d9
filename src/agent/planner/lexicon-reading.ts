import { VERB_FRAMES } from './frames/verbs.js';
import { colourMeaning, shapeMeaning, verbMeaning } from './lexicon-meaning.js';
import { closestWord, type Reading } from './spelling.js';
import { COLORS, GENERIC_OBJECT_WORDS, PLURAL_SHAPE_WORDS, SHAPE_WORDS } from './vocabulary.js';

/**
 * Words the planner does not list, read through WordNet (lexicon-meaning.ts) where they stand:
 * a word opening a clause as a verb ("haul the cube to bin a" → move), a word before an object
 * word as a colour ("the crimson ball" → red), a word where an object is named as a shape ("the
 * orb" → ball). A reading is kept only when the grammar then reads more of the instruction, and
 * only words of clauses the grammar did not read are looked at: WordNet never overrides the
 * grammar, and an instruction the grammar reads never opens the dictionary.
 */
const TOKEN = /[a-z]+(?:-[a-z]+)*|\d+(?:\.\d+)?|,/g;
/** Words after which a clause's verb comes. */
const CLAUSE_OPENERS = new Set([',', 'and', 'then', 'also', 'now', 'first', 'just', 'please', 'next', 'finally', 'afterwards', 'so']);
const PARTICLES = new Set(['up', 'out', 'down', 'off', 'away', 'over', 'back', 'around']);
const DESTINATION = /\b(?:to|into|in|inside|onto|on|at|towards?)\b/;
/** Words that stand before an object's name. */
const DETERMINERS = new Set(['the', 'a', 'an', 'all', 'every', 'each', 'both', 'some', 'any', 'that', 'this', 'those', 'these', 'my', 'your', 'other', 'another', ...COLORS]);
/** Prepositions after which a noun names a place, not an object (objects are "next to", "near", "by" or "beside" it). */
const PLACE_PREPOSITIONS = new Set(['in', 'into', 'inside', 'on', 'onto', 'to', 'at', 'from', 'off', 'towards', 'toward', 'of', 'through', 'via', 'avoid']);
/** An object named after a relation to it ("next to the orb"). */
const RELATED = /\b(?:next to|near|beside|by|close to)(?: (?:the|a|an|that|this|red|green|blue|yellow))*$/;
const objectWord = (w: string | undefined) => w !== undefined && (SHAPE_WORDS[w] !== undefined || GENERIC_OBJECT_WORDS.has(w) || w === 'ones');

interface Token {
  word: string;
  index: number;
}

function tokens(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ word: m[0], index: m.index }));
}

/** The rest of the clause after token i (up to the next comma or "then"). */
function restOfClause(ts: Token[], i: number): string {
  const end = ts.findIndex((t, j) => j > i && (t.word === ',' || t.word === 'then'));
  return ts.slice(i + 1, end < 0 ? undefined : end).map((t) => t.word).join(' ');
}

/** Whether the noun at token i names an object: after a determiner, a number or an object relation, not after a place preposition. */
function namesObject(ts: Token[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (DETERMINERS.has(ts[j]!.word) || /^\d/.test(ts[j]!.word))) j--;
  const before = ts[j]?.word;
  if (j === i - 1) return false;
  return before === undefined || !PLACE_PREPOSITIONS.has(before) || ts[j - 1]?.word === 'next';
}

/** What the word at token i reads as in place: { words replaced, the new text, what it was read as }. */
function meaningAt(ts: Token[], i: number): { span: number; text: string; read: string } | null {
  const { word } = ts[i]!;
  const next = ts[i + 1]?.word;
  if (i === 0 || CLAUSE_OPENERS.has(ts[i - 1]!.word)) {
    const particle = next !== undefined && PARTICLES.has(next);
    const phrasal = particle ? verbMeaning(`${word}_${next}`, DESTINATION.test(restOfClause(ts, i + 1))) : null;
    const frame = phrasal ?? verbMeaning(word, DESTINATION.test(restOfClause(ts, i)));
    // Going is read only where the clause says where to ("follow me" is not "go").
    if (frame && !(frame === 'go' && !DESTINATION.test(restOfClause(ts, i)))) return verbAt(ts, i, frame, phrasal ? 2 : 1);
    // A clause may open with its object ("navy cube to the shelf"): the word is then read as a colour or a shape below.
    if (!objectWord(next)) return null;
  }
  if (objectWord(next) || (next !== undefined && shapeMeaningOf(next))) {
    const colour = colourMeaning(word);
    if (colour) return { span: 1, text: colour, read: colour };
  }
  if (namesObject(ts, i)) {
    const shape = shapeMeaning(word);
    if (shape) return { span: 1, text: shape.plural ? `${shape.shape}s` : shape.shape, read: shape.shape };
    // Where only an object's name can stand (not "the tall one"), an English word one slip from a shape word is that word ("the cubs" → cubes).
    const typed = objectWord(next) ? null : closestWord(word, SHAPE_KEYS.filter((k) => PLURAL_SHAPE_WORDS.has(k) === word.endsWith('s')));
    if (typed) return { span: 1, text: typed, read: typed };
  }
  return null;
}

/** The verb at token i read as a frame's verb, over `span` words (a phrasal verb's particle too). */
function verbAt(ts: Token[], i: number, frame: NonNullable<ReturnType<typeof verbMeaning>>, span: number): { span: number; text: string; read: string } {
  const destination = DESTINATION.test(restOfClause(ts, i + span - 1));
  const after = ts[i + span]?.word;
  const objectless = after === undefined || after === ',' || PLACE_PREPOSITIONS.has(after) || PARTICLES.has(after);
  const verb = frameVerb(frame, destination, objectless);
  return { span, text: verb, read: verb };
}

/**
 * The verb the frames read for a frame: without a destination, carrying or bringing something is
 * first taking hold of it; with nothing to carry ("park at the charger"), a verb of putting
 * somewhere is the robot going there.
 */
function frameVerb(frame: NonNullable<ReturnType<typeof verbMeaning>>, destination: boolean, objectless: boolean): string {
  if (objectless && ['put', 'drop', 'carry', 'bring', 'move'].includes(frame)) return 'go';
  if (!destination && frame === 'carry') return 'pick up';
  if (!destination && frame === 'bring') return 'fetch';
  return frame;
}

const SHAPE_KEYS = Object.keys(SHAPE_WORDS);
const shapeMeaningOf = (w: string) => (/^[a-z]{3,}$/.test(w) ? shapeMeaning(w) : null);

/** The greedy pass: each candidate word read in turn, kept when the grammar then reads no fewer clauses. */
function readGreedily(text: string, isCandidate: (w: string) => boolean, openWords: ReadonlySet<string>, unread: (text: string) => string[], banned: ReadonlySet<string>) {
  let current = text;
  let open = unread(text).length;
  const made: Reading[] = [];
  for (let i = 0; ; i++) {
    const ts = tokens(current);
    if (i >= ts.length) break;
    const t = ts[i]!;
    // An object next to which something goes is read as a place when its word is unknown, so the clause reads either way.
    if (!isCandidate(t.word) || banned.has(t.word) || !(openWords.has(t.word) || related(ts, i))) continue;
    const meaning = meaningAt(ts, i);
    if (!meaning) continue;
    const last = ts[i + meaning.span - 1]!;
    const next = current.slice(0, t.index) + meaning.text + current.slice(last.index + last.word.length);
    const left = unread(next).length;
    if (left > open) continue;
    made.push({ said: current.slice(t.index, last.index + last.word.length), read: meaning.read });
    current = next;
    open = left;
  }
  return { text: current, open, made };
}

const related = (ts: Token[], i: number) => RELATED.test(ts.slice(Math.max(0, i - 4), i).map((t) => t.word).join(' '));

/**
 * `text` with the words WordNet reads rewritten, and each reading added to `readings`.
 * `unread(text)` lists the clauses of a text the grammar does not read. A reading the grammar
 * is no better off for is dropped ("lock the shelf" is not "move the shelf"), so what is refused
 * is quoted as it was said.
 */
export function readByMeaning(text: string, known: ReadonlySet<string>, readings: Reading[], unread: (text: string) => string[]): string {
  // The frames' own verbs are theirs to read, even in a clause no frame could read ("swap all the cubes with …").
  const isCandidate = (w: string) => /^[a-z]{3,}(?:-[a-z]+)*$/.test(w) && !known.has(w) && !Object.hasOwn(VERB_FRAMES, w);
  const first = tokens(text);
  if (!first.some((t) => isCandidate(t.word))) return text;
  const before = unread(text);
  if (before.length === 0 && !first.some((t, i) => isCandidate(t.word) && related(first, i))) return text;
  const openWords = new Set(before.join(' ').split(/[\s,]+/));
  const banned = new Set<string>();
  let best = readGreedily(text, isCandidate, openWords, unread, banned);
  for (const reading of best.made) {
    const word = reading.said.split(' ')[0]!;
    if (!openWords.has(word)) continue;
    const without = readGreedily(text, isCandidate, openWords, unread, new Set([...banned, word]));
    if (without.open <= best.open) {
      banned.add(word);
      best = without;
    }
  }
  const improved = best.open < before.length || best.made.some((r) => !openWords.has(r.said));
  if (!improved) return text;
  readings.push(...best.made);
  return best.text;
}
