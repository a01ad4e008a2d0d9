import { VERB_START } from './verbs.js';

/**
 * Words that say in which order the clauses are done, when that is not the order they are said
 * in: "go to the shed, but charge first", "go to bin a, but before that put X on the shelf";
 * and "X and after go home", which is X, then going home.
 */

/** "X and after(wards) go home": "after" with no time clause of its own is "then"; "X and after
 *  charging go home": the time clause comes after X, and is read as one said first (clauses.ts). */
const AND_AFTER = /(?:\s*,\s*|\s+)and after(wards?)?\b(?!\s+(?:that|this)\b),?\s*/g;

/** "pick up the cube and after go home" → "pick up the cube, then go home". */
export function andAfterAsThen(text: string): string {
  return text.replace(AND_AFTER, (_m, wards: string | undefined, at: number, all: string) => {
    const rest = all.slice(at + _m.length);
    return wards || VERB_START.test(rest) ? ', then ' : ', then after ';
  });
}

const FIRST = /^(?:but |and )?(.+?)\s+(?:first|first of all|beforehand|before that|before anything else)$/;
/** "but before that put X on Z", "before you do that, charge": said after a clause, done before it. */
const BEFORE_THAT = /^(?:but |and )?(?:before (?:that|this|you do (?:that|this|it)|doing (?:that|this|it)|you go|then))\s*,?\s+(.+)$/;

const BEFORE_THAT_ALONE = /^(?:but |and )?before (?:that|this|then|you do (?:that|this|it)|doing (?:that|this|it))$/;

/**
 * "go to the shed, but charge first": a clause said to come first is done first; "go to bin a,
 * but before that put X on the shelf": the clause after "before that" is done just before the one
 * said before it.
 */
export function doneFirst(clauses: string[]): string[] {
  const ordered: string[] = [];
  // "go home. before that, take X to Z": said apart from the clause it governs, "before that" is joined to it.
  const joined = clauses.flatMap((c, i) => (BEFORE_THAT_ALONE.test(c) && i + 1 < clauses.length ? [] : BEFORE_THAT_ALONE.test(clauses[i - 1] ?? '') ? [`${clauses[i - 1]} ${c}`] : [c]));
  for (const c of joined) {
    const before = ordered.length ? BEFORE_THAT.exec(c) : null;
    if (before && VERB_START.test(before[1]!)) ordered.splice(ordered.length - 1, 0, before[1]!);
    else ordered.push(c);
  }
  const firsts = ordered.filter((c, i) => i > 0 && FIRST.test(c) && VERB_START.test(FIRST.exec(c)![1]!));
  const rest = ordered.filter((c) => !firsts.includes(c));
  return [...firsts, ...rest].map((c) => (FIRST.test(c) && VERB_START.test(FIRST.exec(c)![1]!) ? FIRST.exec(c)![1]! : c));
}
