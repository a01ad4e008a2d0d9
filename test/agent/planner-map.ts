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
