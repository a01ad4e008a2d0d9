import { describe, expect, it } from 'vitest';
import { clearanceAt, objectDistance, segmentClearance } from '../../../src/core/planning/collision.js';
import { SeededRng } from '../../../src/core/rng.js';
import { World } from '../../../src/sim/world.js';
import { loadScenario } from '../../../src/sim/scenario.js';

describe('clearance', () => {
  it('measures cubes by their turned square footprint and balls by their disc', () => {
    const world = new World(loadScenario('warehouse'));
    const cube = { ...world.object('blue_cube')!, x: 0, y: 0, size: 0.2, yaw: 0 };
    expect(objectDistance(cube, 0.5, 0)).toBeCloseTo(0.4, 12);
    expect(objectDistance({ ...cube, yaw: Math.PI / 4 }, 0.5, 0)).toBeCloseTo(0.5 - 0.1 * Math.SQRT2, 12);
    expect(objectDistance(cube, 0.05, 0.05)).toBe(0);
    expect(objectDistance({ ...cube, shape: 'ball' }, 0.3, 0.4)).toBeCloseTo(0.4, 12);
  });

  it('gives the exact minimum along a segment (checked against dense sampling)', () => {
    const world = new World(loadScenario('cluttered'));
    world.objects[0]!.yaw = 0.7;
    const rng = new SeededRng(5);
    for (let k = 0; k < 200; k++) {
      const a = { x: rng.range(0.1, 7.9), y: rng.range(0.1, 5.9) };
      const b = { x: rng.range(0.1, 7.9), y: rng.range(0.1, 5.9) };
      let sampled = Infinity;
      for (let i = 0; i <= 2000; i++) {
        const t = i / 2000;
        sampled = Math.min(sampled, clearanceAt(world.map, world.objects, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t));
      }
      const exact = segmentClearance(world.map, world.objects, a, b);
      expect(exact).toBeLessThanOrEqual(sampled + 1e-12);
      expect(sampled - exact).toBeLessThan(0.005);
    }
  });
});
