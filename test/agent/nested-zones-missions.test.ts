import { describe, expect, it } from 'vitest';
import { inZone } from '../../src/core/zone-membership.js';
import { plannerMissions } from '../helpers/runtime.js';
import { AISLE_LAYOUT, BENCH_AND_TRAY, framedScenarioFile } from '../helpers/scenario-file.js';

/**
 * A tray lying on a bench, the bench listed first on the map: an object in the tray is in both.
 * Every "which zone is it in" used to take the first zone listed, so the tray looked empty with a
 * cube in it and drops into the tray were reported missed. On the real runtime (embedded server,
 * simulator, ONNX detector), judged by the simulator's truth measured against the rectangles.
 */
const aisle = () =>
  framedScenarioFile(AISLE_LAYOUT, {
    name: 'nested-aisle',
    summary: 'two racks make an aisle; a tray lies on a bench listed before it',
    obstacles: AISLE_LAYOUT.obstacles,
    zones: [
      { name: 'bin_left', x: 3.0, y: 1.0, width: 1.0, depth: 1.0 },
      ...BENCH_AND_TRAY,
    ],
    objects: [
      { id: 'red_cube', color: 'red', shape: 'cube', x: 3.0, y: 1.0 },
      { id: 'yellow_cube', color: 'yellow', shape: 'cube', x: 7.0, y: 6.8 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 9.3, y: 1.0 },
    ],
  });
const TRAY = { minX: 8.9, minY: 0.6, maxX: 9.7, maxY: 1.4 };

const plannerMission = plannerMissions({ maxSteps: 150 });
const mission = async (seed: number, instruction: string) => (await plannerMission(aisle(), seed, instruction)).run;
const object = (run: Awaited<ReturnType<typeof mission>>, id: string) => run.world.objects.find((o) => o.id === id)!;

describe('zones nested in other zones', { timeout: 300_000 }, () => {
  it('"how many things are in the tray?" counts the cube in it', async () => {
    const run = await mission(202, 'how many things are in the tray?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/\b1 object in tray\b/);
    expect(run.summary).toContain('blue_cube');
  });

  it('"is the blue cube in the tray?" says yes, and names the tray', async () => {
    const run = await mission(203, 'is the blue cube in the tray?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/^Yes\b.*blue_cube#\d+ .* in tray/);
  });

  it('"clear the tray" takes the cube out of it', async () => {
    const run = await mission(201, 'clear the tray');
    const cube = object(run, 'blue_cube');
    expect(cube.heldBy).toBeNull();
    expect(inZone(TRAY, cube)).toBe(false);
    expect(run.outcome, run.summary).toBe('succeeded');
  });

  it('"put the yellow cube in the tray": the drop lands in the tray (on the bench too) and is reported done', async () => {
    const run = await mission(204, 'put the yellow cube in the tray');
    const cube = object(run, 'yellow_cube');
    expect(cube.heldBy).toBeNull();
    expect(inZone(TRAY, cube)).toBe(true);
    expect(cube.zone).toBe('tray'); // the truth report names the innermost zone
    expect(run.outcome, run.summary).toBe('succeeded');
  });
});
