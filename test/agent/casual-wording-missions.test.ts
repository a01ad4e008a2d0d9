import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Casual wording (casual-wording.test.ts reads it) carried out on the real runtime: embedded MCP
 * server, simulator and ONNX detector, judged by the simulator's final world. Slang and
 * courtesies do not change what is done; a question in everyday form moves nothing; a word still
 * not understood is refused before anything moves.
 */
const mission = plannerMissions();

const MOTION = new Set(['navigate_to', 'approach_object', 'grasp_object', 'release_object', 'rotate', 'scan_surroundings']);
const GRASPS = new Set(['grasp_object', 'release_object']);
type World = Awaited<ReturnType<typeof mission>>['run']['world'];
const zoneOf = (world: World, id: string) => world.objects.find((o) => o.id === id)?.zone;

describe('casual wording on the real runtime', { timeout: 300_000 }, () => {
  it('"cheers, chuck the green ball in bin b" puts the green ball in bin b', async () => {
    const { run } = await mission('warehouse', 1, 'cheers, chuck the green ball in bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'green_ball')).toBe('bin_b');
  });

  it('"grab both red cubes and stick \'em on the shelf" puts both on the shelf', async () => {
    const { run } = await mission('twins', 1, "grab both red cubes and stick 'em on the shelf");
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'red_cube_1')).toBe('shelf');
    expect(zoneOf(run.world, 'red_cube_2')).toBe('shelf');
    expect(run.world.robot.holding).toBeNull();
  });

  it('"got any cylinders?" answers yes, with the yellow one, and touches nothing', async () => {
    const { run, calls } = await mission('warehouse', 1, 'got any cylinders?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/yellow_cylinder|yellow cylinder/);
    expect(calls.filter((c) => GRASPS.has(c.name))).toEqual([]);
    expect(zoneOf(run.world, 'yellow_cylinder')).toBeNull();
  });

  it('"how many cubes are lying about in this room" counts both cubes of the room', async () => {
    const { run, calls } = await mission('warehouse', 1, 'how many cubes are lying about in this room');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/\b2\b|\btwo\b/i);
    expect(calls.filter((c) => GRASPS.has(c.name))).toEqual([]);
  });

  it('"battery\'s low, go top up" charges at the dock', async () => {
    const { run } = await mission('low-battery', 1, "battery's low, go top up");
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.battery).toBeGreaterThanOrEqual(0.9);
    expect(run.world.robot.zone).toBe('charging_dock');
  });

  it('"it\'s getting dark, so hop over to bin b" takes the remark as said and goes to bin b', async () => {
    const { run } = await mission('dim', 1, "it's getting dark, so hop over to bin b");
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.zone).toBe('bin_b');
  });

  it('"stick the green ball in the bin that matches its colour" delivers it to the bin named after green', async () => {
    const bins = warehouseScenarioFile('casual-colour-bins', (warehouse) => ({
      ...warehouse,
      zones: warehouse.zones.map((z: { name: string }) => ({ ...z, name: ({ bin_a: 'green_bin', bin_b: 'red_bin' } as Record<string, string>)[z.name] ?? z.name })),
    }));
    const { run } = await mission(bins, 1, 'stick the green ball in the bin that matches its colour');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'green_ball')).toBe('green_bin');
  });

  it('"nip the red cube" is refused before anything moves, quoting it', async () => {
    const { run, calls } = await mission('warehouse', 1, 'nip the red cube');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toContain('nip');
    expect(calls.filter((c) => MOTION.has(c.name))).toEqual([]);
    expect(zoneOf(run.world, 'red_cube')).toBeNull();
  });
});
