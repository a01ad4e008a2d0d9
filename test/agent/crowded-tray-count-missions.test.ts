import { describe, expect, it } from 'vitest';
import { answerNumbers } from '../../src/tools/answer-text.js';
import { plannerMissions } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * A full tray in a corner, against a wall and a partition, with a yellow cube at its back corner
 * behind the three cylinders in front of it: no side the robot can stand on shows it whole. A
 * count of the room looks again at the crowded tray, and a part of it hidden behind objects is not
 * taken as seen; so the count is either the true one or an honest failure that says the tray may
 * hold more — never a wrong number given as the room's (it had said "I count 3 green objects after
 * searching the whole room" with a green cylinder hidden in such a tray). Judged by the
 * simulator's world.
 */
const mission = plannerMissions();

const withCrowdedTray = () =>
  warehouseScenarioFile('crowded-tray', (w) => ({
    ...w,
    obstacles: [...w.obstacles, { id: 'partition', x: 3.0, y: 7.3, width: 0.15, depth: 1.4, height: 2.2, color: '#d0d4d6' }],
    zones: [...w.zones, { name: 'tray', x: 2.5, y: 7.5, width: 0.36, depth: 0.36, color: '#a0a0a8' }],
    objects: [
      ...w.objects,
      { id: 'red_cylinder', color: 'red', shape: 'cylinder', size: 0.11, x: 2.41, y: 7.41 },
      { id: 'blue_cylinder', color: 'blue', shape: 'cylinder', size: 0.11, x: 2.59, y: 7.41 },
      { id: 'green_cylinder', color: 'green', shape: 'cylinder', size: 0.11, x: 2.41, y: 7.59 },
      { id: 'yellow_cube', color: 'yellow', shape: 'cube', size: 0.12, x: 2.59, y: 7.59 },
    ],
  }));

describe('a list of all of a kind in a room with a crowded tray', { timeout: 300_000 }, () => {
  it('"find all the cubes" names the cube at the back of the tray, or fails saying the tray may hold more', async () => {
    const { run } = await mission(withCrowdedTray(), 1, 'find all the cubes');
    const cubes = run.world.objects.filter((o) => o.shape === 'cube');
    // Every cube named by a place within 0.3 m of it (the listing is judged by the world, not by ids).
    const named = [...run.summary.matchAll(/\((\d+(?:\.\d+)?), (\d+(?:\.\d+)?)\)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    const listed = cubes.filter((c) => named.some((p) => Math.hypot(p.x - c.x, p.y - c.y) <= 0.3));
    if (run.outcome === 'succeeded') expect(listed.map((c) => c.id), run.summary).toEqual(cubes.map((c) => c.id));
    else expect(run.summary).toMatch(/tray.*there may be more/);
  });
});

describe('a count of a room with a crowded tray', { timeout: 300_000 }, () => {
  for (const [text, shape] of [
    ['how many cubes are there in this room', 'cube'],
    ['how many cylinders are on the tray', 'cylinder'],
    ['how many things are on the tray', undefined],
  ] as const) {
    it(`"${text}" is the true count, or a failure that says the tray may hold more`, async () => {
      const { run } = await mission(withCrowdedTray(), 1, text);
      const truth = run.world.objects.filter((o) => (shape === 'cube' ? o.shape === 'cube' : o.zone === 'tray' && (!shape || o.shape === shape))).length;
      if (run.outcome === 'succeeded') expect(answerNumbers(run.summary, ['tray', 'home', 'shelf', 'bin_a', 'bin_b', 'charging_dock'])[0], run.summary).toBe(truth);
      else expect(run.summary).toMatch(/at least \d+ .*tray.*there may be more/);
      expect(run.world.objects.every((o) => o.heldBy === null)).toBe(true);
    });
  }
});
