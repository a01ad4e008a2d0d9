import { extractConstraints, type Constraint } from './constraints.js';
import { keepBatteryBounds, splitOnCondition } from './frames/conditions.js';
import { joinedComparison } from './frames/distance-questions.js';
import { clauseGoals } from './frames/compose.js';
import { normalizeInstruction, splitClauses } from './frames/clauses.js';
import { keepCorrectionMarkers } from './frames/corrections.js';
import { possessivePlaces } from './frames/possessive.js';
import { VERB_START } from './frames/verbs.js';
import { canonicalText } from './language.js';
import { readByMeaning } from './lexicon-reading.js';
import type { ParsedGoal } from './frames/goal-types.js';
import { correctColours, correctSpelling, type Reading } from './spelling.js';
import { COLORS, GENERIC_OBJECT_WORDS, GRAMMAR_WORDS, PLURAL_SHAPE_WORDS, SHAPE_WORDS, UNKNOWN_COLORS } from './vocabulary.js';

/**
 * Instruction → parsed goals, for the offline planner. The language layer (language.ts) hands a
 * canonical text (verbs as lemmas, numbers as digits); typos are read as the words meant;
 * constraints ("without charging", "don't go through …") are taken out; the rest is split into
 * clauses, and each clause is read by an intent frame (frames/): go, pick, place/bring, find,
 * count, describe, charge, stop, set, rotate, capture, and the compositions swap, clear and sort.
 * Places stay as the words said (`{ said }`): grounding (grounding.ts) resolves them against the
 * map. Anything else becomes an `unknown` goal, which the planner reports instead of guessing.
 */
export type { ObjectQuery } from './referring.js';
export { normalizeInstruction, splitClauses } from './frames/clauses.js';
export { parseClause } from './frames/clause.js';

export type { Goal, MapPlace, ParsedGoal, Place, SpokenPlace } from './frames/goal-types.js';

export interface ParsedInstruction {
  goals: ParsedGoal[];
  /** Words read as others ("teh" as "the"), for the narration. */
  readings: Reading[];
}

/** Remarks about the situation ("it is dark", "you are running low") and "any of them": said as read, not obeyed. */
const REMARK =
  /^(?:it is|you are|i am|we are|(?:the |your )?battery is|the room is|the lights? (?:is|are)) (?:(?:very|really|quite|so|a bit|get|getting|almost|nearly|run|running) )*(?:dark|dim|bright|low|late|empty|flat|low on (?:battery|power|charge))$|^(?:go easy|easy does it|take it easy|(?:be )?careful(?: now)?|one (?:by one|at a time|after (?:the )?other)|do me a fav(?:ou)?r|any(?: \d+| one| ones| of them)?|whichever|does not matter which|no matter which|if you can|if you could|if possible|when(?:ever)? you can|when(?:ever)? you (?:have|get) (?:a )?(?:moment|minute|sec(?:ond)?|chance)|thanks|thank you|cheers|ok(?:ay)?|no rush|no hurry|take your time|hey|hi|hello|yo|listen|excuse me|right|so|well|alright|uh+m*|um+|erm?|hmm+)$/;

/** "… and nothing else", ", nothing more": everything the instruction does not name is left as it is. */
const NOTHING_ELSE = /(?:\s*,\s*|\s+)(?:(?:and|but) )?(?:nothing|none) (?:else|more|other)\b(?: (?:please|ok(?:ay)?|though))?(?=\s*(?:,|$))/g;

const NOW = /\b(?:right now|at the moment|at this moment|at present|just now)\b/gi;

