import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAIN_WORDS, canonicalText, parsedCanonicalText, plainCanonicalText } from '../../src/agent/planner/language.js';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { PLANNER_MISSIONS } from './planner-mission-suite.js';

/** Every instruction the project keeps: the planner suite's, the committed replays' and the agent suite's. */
function keptInstructions(): string[] {
  const replays = readdirSync('missions/replays')
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => (JSON.parse(readFileSync(`missions/replays/${f}`, 'utf8').split('\n')[0]!) as { instruction: string }).instruction);
  const suite = (parse(readFileSync('bench/agent-suite/instructions.yaml', 'utf8')) as Array<{ text: string }>).map((i) => i.text);
  return [...PLANNER_MISSIONS.map((m) => m.instruction), ...replays, ...suite];
}

// The plain path skips compromise only because it would change nothing: these tests compare the
// two readings, so a word that compromise rewrites in some order cannot stay in PLAIN_WORDS.
describe('plain instructions are read without parsing, exactly as the parser reads them', () => {
  it('agrees with compromise on random orders of the plain words, digits and commas', () => {
    const word = fc.oneof(fc.constantFrom(...PLAIN_WORDS), fc.constantFrom('3', '0.3', '12', '2.5'));
    const clause = fc.array(word, { minLength: 1, maxLength: 7 }).map((w) => w.join(' '));
    const text = fc.array(clause, { minLength: 1, maxLength: 3 }).map((c) => c.join(', '));
    fc.assert(
      fc.property(text, (t) => {
        expect(plainCanonicalText(t)).toBe(parsedCanonicalText(t));
      }),
      { numRuns: 400, seed: 15 },
    );
  }, 120_000);

  it('agrees on every kept instruction that is plain, and leaves the others to the parser', () => {
    let plain = 0;
    for (const text of keptInstructions()) {
      const fast = plainCanonicalText(text);
      if (fast === undefined) continue;
      plain += 1;
      expect(fast, text).toBe(parsedCanonicalText(text));
    }
    expect(plain).toBeGreaterThan(5);
    expect(plainCanonicalText('pick up teh red cube')).toBeUndefined();
    expect(plainCanonicalText('put all the red cubes in bin b')).toBeUndefined();
    expect(canonicalText("what's on the table")).toBe(parsedCanonicalText("what's on the table"));
  }, 120_000);
});
