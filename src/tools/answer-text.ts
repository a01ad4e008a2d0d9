/**
 * Reading the facts a mission's answer states — numbers, positions, words — so a judge can check
 * a question's answer against the simulator's truth. Lenient about form ("three", "3", "(2.5,
 * 4)"), strict about content: a number that is part of a zone's name ("room 2") or of a
 * coordinate pair is not a count.
 */

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, no: 0, none: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100,
};

const POINT = /\(\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)/g;

/** Points written "(x, y)" in the text. */
export function answerPositions(text: string): Array<{ x: number; y: number }> {
  return [...text.matchAll(POINT)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
}

/** Ways a zone's name can be written: "room_2", "room 2", "room two". */
function zoneSpellings(zone: string): string[] {
  const spaced = zone.replace(/_/g, ' ');
  const worded = spaced.replace(/\d+/g, (d) => Object.keys(NUMBER_WORDS).find((w) => NUMBER_WORDS[w] === Number(d) && w !== 'no' && w !== 'none') ?? d);
  return [...new Set([zone, spaced, worded])];
}

/** The numbers the text states, as digits ("3", "30%") or words ("three", "twenty five"),
 *  leaving out coordinates and numbers inside this map's zone names. */
export function answerNumbers(text: string, zoneNames: readonly string[]): number[] {
  let rest = text.toLowerCase().replace(POINT, ' ');
  for (const spelling of zoneNames.flatMap(zoneSpellings).sort((a, b) => b.length - a.length)) rest = rest.split(spelling).join(' ');
  const found: number[] = [];
  const tokens = rest.split(/[^a-z0-9.%-]+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.replace(/[%.]+$/, '');
    if (/^-?\d+(\.\d+)?$/.test(t)) {
      found.push(Number(t));
      continue;
    }
    const parts = t.split('-');
    if (!parts.every((p) => p in NUMBER_WORDS)) continue;
    let n = parts.reduce((s, p) => s + NUMBER_WORDS[p]!, 0);
    // "twenty five" written as two words
    const next = tokens[i + 1];
    if (n >= 20 && n % 10 === 0 && next && next in NUMBER_WORDS && NUMBER_WORDS[next]! < 10) {
      n += NUMBER_WORDS[next]!;
      i++;
    }
    found.push(n);
  }
  return found;
}

/** Whether the text mentions the word, or one of "a|b"; underscores and spaces are the same. */
export function answerMentions(text: string, word: string): boolean {
  const normal = (s: string) => s.toLowerCase().replace(/_/g, ' ');
  const hay = normal(text);
  return word.split('|').some((w) => new RegExp(`\\b${normal(w).replace(/[.*+?^${}()[\]\\]/g, '\\$&')}`).test(hay));
}