/** The instruction's goals; `placeWords` are the map's zone words, which typos are also read against. */
export function readInstruction(text: string, placeWords: Iterable<string> = []): ParsedInstruction {
  const zoneWords = new Set(placeWords);
  // "right now", "at the moment", "at present" say when, which is at once anyway: read whole, before "now" alone is
  // taken as a filler and "right" left over, or "at the moment" as a place ("are you carrying anything at the moment").
  const said = possessivePlaces(withoutHeading(keepBatteryBounds(text), zoneWords).replace(/[’']/g, "'"), zoneWords);
  const normalized = normalizeInstruction(canonicalText(spokenBreaks(said.replace(NOW, ' ')), zoneWords)).replace(NOTHING_ELSE, ', do not touch anything else');
  if (!normalized) return { goals: [{ kind: 'unknown', text, reason: 'the instruction is empty' }], readings: [] };
  const known = new Set([...GRAMMAR_WORDS, ...COLORS, ...UNKNOWN_COLORS, ...Object.keys(SHAPE_WORDS), ...GENERIC_OBJECT_WORDS, ...zoneWords]);
  const { text: typed, readings } = correctSpelling(normalized, known);
  const unread = (t: string) => clauseGoals(splitClauses(extractConstraints(t).rest), zoneWords).flatMap((g) => (g.kind === 'unknown' ? [g.text] : []));
  const spelled = readByMeaning(correctColours(typed, COLORS, readings), known, readings, unread);
  const remark = (said: string) => readings.push({ said, read: 'a remark, not a request' });
  const constraints: Constraint[] = [];
  const read = (t: string): ParsedGoal[] => {
    const taken = extractConstraints(t);
    constraints.push(...taken.constraints);
    const clauses = taken.rest ? splitClauses(taken.rest).map((c) => afterRemark(c, remark)).filter((c) => !(REMARK.test(c) && remark(c))) : [];
    return clauses.length ? clauseGoals(clauses, zoneWords) : [];
  };
  // "If you have more than 30% charge, go to bin a": the clauses the battery test governs, read on their own (frames/conditions.ts).
  const asked = joinedComparison(spelled);
  const cond = splitOnCondition(asked, splitClauses);
  const governed = cond ? read(cond.governed) : [];
  const goals = cond ? [...read(cond.before), { kind: 'when' as const, test: cond.test, said: cond.said, covers: governed.length }, ...governed, ...read(cond.after)] : read(asked);
  return { goals: [...goals, ...constraints.map((constraint) => ({ kind: 'keep' as const, constraint }))], readings };
}

/** A dash between words ("bin a — the red cube") breaks the instruction as a comma does; a correction said
 *  with a word the language layer drops ("…, actually bin b") is kept as one. */
function spokenBreaks(text: string): string {
  return keepCorrectionMarkers(text.replace(/(?<=[a-z0-9])\s+[—–-]{1,2}\s+(?=[a-z]{2})/gi, ', '), (rest) => VERB_START.test(rest));
}

/** "it is a bit dark, but find the blue cube": a remark joined to the request by "but" or "so"; the request alone is obeyed. */
function afterRemark(clause: string, remark: (said: string) => void): string {
  const m = /^(.+?),? (?:but|so|and so) (.+)$/.exec(clause);
  if (!m || !REMARK.test(m[1]!)) return clause;
  remark(m[1]!);
  return m[2]!;
}

/** Words before a colon that ask only for what the list after it says. */
const POINTS_AT_LIST = /^(?:(?:ok(?:ay)?|right|so|now|please|can you|could you|would you) )*(?:do|try|follow|run|carry out|handle|sort out|take care of) (?:this|these|the following|the list|these (?:jobs|tasks|steps|things))(?: for me)?(?: please)?$|^(?:here is|here's|this is) (?:what|the plan|the list|your (?:jobs?|tasks?|list))(?: (?:i need|i want|to do|you (?:need|have) to do|for (?:you|today)))?$/;

/**
 * "a few things need tidying: the red cube in bin a, the blue cube in bin b": words before a colon
 * that name no object kind, colour or place only announce the list after it, and ask nothing.
 */
function withoutHeading(text: string, zoneWords: ReadonlySet<string>): string {
  // Words only, ending in a word, not a coordinate's letter: "go to x: 3, y: 4" is no heading.
  // Set off by a colon, or by a dash with spaces round it ("jobs for today - the red cube to bin a, …").
  const m = /^([a-z' ]*[a-z]{2,})(?:\s*:|\s+[—–-]{1,2})\s*([^\d\s-].*)$/i.exec(text.trim());
  // "which is closer: the shelf or bin b?": a question before the colon asks about the words after it.
  if (!m || /^(?:which|what|where|how|is|are)\b/i.test(m[1]!)) return text;
  // "don't move - just tell me …": a negation is never a heading to leave out.
  if (/\b(?:not|never|no|without|avoid|except|only)\b|n't\b|\bdont\b/i.test(m[1]!)) return text;
  const naming = new Set<string>([...COLORS, ...UNKNOWN_COLORS, ...Object.keys(SHAPE_WORDS), ...PLURAL_SHAPE_WORDS, ...zoneWords]);
  const names = m[1]!.toLowerCase().split(/[^a-z]+/).some((w) => w.length > 1 && naming.has(w));
  // "do this:", "here's what I need:": a command that only points at the list after it.
  if (POINTS_AT_LIST.test(m[1]!.toLowerCase().trim())) return m[2]!;
  // "take it to: bin a" is a command with a colon in it, not a heading.
  return names || VERB_START.test(m[1]!.toLowerCase()) ? text : m[2]!;
}

export function parseInstruction(text: string, placeWords: Iterable<string> = []): ParsedGoal[] {
  return readInstruction(text, placeWords).goals;
}
