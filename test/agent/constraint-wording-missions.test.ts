import { describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { watchMission } from '../../src/tools/mission-trace.js';
import { runtimesClosedAfterEach, runTestMission } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Constraints, exceptions and swaps in the words people use (constraint-wording.test.ts reads
 * them) carried out on the real runtime: embedded MCP server, simulator and ONNX detector. Each is
 * judged by the simulator's final world and the zones its physics steps put the robot in, never
 * by what the planner says; a constraint it cannot keep is refused before anything moves.
 */
const openRuntime = runtimesClosedAfterEach();

async function mission(scenario: string, seed: number, instruction: string) {
  const runtime = await openRuntime(scenario, seed);
  const { sim } = runtime.simRobot;
  const watch = watchMission(sim.world, (listener) => sim.engine.onStep(listener));
  try {
    const run = await runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 120 });
    const calls = run.events.flatMap((e) => (e.type === 'tool_call_finished' ? [e.name] : []));
    return { run, calls, entered: watch.trace().zonesEntered };
  } finally {
    watch.stop();
  }
}

type World = Awaited<ReturnType<typeof mission>>['run']['world'];
const objectOf = (world: World, id: string) => world.objects.find((o) => o.id === id)!;
const MOTION = new Set(['navigate_to', 'approach_object', 'grasp_object', 'release_object', 'rotate', 'scan_surroundings']);

/** The warehouse with its yellow cylinder lying on the shelf: something for "nothing from the shelf" to spare. */
const cylinderOnShelf = () =>
  warehouseScenarioFile('constraint-wording-cylinder-on-shelf', (w) => ({
    ...w,
    objects: w.objects.map((o: { id: string }) => (o.id === 'yellow_cylinder' ? { ...o, x: 8.0, y: 7.0 } : o)),
  }));

describe('constraint wording on the real runtime', { timeout: 300_000 }, () => {
  it('"bring the green cube to bin a without going to the shelf" delivers it and never enters the shelf', async () => {
    const { run, entered } = await mission('cluttered', 1, 'bring the green cube to bin a without going to the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'green_cube').zone).toBe('bin_a');
    expect(entered).not.toContain('shelf');
  });

  it('"nothing from the shelf, but bring the red cube to bin b" leaves what lies on the shelf where it is', async () => {
    const { run } = await mission(cylinderOnShelf(), 1, 'nothing from the shelf, but bring the red cube to bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'red_cube').zone).toBe('bin_b');
    const cylinder = objectOf(run.world, 'yellow_cylinder');
    expect(cylinder.heldBy).toBeNull();
    expect(Math.hypot(cylinder.x - 8.0, cylinder.y - 7.0)).toBeLessThan(0.05);
  });

  it('"only the cubes go on the shelf" moves both cubes and nothing else', async () => {
    const { run } = await mission('warehouse', 1, 'only the cubes go on the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'red_cube').zone).toBe('shelf');
    expect(objectOf(run.world, 'blue_cube').zone).toBe('shelf');
    expect(objectOf(run.world, 'green_ball')).toMatchObject({ x: 2, y: 5.8, heldBy: null });
    expect(objectOf(run.world, 'yellow_cylinder')).toMatchObject({ x: 8.6, y: 4.2, heldBy: null });
  });

  it('"put the red cube where the blue cube is and vice versa" exchanges their places', async () => {
    const { run } = await mission('warehouse', 1, 'put the red cube where the blue cube is and vice versa');
    expect(run.outcome, run.summary).toBe('succeeded');
    const red = objectOf(run.world, 'red_cube');
    const blue = objectOf(run.world, 'blue_cube');
    expect(Math.hypot(red.x - 4.6, red.y - 1.3)).toBeLessThan(0.6);
    expect(Math.hypot(blue.x - 6.2, blue.y - 6.2)).toBeLessThan(0.6);
  });

  it('"put the blue cube in bin b without touching anything else" moves the blue cube only', async () => {
    const { run } = await mission('warehouse', 1, 'put the blue cube in bin b without touching anything else');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'blue_cube').zone).toBe('bin_b');
    for (const id of ['red_cube', 'green_ball', 'yellow_cylinder']) expect(objectOf(run.world, id).zone, id).toBeNull();
  });

  it('"put the cubes in bin b, the blue one stays where it is" moves the red cubes and not the blue one', async () => {
    const { run } = await mission('twins', 1, 'put the cubes in bin b, the blue one stays where it is');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'red_cube_1').zone).toBe('bin_b');
    expect(objectOf(run.world, 'red_cube_2').zone).toBe('bin_b');
    expect(objectOf(run.world, 'blue_cube')).toMatchObject({ x: 8.2, y: 4.4, heldBy: null });
  });

  it('"put all the cubes bar one in bin a" does not say which one: refused before anything moves', async () => {
    const { run, calls } = await mission('twins', 1, 'put all the cubes bar one in bin a');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/bar one|which/);
    expect(calls.filter((c) => MOTION.has(c))).toEqual([]);
  });

  it('"put the red cube in bin a, but don\'t go to bin a" contradicts itself: refused before anything moves', async () => {
    const { run, calls, entered } = await mission('warehouse', 1, "put the red cube in bin a, but don't go to bin a");
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/bin a|bin_a/);
    expect(calls.filter((c) => MOTION.has(c))).toEqual([]);
    expect(entered).not.toContain('bin_a');
  });
});
