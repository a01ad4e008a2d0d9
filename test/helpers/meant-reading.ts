import type { ParsedGoal } from '../../src/agent/planner/frames/goal-types.js';
import { readInstruction } from '../../src/agent/planner/instruction.js';
import { resolveZone, zoneWords } from '../../src/agent/planner/place-words.js';
import type { MeantGoal } from './command-grammar.js';

/**
 * The planner's reading of a command in the command grammar's terms (command-grammar.ts): goals,
 * objects, places grounded to the map's zones and constraints, without the words each quotes
 * back, as JSON with keys in one order — so a reading and a meaning compare as strings.
 */
export function meantReading(said: string, zones: readonly string[]): string {
  // As the planner reads an instruction: with the words of the map's zone names.
  return canonical(readInstruction(said, zoneWords(zones)).goals.map((g) => asMeant(g, zones)));
}

/** What the grammar means, in the same form. */
export function meantText(goals: MeantGoal[]): string {
  return canonical(goals);
}

/** The zone of the map a place's words name, as the planner grounds them. */
function zoneKey(said: string, zones: readonly string[]): string {
  const match = resolveZone(said, zones);
  return 'zone' in match ? match.zone : `unresolved: ${said}`;
}

function asMeant(g: ParsedGoal, zones: readonly string[]): unknown {
  const goal = g as unknown as Record<string, unknown> & { object?: Record<string, unknown>; target?: Record<string, unknown>; constraint?: { rule: string; said?: string } };
  if (g.kind === 'keep') {
    const { rule, said, spare } = goal.constraint as { rule: string; said?: string; spare?: Record<string, unknown> };
    const spared = spare && { ...Object.fromEntries(['color', 'shape'].filter((k) => spare[k]).map((k) => [k, spare[k]])), ...(spare.notNamed ? { notNamed: true } : {}) };
    return { kind: 'keep', rule, ...(said ? { zone: zoneKey(said, zones) } : {}), ...(spared ? { spare: spared } : {}) };
  }
  const target = goal.target && asMeantTarget(goal.target, zones);
  const rest = Object.fromEntries(['name', 'value', 'degrees', 'topic'].filter((k) => goal[k] !== undefined).map((k) => [k, goal[k]]));
  const object = (o: unknown) => asMeantObject(o as Record<string, unknown>, zones);
  return { kind: g.kind, ...(goal.object ? { object: object(goal.object) } : {}), ...(goal.other ? { other: object(goal.other) } : {}), ...(target ? { target } : {}), ...rest, ...(goal.whether ? { whether: true } : {}) };
}

function asMeantObject(o: Record<string, unknown>, zones: readonly string[]): Record<string, unknown> {
  const near = (o.relation as { near?: { object?: Record<string, unknown> } } | undefined)?.near?.object;
  return {
    ...Object.fromEntries(['color', 'shape', 'all', 'count', 'exact', 'pronoun', 'rank', 'except'].filter((k) => o[k]).map((k) => [k, o[k]])),
    // "the nearest X" is picked by distance, whatever its article.
    ...(o.definite && !o.rank ? { definite: true } : {}),
    ...(typeof o.inZone === 'string' ? { inZone: zoneKey(o.inZone, zones) } : {}),
    ...(near ? { near: Object.fromEntries(['color', 'shape'].filter((k) => near[k]).map((k) => [k, near[k]])) } : {}),
  };
}

function asMeantTarget(t: Record<string, unknown>, zones: readonly string[]): Record<string, unknown> {
  if (t.home) return { home: true };
  if (t.point) return { point: t.point };
  if (t.near) return { near: asMeantObject(t.near as Record<string, unknown>, zones) };
  return { zone: zoneKey(String(t.said ?? t.zone ?? ''), zones) };
}

/** JSON with keys in one order, so equal meanings print alike. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}
