import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInstruction } from '../../src/agent/planner/instruction.js';
import { zoneWords } from '../../src/agent/planner/place-words.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { PLANNER_MISSIONS } from './planner-mission-suite.js';

/**
 * Saying a request politely, loudly, with other common verbs or with other joining words asks for
 * the same thing: each rewrite below keeps the meaning of any request, so the goals read from a
 * rewritten instruction must be the goals read from the original (the words each goal quotes
 * back may differ). The rewrites were written as people say them, before the planner was tried
 * on them; the originals are the planner suite's instructions it reads today.
 */
const bare = (t: string) => t.replace(/[.!?]+$/, '');
const lowerFirst = (t: string) => t[0]!.toLowerCase() + t.slice(1);

type Rewrite = (t: string) => string;

/** Said before the request: at most one. */
const OPENINGS: Record<string, Rewrite> = {
  'please first': (t) => `please ${lowerFirst(t)}`,
  'could you': (t) => `could you ${lowerFirst(bare(t))}?`,
  'can you please': (t) => `can you please ${lowerFirst(bare(t))}?`,
  'robot, first': (t) => `robot, ${lowerFirst(t)}`,
  'I need you to': (t) => `I need you to ${lowerFirst(t)}`,
  "I'd like you to": (t) => `I'd like you to ${lowerFirst(t)}`,
  'I would like you to': (t) => `I would like you to ${lowerFirst(t)}`,
  'go ahead and': (t) => `go ahead and ${lowerFirst(t)}`,
};
/** Said after it: at most one. */
const CLOSINGS: Record<string, Rewrite> = {
  'please last': (t) => `${bare(t)} please`,
  'thanks last': (t) => `${bare(t)}, thanks`,
  'thank you after': (t) => `${bare(t)}. thank you!`,
};
/** Other words for the same thing: any of them. */
const SWAPS: Record<string, Rewrite> = {
  'pick up -> grab': (t) => t.replace(/\bpick up\b/g, 'grab'),
  'put -> place': (t) => t.replace(/\bput\b/g, 'place'),
  'bring -> carry': (t) => t.replace(/\bbring\b(?= (?:the|all|both|a)\b)/g, 'carry'),
  'go to -> head to': (t) => t.replace(/\bgo to\b/g, 'head to'),
  'go to -> make your way to': (t) => t.replace(/\bgo to\b/g, 'make your way to'),
  'cube -> block': (t) => t.replace(/\bcube(s?)\b/g, 'block$1'),
  ', then -> and then': (t) => t.replace(/, then\b/g, ' and then'),
  ', then -> and after that': (t) => t.replace(/, then\b/g, ' and after that'),
  'bin a -> Bin A': (t) => t.replace(/\bbin ([ab])\b/gi, (_m, l: string) => `Bin ${l.toUpperCase()}`),
  'red -> red coloured': (t) => t.replace(/\b(red|green|blue|yellow) (cubes?|balls?|cylinders?)\b/g, '$1 coloured $2'),
  ', then -> , and once that is done,': (t) => t.replace(/, then\b/g, ', and once that is done,'),
  'all the Xs -> every X': (t) => t.replace(/\ball the (cube|ball|cylinder)s\b/g, 'every $1'),
  'all the Xs -> all of the Xs': (t) => t.replace(/\ball the (\w+s)\b/g, 'all of the $1'),
  'to the shelf -> to shelf': (t) => t.replace(/\b(to|in|on|into|onto) the (shelf|table)\b/g, '$1 $2'),
  'ball -> sphere': (t) => t.replace(/\bball(s?)\b/g, (_m, s: string) => (s ? 'spheres' : 'sphere')),
};
/** Two steps said in the other order, with the word that says which comes first: alone only. */
const REORDERS: Record<string, Rewrite> = {
  'X, then Y -> after you X, Y': (t) => twoSteps(t, (x, y) => `after you ${x}, ${y}`),
  'X, then Y -> Y after you X': (t) => twoSteps(t, (x, y) => `${y} after you ${x}`, { pronounAfter: false }),
  'X, then Y -> before you Y, X': (t) => twoSteps(t, (x, y) => `before you ${y}, ${x}`, { pronounAfter: false }),
};

/** "X, then Y" said another way, when it is two steps (and "it" in Y cannot come before X). */
function twoSteps(t: string, say: (x: string, y: string) => string, { pronounAfter = true } = {}): string {
  const m = /^(.+?), then (.+)$/.exec(t);
  if (!m || m[2]!.includes(', then') || (!pronounAfter && /\b(?:it|them)\b/.test(m[2]!))) return t;
  return say(m[1]!, m[2]!);
}
/** How it is typed, applied last: at most one. */
const STYLES: Record<string, Rewrite> = {
  'capitalised, full stop': (t) => `${t[0]!.toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`,
  'all capitals': (t) => t.toUpperCase(),
  'exclamation mark': (t) => `${bare(t)}!`,
  'two spaces': (t) => t.replace(/ /g, '  '),
};
const REWRITES: Record<string, Rewrite> = { ...OPENINGS, ...CLOSINGS, ...SWAPS, ...STYLES, ...REORDERS };

/** The goals without the words they quote back. */
function goalsOf(text: string, zones: string[]): string {
  const quoted = new Set(['text', 'said', 'reason']);
  return JSON.stringify(readInstruction(text, zones).goals, (k, v: unknown) => (quoted.has(k) ? undefined : v));
}

/** The words of the map's zone names, which the planner reads an instruction with. */
function zonesOf(scenario: string | (() => string) | undefined): string[] {
  return zoneWords(loadScenario(typeof scenario === 'function' ? scenario() : (scenario ?? 'warehouse')).zones.map((z) => z.name));
}

const READ_TODAY = PLANNER_MISSIONS.map((m) => ({ text: m.instruction, zones: zonesOf(m.scenario) })).filter(({ text, zones }) => !goalsOf(text, zones).includes('"unknown"'));

describe('a request said another way is read the same way', () => {
  it('reads every rewrite of the planner suite as the original', () => {
    const misread: string[] = [];
    const used = new Set<string>();
    for (const { text, zones } of READ_TODAY) {
      const want = goalsOf(text, zones);
      for (const [name, rewrite] of Object.entries(REWRITES)) {
        const said = rewrite(text);
        if (said === text) continue;
        used.add(name);
        if (goalsOf(said, zones) !== want) misread.push(`${name}: ${said}`);
      }
    }
    expect(READ_TODAY.length).toBeGreaterThan(15);
    // Every rewrite changed some instruction: none holds vacuously.
    expect(Object.keys(REWRITES).filter((name) => !used.has(name))).toEqual([]);
    expect(misread).toEqual([]);
  }, 120_000);

  it('reads several rewrites at once as the original', () => {
    const oneOf = (group: Record<string, Rewrite>) => fc.option(fc.constantFrom(...Object.keys(group)), { nil: undefined });
    const said = fc.record({ swaps: fc.subarray(Object.keys(SWAPS)), opening: oneOf(OPENINGS), closing: oneOf(CLOSINGS), style: oneOf(STYLES) });
    fc.assert(
      fc.property(fc.constantFrom(...READ_TODAY), said, ({ text, zones }, { swaps, opening, closing, style }) => {
        const chosen = [...swaps, opening, closing, style].flatMap((name) => (name ? [REWRITES[name]!] : []));
        const rewritten = chosen.reduce((t, rewrite) => rewrite(t), text);
        expect(goalsOf(rewritten, zones), rewritten).toBe(goalsOf(text, zones));
      }),
      { numRuns: 200, seed: 18 },
    );
  }, 120_000);
});
