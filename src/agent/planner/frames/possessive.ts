import { GENERIC_OBJECT_WORDS, PLURAL_SHAPE_WORDS, SHAPE_WORDS } from '../vocabulary.js';

/**
 * "the ice machine's yellow ball", "bench 4's green cylinder", "the sofa's ball": an object named
 * by the place it lies in, said as a possessive, read as "the yellow ball from the ice machine".
 * Only when the words before "'s" are words of this map's zone names and the words after it end in
 * an object word within four words, so "the robot's battery", "the teacher's desk" or a place the
 * map does not have stay as said (and are read, or refused, as such).
 */
const OBJECT_WORDS = new Set([...Object.keys(SHAPE_WORDS), ...PLURAL_SHAPE_WORDS, ...GENERIC_OBJECT_WORDS, 'ones']);

/** A word of a zone's name as said: "teacher's" is "teachers" (teachers_desk), a number is a zone's number. */
const zoneWord = (w: string, zoneWords: ReadonlySet<string>) => zoneWords.has(w.toLowerCase().replace(/'/g, '')) || /^\d+$/.test(w);

export function possessivePlaces(text: string, zoneWords: ReadonlySet<string>): string {
  const marks = [...text.matchAll(/'s(?=\s+[a-z])/gi)].map((m) => m.index!);
  let out = text;
  // Right to left, so an earlier possessive ("the teacher's desk's ball") is read with the place it names.
  for (const at of marks.reverse()) {
    const owner = out.slice(0, at).split(' ');
    const after = out.slice(at + 2).trimStart().split(' ');
    const n = after.slice(0, 4).findIndex((w) => OBJECT_WORDS.has(w.toLowerCase().replace(/[^a-z]/g, '')));
    if (n < 0) continue;
    let i = owner.length;
    while (i > 0 && owner.length - i < 4 && zoneWord(owner[i - 1]!, zoneWords)) i--;
    // An article is a word of some zone names ("by_the_door") but opens the place, not part of it.
    while (i < owner.length && /^(?:the|a|an)$/i.test(owner[i]!)) i++;
    const place = owner.slice(i);
    // A number alone names no place.
    if (!place.some((w) => zoneWords.has(w.toLowerCase().replace(/'/g, '')))) continue;
    const before = owner.slice(0, i);
    const article = /^(?:the|a|an)$/i.test(before.at(-1) ?? '') ? before.pop()! : 'the';
    const object = after.slice(0, n + 1).join(' ').replace(/([,.;:!?]+)$/, '');
    const stop = after[n]!.match(/[,.;:!?]+$/)?.[0] ?? '';
    out = [...before, article, object, 'from the', place.join(' ').replace(/'/g, '') + stop, ...after.slice(n + 1)].join(' ');
  }
  return out;
}
