import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/sim/scenario.js';
import { judgeMission, JudgeCondition, type FinalWorld } from '../../src/tools/mission-judge.js';
import { BENCH_AND_TRAY } from '../helpers/scenario-file.js';

/** A bench listed before the tray that lies on it: an object in the tray is in the bench too. */
const scenario = parseScenario({
  name: 'nested-judge',
  summary: 'a tray inside a bench',
  room: { width: 12, depth: 8 },
  zones: BENCH_AND_TRAY,
  objects: [
    { id: 'blue_cube', color: 'blue', shape: 'cube', x: 9.3, y: 1.0 },
    { id: 'blue_ball', color: 'blue', shape: 'ball', x: 7.5, y: 1.0 },
  ],
  robot: { x: 9.3, y: 2.0, battery: 0.9 },
});

/** The report names each object's innermost zone; the judge must not depend on that name. */
const world = (zoneName: (id: string) => string | null): FinalWorld => ({
  robot: { x: 9.3, y: 1.2, battery: 0.9, holding: null, armed: true, zone: zoneName('robot') },
  objects: scenario.objects.map((o) => ({ id: o.id, color: o.color, shape: o.shape, x: o.x, y: o.y, zone: zoneName(o.id), heldBy: null })),
  parameters: {},
});
const judge = (conditions: unknown[], w: FinalWorld) =>
  judgeMission(
    conditions.map((c) => JudgeCondition.parse(c)),
    { scenario, world: w, trace: { zonesEntered: [], charged: false }, answer: '' },
  );

describe('the judge of "in Z" with nested zones', () => {
  for (const [label, names] of [
    ['the report naming the innermost zone', (id: string) => (id === 'blue_ball' ? 'bench' : 'tray')],
    ['the report naming the first zone listed', () => 'bench'],
  ] as const) {
    it(`an object in the tray is in the tray and in the bench (${label})`, () => {
      const w = world(names);
      expect(judge([{ in_zone: { object: 'blue_cube', zone: 'tray' } }], w).ok).toBe(true);
      expect(judge([{ in_zone: { object: 'blue_cube', zone: 'bench' } }], w).ok).toBe(true);
      expect(judge([{ not_in_zone: { object: 'blue_cube', zone: 'tray' } }], w).ok).toBe(false);
      expect(judge([{ in_zone: { object: 'blue_ball', zone: 'tray' } }], w).ok).toBe(false);
      expect(judge([{ zone_count: { zone: 'tray', equals: 1 } }], w).ok).toBe(true);
      expect(judge([{ zone_count: { zone: 'bench', equals: 2 } }], w).ok).toBe(true);
      expect(judge([{ robot_in_zone: 'tray' }], w).ok).toBe(true);
      expect(judge([{ not_in_zone: { robot: true, zone: 'bench' } }], w).ok).toBe(false);
      expect(judge([{ in_zone: { object: 'blue_cube', zone: 'bench' } }], w).conditions[0]!.detail).toContain('in bench and tray');
    });
  }
});
