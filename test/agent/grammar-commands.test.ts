import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedGoal } from '../../src/agent/planner/frames/goal-types.js';
import { readInstruction } from '../../src/agent/planner/instruction.js';
import { resolveZone } from '../../src/agent/planner/place-words.js';
import { commandFromSeed, WAREHOUSE_ZONES, type MeantGoal } from '../helpers/command-grammar.js';

/**
 * Commands built from a grammar of how people ask a robot for things (test/helpers/command-grammar.ts),
 * each read by the planner and held to what the grammar says it means: the same goals, objects,
 * places and constraints. A command dropped, merged or read as something else is a misreading
 * that a mission could carry out and call done.
 */

/** The zone of the map a place's words name, as the planner grounds them (the words when none). */
function zoneKey(said: string): string {
  const match = resolveZone(said, WAREHOUSE_ZONES);
  return 'zone' in match ? match.zone : `unresolved: ${said}`;
}

/** A parsed goal in the grammar's terms (the words quoted back left out). */
function asMeant(g: ParsedGoal): unknown {
  const goal = g as unknown as Record<string, unknown> & { object?: Record<string, unknown>; target?: Record<string, unknown>; constraint?: { rule: string; said?: string } };
  if (g.kind === 'keep') return { kind: 'keep', rule: goal.constraint!.rule, ...(goal.constraint!.said ? { zone: zoneKey(goal.constraint!.said) } : {}) };
  const target = goal.target && asMeantTarget(goal.target);
  const rest = Object.fromEntries(['name', 'value', 'degrees', 'topic'].filter((k) => goal[k] !== undefined).map((k) => [k, goal[k]]));
  return { kind: g.kind, ...(goal.object ? { object: asMeantObject(goal.object) } : {}), ...(goal.other ? { other: asMeantObject(goal.other as Record<string, unknown>) } : {}), ...(target ? { target } : {}), ...rest, ...(goal.whether ? { whether: true } : {}) };
}

function asMeantObject(o: Record<string, unknown>): Record<string, unknown> {
  const near = (o.relation as { near?: { object?: Record<string, unknown> } } | undefined)?.near?.object;
  return {
    ...Object.fromEntries(['color', 'shape', 'all', 'count', 'exact', 'pronoun', 'rank', 'except'].filter((k) => o[k]).map((k) => [k, o[k]])),
    // "the nearest X" is picked by distance, whatever its article.
    ...(o.definite && !o.rank ? { definite: true } : {}),
    ...(typeof o.inZone === 'string' ? { inZone: zoneKey(o.inZone) } : {}),
    ...(near ? { near: Object.fromEntries(['color', 'shape'].filter((k) => near[k]).map((k) => [k, near[k]])) } : {}),
  };
}

function asMeantTarget(t: Record<string, unknown>): Record<string, unknown> {
  if (t.home) return { home: true };
  if (t.point) return { point: t.point };
  if (t.near) return { near: asMeantObject(t.near as Record<string, unknown>) };
  return { zone: zoneKey(String(t.said ?? t.zone ?? '')) };
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
    expect(read('grab the cube beside the green ball')).toBe(meant([{ kind: 'pick', object: { shape: 'cube', definite: true, near: { color: 'green', shape: 'ball' } } }]));
    expect(read('move to (4.5, 4)')).toBe(meant([{ kind: 'goto', target: { point: { x: 4.5, y: 4 } } }]));
    expect(read('slow down to 0.3')).toBe(meant([{ kind: 'set', name: 'max_linear_speed', value: 0.3 }]));
    expect(read('set the max speed to half a metre per second')).toBe(meant([{ kind: 'set', name: 'max_linear_speed', value: 0.5 }]));
    expect(read("what's your charge")).toBe(meant([{ kind: 'status', topic: 'battery' }]));
    expect(read('head home without cahrging')).toBe(meant([{ kind: 'goto', target: { home: true } }, { kind: 'keep', rule: 'no_charge' }]));
    expect(read('go to bin a, but avoid the cahrging dock')).toBe(meant([{ kind: 'goto', target: { zone: 'bin_a' } }, { kind: 'keep', rule: 'avoid', zone: 'charging_dock' }]));
  });
});
