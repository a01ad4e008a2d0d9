import { readFileSync } from 'node:fs';
import distance from 'damerau-levenshtein';
import wordListPath from 'word-list';

/**
 * Small typos, read as the word meant: a word the planner does not know is read as the one known
 * word within reach — one edit for words of 4 to 7 letters, two for 8 or more (a swapped pair of
 * letters is one edit), and for 3-letter words only a swapped pair ("teh"). When two known words
 * are equally close, the word is left as typed and the grammar reports it as not understood. A
 * real English word is never read as another ("many" is not a typo of "any").
 */
export interface Reading {
  said: string;
  read: string;
}

function reach(word: string): number {
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

const sameLetters = (a: string, b: string) => [...a].sort().join('') === [...b].sort().join('');

/** The known word a typed word stands for, or null when it is not within reach of exactly one. */
export function closestWord(word: string, known: Iterable<string>): string | null {
  let best: string[] = [];
  let bestSteps = Infinity;
  for (const candidate of known) {
    if (Math.abs(candidate.length - word.length) > 2) continue;
    const { steps } = distance(word, candidate);
    const allowed = word.length === 3 && candidate.length === 3 && sameLetters(word, candidate) ? 1 : reach(word);
    if (steps > allowed || steps > bestSteps) continue;
    if (steps < bestSteps) best = [];
    bestSteps = steps;
    best.push(candidate);
  }
  return best.length === 1 ? best[0]! : null;
}

let english: Set<string> | undefined;

/** Whether this is an English word (the list is read the first time a word is not the planner's own). */
function isEnglish(word: string): boolean {
  english ??= new Set(readFileSync(wordListPath, 'utf8').split('\n'));
  return english.has(word);
}

/**
 * A word right before a shape word is read as a colour when it is one edit from exactly one
 * ("gren cube"), even when it happens to be a rare English word: there it can only be a colour.
 */
export function correctColours(text: string, colours: readonly string[], readings: Reading[]): string {
  return text.replace(/\b([a-z]{4,}) (?=(?:cubes?|balls?|cylinders?|blocks?|boxes?|spheres?|cans?)\b)/g, (m, word: string) => {
    if (colours.includes(word)) return m;
    const read = closestWord(word, colours);
    if (!read) return m;
    readings.push({ said: word, read });
    return `${read} `;
  });
}

/** Rewrites each unknown word of `text` as the known word it stands for, and says which it read. */
export function correctSpelling(text: string, known: ReadonlySet<string>): { text: string; readings: Reading[] } {
  const readings: Reading[] = [];
  const corrected = text.replace(/[a-z]+/g, (word) => {
    if (known.has(word) || word.length < 3 || isEnglish(word)) return word;
    const read = closestWord(word, known);
    if (!read) return word;
    if (!readings.some((r) => r.said === word)) readings.push({ said: word, read });
    return read;
  });
  return { text: corrected, readings };
}
