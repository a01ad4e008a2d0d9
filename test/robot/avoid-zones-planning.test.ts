/**
 * The path planner keeping out of zones for one plan: around them as around obstacles (the whole
 * footprint stays out, checked exactly on every segment), a goal in or beside one refused as
 * `goal`, a route that only exists through one refused as `route`, a start inside one refused,
 * and a plan without zones the same as before, whatever zones were planned around in between.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../src/core/geometry.js';
import { distanceToRect } from '../../src/core/geometry.js';
import type { StaticMap, Zone } from '../../src/core/map.js';
import { PathPlanner } from '../../src/core/planning/path-planner.js';
import { createSimulation } from '../../src/sim/sim-backend.js';

const sim = createSimulation({ scenario: 'warehouse', seed: 1 });
const map = sim.world.map;
const radius = sim.world.config.radius;
const zone = (name: string): Zone => map.zones.find((z) => z.name === name)!;
const HOME = { x: 1, y: 1 };
const BIN_A = { x: 8.9, y: 1.0 };

/** Closest approach of a polyline to a rectangle, sampled every centimetre. */
function closest(path: Vec2[], z: Zone): number {
  let best = Infinity;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.01));
    for (let k = 0; k <= n; k++) best = Math.min(best, distanceToRect(z, { x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n }));
  }
  return best;
}

describe('planning around avoided zones', () => {
  const planner = new PathPlanner(map, { robotRadius: radius });

  it('goes around an avoided zone that the direct route crosses, keeping the whole robot out', () => {
    const direct = planner.plan(HOME, BIN_A, []);
    const around = planner.plan(HOME, BIN_A, [], [zone('bin_b')]);
    if (!direct.ok || !around.ok) throw new Error('both plans should succeed');
    expect(closest(direct.path, zone('bin_b'))).toBe(0); // straight through bin_b
    expect(closest(around.path, zone('bin_b'))).toBeGreaterThanOrEqual(radius);
    expect(around.lengthM).toBeGreaterThan(direct.lengthM);
    expect(around.path.at(-1)).toEqual(BIN_A);
  });

  it('refuses a goal inside an avoided zone, or so close the robot would reach into it, as the goal', () => {
    expect(planner.plan(HOME, { x: 7.2, y: 1.0 }, [], [zone('bin_b')])).toMatchObject({ ok: false, avoided: 'goal', reason: expect.stringMatching(/inside bin_b/) });
    expect(planner.plan(HOME, { x: 7.2, y: 1.65 }, [], [zone('bin_b')])).toMatchObject({ ok: false, avoided: 'goal', reason: expect.stringMatching(/would reach into bin_b/) });
  });

  it('refuses a start inside an avoided zone as the route: it cannot leave without crossing it', () => {
    expect(planner.plan(HOME, BIN_A, [], [zone('home')])).toMatchObject({ ok: false, avoided: 'route', reason: expect.stringMatching(/stands inside home/) });
  });

  it('says when the avoided zone is what leaves no route, and gives the plain reason when nothing would', () => {
    const corridor: StaticMap = {
      width: 6,
      depth: 4,
      obstacles: [{ id: 'divider', minX: 4.4, minY: 0, maxX: 4.6, maxY: 4, height: 1, color: '#888' }],
      zones: [
        { name: 'belt', minX: 2.7, minY: 0, maxX: 3.3, maxY: 4, color: '#999' },
        { name: 'corner', minX: 0, minY: 3, maxX: 1, maxY: 4, color: '#999' },
      ],
    };
    const p = new PathPlanner(corridor, { robotRadius: radius });
    const belt = corridor.zones[0]!;
    expect(p.plan({ x: 1, y: 1 }, { x: 4, y: 2 }, [])).toMatchObject({ ok: true });
    expect(p.plan({ x: 1, y: 1 }, { x: 4, y: 2 }, [], [belt])).toMatchObject({ ok: false, avoided: 'route', reason: expect.stringMatching(/every route .* crosses belt/) });
    const cutOff = p.plan({ x: 1, y: 1 }, { x: 5.5, y: 2 }, [], [belt]);
    expect(cutOff).toMatchObject({ ok: false, reason: expect.stringMatching(/cut off by walls or obstacles/) });
    expect(cutOff).not.toHaveProperty('avoided');
  });

  it('plans as before without zones, also after planning around some', () => {
    const fresh = new PathPlanner(map, { robotRadius: radius });
    const before = fresh.plan(HOME, BIN_A, []);
    fresh.plan(HOME, BIN_A, [], [zone('bin_b'), zone('shelf')]);
    expect(fresh.plan(HOME, BIN_A, [])).toEqual(before);
    expect(fresh.plan(HOME, BIN_A, [], [])).toEqual(before);
  });

  it('never plans a path whose robot reaches into an avoided zone (random goals and zones)', () => {
    const names = map.zones.map((z) => z.name).filter((n) => n !== 'home');
    fc.assert(
      fc.property(fc.double({ min: 0.3, max: 9.7, noNaN: true }), fc.double({ min: 0.3, max: 7.7, noNaN: true }), fc.subarray(names, { minLength: 1 }), (x, y, avoided) => {
        const zones = avoided.map(zone);
        const plan = planner.plan(HOME, { x, y }, [], zones);
        if (!plan.ok) return;
        // The planner keeps its inflation; shortcuts may dip by its slack of 5 mm.
        for (const z of zones) expect(closest(plan.path, z)).toBeGreaterThanOrEqual(radius + 0.02);
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});
