import { parseObject } from '../referring.js';
import { keepsNegation } from './negation.js';
import type { ParsedGoal } from './goal-types.js';
import { clear, readMisplaced, readSwapStatement, sort, swap } from './compositions.js';
import { readControl } from './controls.js';
import { find, go, pick, place, stay, type Frame } from './motion.js';
import { carriedTo, parsePlace, splitDestination, unknown, withObject } from './phrases.js';
import { readQuestion } from './questions.js';
import { readFacing, readRelativeDrive, readTurn } from './relative-motion.js';
import { bareClause, verbOf, VERB_FRAMES, type FrameName } from './verbs.js';

/**
 * One clause → one goal, by intent frame. The words that carry no part of the command come off
 * first (verbs.ts); questions, the robot's controls and statements ("X is in the wrong bay", "X
 * goes in Z") are read whole; otherwise the clause's verb, by its lemma, opens the frames it can
 * mean, and the phrases after it (the object, "to/into/next to Z", "from Z") decide which. A
 * clause none of them accounts for is returned as not understood, quoting it.
 */
const FRAMES: Partial<Record<FrameName, Frame>> = { go, pick, place, find, count: find, describe: find, stay, swap, clear, sort };

export function parseClause(clause: string, zoneWords: ReadonlySet<string> = new Set()): ParsedGoal {
  const said = clause.replace(/\s+/g, ' ').trim();
  // "I can't find the yellow cube": asking for it to be found.
  const lost = /^(?:i|we) (?:can not|cannot|could not|do not|did not) (?:find|see|locate|spot) (.+)$/.exec(said);
  if (lost) return readQuestion(`where is ${lost[1]}`) ?? unknown(said);
  // "don't move", "do not go anywhere": stay where it is.
  if (/^(?:do not|don't|dont) (?:move|go anywhere|leave)(?: from here| from there)?$/.test(said)) return { kind: 'stay' };
  // "quietly": the robot cannot lower the noise it makes, and a manner it cannot keep is not dropped.
  const unheard = /\b(?:quietly|silently|noiselessly|without (?:making )?(?:a |any |much )?(?:noise|sound|racket)|(?:make|making) no (?:noise|sound))\b/.exec(said);
  if (unheard) return unknown(said, `I cannot keep to "${unheard[0]}" in "${said}": I have no control over the noise I make; say it again without it if the noise is all right`);
  // A negation the constraints did not take would be silently dropped by the frames.
  if (keepsNegation(said)) return unknown(said, `I do not understand "${said}", and I will not guess what to leave out`);
  const c = bareClause(said);
  if (!c) return unknown(said);
  const whole = readQuestion(c, zoneWords) ?? readRelativeDrive(c) ?? readTurn(c) ?? readFacing(c) ?? readControl(c) ?? readMisplaced(c) ?? readSwapStatement(c) ?? placeAlone(c, zoneWords) ?? caused(c) ?? toBeDone(c, zoneWords);
  if (whole) return whole.kind === 'unknown' ? unknown(said, whole.reason.replace(`"${c}"`, `"${said}"`)) : whole;
  // "blue cube checkout", "take blue cube checkout": a place said last with no word for "to".
  const to = toPlaceSaidLast(c, zoneWords);
  if (to) return parseClause(to, zoneWords);
  const verb = verbOf(c);
  if (!verb || verb.index > 0) return verbless(c) ?? wanted(c) ?? unknown(said, verb ? `I do not understand "${c.split(' ').slice(0, verb.index).join(' ')}" in "${said}"` : undefined);
  const rest = c.split(' ').slice(1).join(' ');
  let firstProblem: ParsedGoal | null = null;
  for (const name of VERB_FRAMES[verb.lemma]!) {
    const goal = FRAMES[name]?.(verb.lemma, rest, said) ?? null;
    if (goal && goal.kind !== 'unknown') return goal;
    firstProblem ??= goal;
  }
  return firstProblem ?? unknown(said);
}

/** The clause with "to" before the zone words it ends with, when an object and no preposition stand before them. */
function toPlaceSaidLast(c: string, zoneWords: ReadonlySet<string>): string | null {
  const words = c.split(' ');
  let i = words.length;
  // A zone word that is also a preposition ("in" of goods_in) is part of the place only after
  // another of its words: "put the cube in aisle 2" has its "in", and is no place "in aisle 2".
  const preposition = (k: number) => /^(?:in|into|on|onto|to|at|by|out|off|up|down)$/.test(words[k]!) && !(k > 0 && zoneWords.has(words[k - 1]!));
  while (i > 0 && (zoneWords.has(words[i - 1]!) || /^\d+$/.test(words[i - 1]!)) && !preposition(i - 1)) i--;
  if (i === words.length || !words.slice(i).some((w) => zoneWords.has(w))) return null;
  const head = words.slice(0, i).join(' ').replace(/\s+the$/, '');
  const verb = /^(?:put|place|take|bring|move|carry|drop|deliver)\s+/.exec(head)?.[0] ?? '';
  // Any word for where ("in the right bay", "from the sink") says it already.
  if (/\b(?:in|into|on|onto|to|at|inside|from|by|near|of|off|out|towards?)\b|\bthe$/.test(head) || !head.slice(verb.length)) return null;
  const object = parseObject(head.slice(verb.length));
  return 'reason' in object || object.pronoun ? null : `${verb || ''}${head.slice(verb.length)} to ${words.slice(i).join(' ')}`;
}

/** A place alone ("meeting room.") is where to go. */
function placeAlone(c: string, zoneWords: ReadonlySet<string>): ParsedGoal | null {
  // "bin_a." as well as "bin a.": the map's own name typed as it is.
  const words = c.split(/[ _]/);
  const all = words.every((w) => zoneWords.has(w) || /^(?:the|zone|area|\d+)$/.test(w));
  return all && words.some((w) => zoneWords.has(w)) ? { kind: 'goto', target: { said: c.replace(/^the\s+/, '') } } : null;
}

/**
 * Said between an object and where it goes: "X goes in Z", "X needs to go to Z", "X should be
 * moved to Z", "X is to go in Z" — and where it ought to be, which asks for it to be put there:
 * "X should be in Z", "X wants to be in Z", "X is meant to be on Z" ("X's meant to" is read as
 * "has mean to"). "X could be in Z" and "X must be in Z" guess where it is, and ask nothing.
 */
const LINK =
  /\s+(?:(?:(?:should|must|can|could|will|would)\s+(?:be\s+)?|(?:needs?|has|have|ought|wants?)\s+to\s+(?:be\s+)?|needs?\s+(?:to\s+)?(?=move|put|taken|carried)|(?:is|are)\s+(?:supposed\s+|meant\s+|going\s+)?to\s+(?:be\s+)?)?(?:go|belong|live|end up|sit|stay|move|moved|put|taken|brought|carried|delivered|placed|dropped|returned)|(?:should|(?:needs?|has|have|ought|wants?)\s+to|(?:is|are|has|have)\s+(?:supposed|meant|mean|going)\s+to)\s+be)$/;

/** "the returns cart needs emptying", "the table should be cleared", "the shelf needs tidying up": that done to the place. */
function toBeDone(c: string, zoneWords: ReadonlySet<string>): ParsedGoal | null {
  const m = /^(.+?) (?:needs?|wants?|has to be|have to be|should be|must be|ought to be|is to be|needs? to be) (empty|clear|clean|tidy|sort)(?:ing|ed)?(?: out| up| off)?$/.exec(c);
  return m && m[1]!.split(' ').some((w) => zoneWords.has(w)) ? parseClause(`${m[2]} ${m[1]}`, zoneWords) : null;
}

/**
 * Where an object is to end up, said through another verb: "make the red cube go to Z", "have
 * the balls moved to Z", "can the red cube go on Z" (a request put as a question).
 */
function caused(c: string): ParsedGoal | null {
  const m = /^(?:make|have|let|get|can|could|may|should|will|would|shall)\s+(.+?\s+(?:go|be|get|move|moved|put|taken|brought|placed|end up)\s.+)$/.exec(c);
  return m ? verbless(m[1]!.replace(/\s(?:be|get)\s+(?=(?:moved|put|taken|brought|placed)\s)/, ' ').replace(/\sget\s+(?=(?:to|into|in|onto|on)\s)/, ' go ')) : null;
}

/** No verb: "yellow cylinder to the packing area", "both red cubes go in the red bay", "it all goes in the outbox". */
function verbless(c: string): ParsedGoal | null {
  const split = splitDestination(c);
  if (!split) return null;
  // "to the counter", "over to the sink": where to go.
  if (!split.object) return /^(?:to|towards)$/.test(split.preposition) ? (carriedTo(split.target, c) ?? goTo(parsePlace(split.target, split.preposition))) : null;
  // "any balls in the waste bin": asking whether there are, not where they go.
  if (/^any\b/.test(split.object) && /^(?:in|inside|on|at)$/.test(split.preposition)) return withObject(`${split.object} in ${split.target}`, c, (object) => ({ kind: 'find', object }));
  const objectText = split.object.replace(LINK, '');
  // "the red cube is in bin a" says where it is; it asks nothing to be done.
  if (/\s(?:is|are|was|were)$/.test(objectText)) return null;
  const bare = objectText.replace(/\s+(?:all|both)$/, '');
  const object = parseObject(bare);
  if ('reason' in object) return null;
  const target = parsePlace(split.target, split.preposition);
  if ('reason' in target) return null;
  const all = bare !== objectText ? { all: true } : {};
  return { kind: 'place', object: { ...object, ...all }, target };
}

function goTo(place: ReturnType<typeof parsePlace>): ParsedGoal | null {
  return 'said' in place || 'home' in place || 'point' in place ? { kind: 'goto', target: place } : null;
}

/** "I'd like the red cube in bin a", "we need the blue cube over in the loading bay". */
function wanted(c: string): ParsedGoal | null {
  const m = /^(?:(?:i|we)\s+)?(?:would|want|need|'d|(?:am|are) (?:need|want)(?:ing)?)(?:\s+(?:like|love|want|need))?\s+(.+)$/.exec(c);
  if (m) return verbless(m[1]!);
  // "could I get the red ball at the checkout", "can I have the red ball": to there, or to whoever asks.
  const asked = /^(?:could|can|may) (?:i|we) (?:get|have|borrow)\s+(.+)$/.exec(c);
  if (!asked) return null;
  return verbless(asked[1]!) ?? withObject(asked[1]!, c, (object) => ({ kind: 'place', object, target: { home: true } }));
}

