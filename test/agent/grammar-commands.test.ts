import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedGoal } from '../../src/agent/planner/frames/goal-types.js';
import { readInstruction } from '../../src/agent/planner/instruction.js';
import { commandFromSeed, WAREHOUSE_ZONES, type MeantGoal } from '../helpers/command-grammar.js';

/**
 * Commands built from a grammar of how people ask a robot for things (test/helpers/command-grammar.ts),
 * each read by the planner and held to what the grammar says it means: the same goals, objects,
 * places and constraints. A command dropped, merged or read as something else is a misreading
 * that a mission could carry out and call done.
 */

/** The places as the grammar names them: map names, "home" said as the robot's start. */
const zoneKey = (said: string) => said.toLowerCase().replace(/^the /, '').replace(/ /g, '_');

/** A parsed goal in the grammar's terms (the words quoted back left out). */
function asMeant(g: ParsedGoal): unknown {
  const goal = g as unknown as Record<string, unknown> & { object?: Record<string, unknown>; target?: Record<string, unknown>; constraint?: { rule: string; said?: string } };
  if (g.kind === 'keep') return { kind: 'keep', rule: goal.constraint!.rule, zone: zoneKey(goal.constraint!.said ?? '') };
  const o = goal.object;
  const object = o && {
    ...Object.fromEntries(['color', 'shape', 'all', 'count', 'exact', 'pronoun', 'rank', 'except'].filter((k) => o[k]).map((k) => [k, o[k]])),
    // "the nearest X" is picked by distance, whatever its article.
    ...(o.definite && !o.rank ? { definite: true } : {}),
    ...(typeof o.inZone === 'string' ? { inZone: zoneKey(o.inZone) } : {}),
  };
  const t = goal.target;
  const target = t && (t.home ? { home: true } : { zone: zoneKey(String(t.said ?? t.zone ?? '')) });
  return { kind: g.kind, ...(object ? { object } : {}), ...(target ? { target } : {}), ...(goal.whether ? { whether: true } : {}) };
}

/** JSON with keys in one order, so equal meanings print alike. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}

const read = (said: string) => canonical(readInstruction(said, WAREHOUSE_ZONES).goals.map(asMeant));
const meant = (goals: MeantGoal[]) => canonical(goals);

describe('commands built from a grammar of everyday requests are read as the grammar means them', () => {
  it('reads 600 of them as meant', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { said, goals } = commandFromSeed(seed);
        expect(read(said), said).toBe(meant(goals));
      }),
      { numRuns: 600, seed: 15 },
    );
  }, 120_000);

  it('covers every form of the grammar, questions and constraints included', () => {
    const kinds = new Set(Array.from({ length: 600 }, (_, i) => commandFromSeed(i).goals.map((g) => g.kind).join('+')));
    for (const k of ['pick', 'place', 'goto', 'find', 'count', 'charge', 'goto+keep', 'pick+place', 'place+place']) expect(kinds, k).toContain(k);
  });

  it('reads the misreadings it found as meant', () => {
    // Each of these had been read otherwise: an object dropped, or refused.
    expect(read('put the blue ball and a ball in bin b')).toBe(meant([{ kind: 'place', object: { color: 'blue', shape: 'ball', definite: true }, target: { zone: 'bin_b' } }, { kind: 'place', object: { shape: 'ball' }, target: { zone: 'bin_b' } }]));
    expect(read('take the red ball back home')).toBe(meant([{ kind: 'place', object: { color: 'red', shape: 'ball', definite: true }, target: { home: true } }]));
    expect(read('put all the balls but not the green one on the shelf')).toBe(meant([{ kind: 'place', object: { shape: 'ball', all: true, except: { color: 'green' } }, target: { zone: 'shelf' } }]));
    expect(read('can you see a red ball anywhere?')).toBe(meant([{ kind: 'find', object: { color: 'red', shape: 'ball' }, whether: true }]));
  });
});
