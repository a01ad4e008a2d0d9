import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';

/**
 * Which objects are meant (referring-wording.test.ts reads the words) carried out on the real
 * runtime: embedded MCP server, simulator and ONNX detector, judged by the simulator's final
 * world. "Both cubes" in a room of three is asked about before anything is grasped; "them" after
 * two objects moved together moves both on; "the rest of the cubes" after the green ball takes
 * every cube, and only cubes.
 */
const mission = plannerMissions();

const GRASPS = new Set(['grasp_object', 'release_object']);
type World = Awaited<ReturnType<typeof mission>>['run']['world'];
const zoneOf = (world: World, id: string) => world.objects.find((o) => o.id === id)?.zone;

describe('which objects are meant, on the real runtime', { timeout: 300_000 }, () => {
  it('"put both cubes in bin b" with three cubes in the room names the three and grasps none', async () => {
    const { run, calls } = await mission('twins', 1, 'put both cubes in bin b');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/there are 3/);
    expect(calls.filter((c) => GRASPS.has(c.name))).toEqual([]);
  });

  it('"take the red cube and the blue cube to bin a, then put them on the shelf" ends with both on the shelf', async () => {
    const { run } = await mission('warehouse', 1, 'take the red cube and the blue cube to bin a, then put them on the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'red_cube')).toBe('shelf');
    expect(zoneOf(run.world, 'blue_cube')).toBe('shelf');
  });

  it('"put the green ball in bin a and the rest of the cubes in bin b" moves every cube and nothing else', async () => {
    const { run } = await mission('warehouse', 1, 'put the green ball in bin a and the rest of the cubes in bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'green_ball')).toBe('bin_a');
    expect(zoneOf(run.world, 'red_cube')).toBe('bin_b');
    expect(zoneOf(run.world, 'blue_cube')).toBe('bin_b');
    expect(zoneOf(run.world, 'yellow_cylinder')).not.toBe('bin_b');
  });
});
