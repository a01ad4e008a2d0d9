import { describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Compositions on the real runtime (simulator, robot, embedded MCP server, the real detector):
 * swap, clear and putting things in the zones named after their colours, each judged by the
 * final ground truth and reported goal by goal from the robot's own fresh look.
 */
const openRuntime = runtimesClosedAfterEach();

type Spot = { x: number; y: number };

/** The warehouse with objects moved (and zones renamed): a room for one composition. */
function warehouseWith(name: string, moves: Record<string, Spot>, zoneNames: Record<string, string> = {}): string {
  return warehouseScenarioFile(name, (warehouse) => ({
    ...warehouse,
    objects: warehouse.objects.map((o: { id: string }) => ({ ...o, ...(moves[o.id] ?? {}) })),
    zones: warehouse.zones.map((z: { name: string }) => ({ ...z, name: zoneNames[z.name] ?? z.name })),
  }));
}

async function mission(instruction: string, scenario: string) {
  const runtime = await openRuntime(scenario, 1);
  return runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 100 });
}

type Run = Awaited<ReturnType<typeof mission>>;
const object = (run: Run, id: string) => run.world.objects.find((o) => o.id === id)!;
const distance = (a: Spot, b: Spot) => Math.hypot(a.x - b.x, a.y - b.y);

describe('compositions', { timeout: 240_000 }, () => {
  it('swaps two objects in two zones: each ends in the other\'s zone, both goals checked by a fresh look', async () => {
    const room = warehouseWith('swap-zones', { red_cube: { x: 8.9, y: 1.1 }, blue_cube: { x: 7.2, y: 1.1 } });
    const run = await mission('swap the red cube in bin a with the blue cube in bin b', room);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'red_cube').zone).toBe('bin_b');
    expect(object(run, 'blue_cube').zone).toBe('bin_a');
    expect(run.goals).toMatchObject([
      { text: expect.stringMatching(/in bin_b$/), status: 'met' },
      { text: expect.stringMatching(/in bin_a$/), status: 'met' },
    ]);
  });

  it('swaps an object in a zone with one on the floor: into the zone, and to the other\'s old spot', async () => {
    const room = warehouseWith('swap-spot', { green_ball: { x: 8.4, y: 7.0 } });
    const run = await mission('could you switch the green ball on the shelf and the red cube around', room);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'red_cube').zone).toBe('shelf');
    expect(distance(object(run, 'green_ball'), { x: 6.2, y: 6.2 })).toBeLessThan(1);
  });

  it('swaps two objects on the floor: one set aside first, then each to the other\'s old spot', async () => {
    const run = await mission('swap the red cube with the blue cube', 'warehouse');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(distance(object(run, 'red_cube'), { x: 4.6, y: 1.3 })).toBeLessThan(1);
    expect(distance(object(run, 'blue_cube'), { x: 6.2, y: 6.2 })).toBeLessThan(1);
    expect(run.goals?.map((g) => g.status)).toEqual(['met', 'met']);
  });

  it('clears a zone into another: everything that was in it ends there', async () => {
    const room = warehouseWith('clear-into', { red_cube: { x: 7.0, y: 0.9 }, green_ball: { x: 7.4, y: 1.2 } });
    const run = await mission('clear bin b, it all goes on the shelf', room);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'red_cube').zone).toBe('shelf');
    expect(object(run, 'green_ball').zone).toBe('shelf');
  });

  it('clears a zone with nowhere said: out of it, onto free floor in no zone', async () => {
    const room = warehouseWith('clear-out', { red_cube: { x: 8.4, y: 7.1 } });
    const run = await mission('clear the shelf', room);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'red_cube').zone).toBeNull();
    expect(object(run, 'red_cube').heldBy).toBeNull();
    expect(run.goals?.[0]).toMatchObject({ status: 'met' });
  });

  it('puts each cube in the zone named after its colour', async () => {
    const room = warehouseWith('sort', { red_cube: { x: 8.9, y: 1.1 } }, { bin_a: 'blue_bay', bin_b: 'red_bay' });
    const run = await mission('sort the cubes out', room);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'red_cube').zone).toBe('red_bay');
    expect(object(run, 'blue_cube').zone).toBe('blue_bay');
  });

  it('refuses to sort on a map with no zone named after a colour or kind, before moving', async () => {
    const run = await mission('the red cube is in the wrong place, put it right', 'warehouse');
    expect(run.outcome).toBe('failed');
    expect(run.steps).toBe(0);
    expect(run.summary).toMatch(/no zone of this map is named after a colour or a kind/);
  });
});
