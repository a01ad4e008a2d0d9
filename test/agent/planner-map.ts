import { expect } from 'vitest';
import type { PlannerMap } from '../../src/agent/planner/beliefs.js';
import { groundInstruction } from '../../src/agent/planner/grounding.js';
import { readInstruction } from '../../src/agent/planner/instruction.js';
import { zoneWords } from '../../src/agent/planner/place-words.js';

/** A 10 × 8 m map with these zones, 1 m squares side by side along y = 1; where they are does not matter to reading words. */
export function mapWithZones(names: string[]): PlannerMap {
  return {
    width: 10,
    depth: 8,
    obstacles: [],
    zones: names.map((name, i) => ({ name, min_x: i + 0.5, min_y: 0.5, max_x: i + 1.5, max_y: 1.5, center: { x: i + 1, y: 1 } })),
  };
}

export const WAREHOUSE_ZONES = ['home', 'shelf', 'bin_a', 'bin_b', 'charging_dock'];

/** The instruction read and grounded in a map with these zones, as the planner provider does it. */
export function ground(text: string, zones: string[] = WAREHOUSE_ZONES) {
  return groundInstruction(readInstruction(text, zoneWords(zones)), mapWithZones(zones));
}

/** `ground`'s reading of an instruction it must not refuse: a refusal fails the test, naming the instruction and why. */
export function grounded(text: string, zones: string[] = WAREHOUSE_ZONES) {
  const g = ground(text, zones);
  if ('refusal' in g) throw new Error(`refused "${text}": ${g.refusal}`);
  return g;
}

/** The goals of `grounded`. */
export const groundedGoals = (text: string, zones: string[] = WAREHOUSE_ZONES) => grounded(text, zones).goals;

/** Why `ground` refuses the instruction, or null when it does not. */
export function refusalOf(text: string, zones: string[] = WAREHOUSE_ZONES): string | null {
  const g = ground(text, zones);
  return 'refusal' in g ? g.refusal : null;
}

/** One wording case: the instruction, the goals it must ground to (all of them, in order), and
 *  words the readings it reports must contain. */
export type WordingCase = [string, unknown[], string[]?];

/** Checks a wording case on a map with these zones. */
export const expectGrounding = (zones: string[]) => (text: string, goals: unknown[], readings: string[] = []) => {
  const g = grounded(text, zones);
  expect(g.goals).toMatchObject(goals);
  expect(g.goals).toHaveLength(goals.length);
  for (const r of readings) expect(g.readings.join('; ')).toContain(r);
};
