/**
 * How soon or how carefully a command is to be done — "quick,", "carefully", "gently", "straight
 * away", "as soon as you can", "when you can", "if you don't mind" — which the robot does anyway:
 * it drives at its set speed (a lower one, asked with "slowly", is kept: manner.ts) and grasps the
 * one way it can. Taken out so the command itself is read; never after a negation ("don't … too
 * quickly" stays, to be read or refused as said), and never "fast", which "don't go fast" says.
 */
const HASTE_OR_CARE = String.raw`(?:quick(?:ly)?|swiftly|promptly|speedily|rapidly|hurriedly|carefully|gently|gingerly|safely|smoothly|softly|delicately|immediately|right away|straight away|at once|asap|pronto|on the double|chop chop|in a hurry|with care|as (?:quick(?:ly)?|fast|soon) as (?:you can|possible|you are able|you could))`;
const NOT_NEGATED = String.raw`(?<!\b(?:not|never|no|don't|dont|nor|without)\s+(?:[a-z]+\s+){0,2})`;
const MANNER_WORD = new RegExp(String.raw`${NOT_NEGATED}\b${HASTE_OR_CARE}\b`, 'g');
/** "take it straight to bin b", "head directly to the shelf", "come straight back": the way is planned the shortest anyway.
 *  Only before where it goes: "go straight" alone is a drive ahead. */
const DIRECTLY = new RegExp(String.raw`${NOT_NEGATED}\b(?:straight|directly)\s+(?=(?:to|into|onto|back|home|over to|up to|down to|across to)\b)`, 'g');
/** "be quick", "hurry up", "be careful", "first things first", said as a clause of their own. */
const MANNER_CLAUSE = /^\s*(?:and |but |so )?(?:be (?:quick|careful|gentle)(?: about it)?|hurry(?: up)?|first things first)\s*$/;
/** "hurry up and put …", "be quick and fetch …", "(would you) be so kind as to bring …", "I'd appreciate it if you could put …": the command after it. */
const HURRY_AND = /^(\s*)(?:(?:hurry(?: up)?|be (?:quick|careful|gentle)(?: about it)?) and|be (?:so )?kind as to|be kind enough to|i would (?:really )?appreciate it if you (?:could|would|can))\s+(?=[a-z])/;
/** What is left of a piece that only said how: "be", "do it". */
const EMPTIED = /^\s*(?:and |but |so )?(?:be|do (?:it|this|that|so))?\s*$/;
/** Courtesies said at the end of a clause: "when you can", "when you get a chance", "if you don't mind". */
const COURTESY_TAIL = new RegExp(
  String.raw`${NOT_NEGATED}\s*\b(?:when(?:ever)? you (?:can|are free|(?:have|have get|have got|get) (?:a |the )?(?:moment|minute|sec(?:ond)?|chance|time))|if you (?:can|could|would|do not mind|don't mind|would not mind|wouldn't mind)|if (?:it is|it's) (?:ok(?:ay)?|possible|not too much trouble)|if possible|in your own time|at some point)\s*$`,
);
const ANY = new RegExp(String.raw`\b(?:${HASTE_OR_CARE}|straight|directly|hurry|kind as to|kind enough|appreciate it|first things first|when(?:ever)? you|if you|if (?:it is|it's|possible)|in your own time|at some point|be (?:quick|careful|gentle))\b`);

/** The pieces between commas, each without the words above; a piece left empty goes, with its comma. */
export function withoutHasteOrCare(text: string): string {
  if (!ANY.test(text)) return text;
  const parts = text.split(',');
  const kept = parts.map((p) => {
    if (MANNER_CLAUSE.test(p)) return '';
    const q = p.replace(HURRY_AND, '$1').replace(COURTESY_TAIL, '').replace(MANNER_WORD, ' ').replace(DIRECTLY, '');
    if (q === p) return p;
    const tidy = q.replace(/\s+/g, ' ').replace(/\s+(?:and|but)\s*$/, '').replace(/^\s*(?:and|but)\s*$/, '');
    return EMPTIED.test(tidy) ? '' : tidy;
  });
  const out = kept.filter((p, i) => p.trim() || kept[i] === parts[i]).join(',');
  return out.trim() ? out : text;
}
