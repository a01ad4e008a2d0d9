import { describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { watchMission } from '../../src/tools/mission-trace.js';
import { runtimesClosedAfterEach, runTestMission } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Clause structure (clause-structure.test.ts reads it) carried out on the real runtime: embedded
 * MCP server, simulator and ONNX detector, judged by the simulator's final world and the zones
 * its physics steps put the robot in. A place said first is where the object goes, a correction
 * said with "actually" moves the object only to the corrected place, a rule over two places
 * keeps the robot out of both, and a place cleared "except for X" keeps X.
 */
const openRuntime = runtimesClosedAfterEach();

/** The warehouse with the yellow cylinder and the green ball on the shelf: something to clear, and something to keep. */
const twoOnShelf = () =>
  warehouseScenarioFile('clause-structure-two-on-shelf', (w) => ({
    ...w,
    objects: w.objects.map((o: { id: string }) => (o.id === 'yellow_cylinder' ? { ...o, x: 8.0, y: 7.0 } : o.id === 'green_ball' ? { ...o, x: 8.8, y: 7.1 } : o)),
  }));

async function mission(instruction: string, scenario = 'warehouse') {
  const runtime = await openRuntime(scenario, 1);
  const { sim } = runtime.simRobot;
  const watch = watchMission(sim.world, (listener) => sim.engine.onStep(listener));
  try {
    const run = await runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 120 });
    return { run, entered: watch.trace().zonesEntered };
  } finally {
    watch.stop();
  }
}

type World = Awaited<ReturnType<typeof mission>>['run']['world'];
const zoneOf = (world: World, id: string) => world.objects.find((o) => o.id === id)?.zone;

describe('clause structure on the real runtime', { timeout: 300_000 }, () => {
  it('"bin b — the blue cube" puts the blue cube in bin b', async () => {
    const { run } = await mission('bin b — the blue cube');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'blue_cube')).toBe('bin_b');
  });

  it('"put the green ball in bin a, actually bin b" puts it in bin b only', async () => {
    const { run } = await mission('put the green ball in bin a, actually bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'green_ball')).toBe('bin_b');
  });

  it('"stay out of bin a and bin b, take the red cube to the shelf" never enters either bin', async () => {
    const { run, entered } = await mission('stay out of bin a and bin b, take the red cube to the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'red_cube')).toBe('shelf');
    expect(entered).not.toContain('bin_a');
    expect(entered).not.toContain('bin_b');
  });

  it('"clear the shelf except for the green ball" takes the cylinder off and leaves the ball', async () => {
    const { run } = await mission('clear the shelf except for the green ball', twoOnShelf());
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'yellow_cylinder')).not.toBe('shelf');
    expect(zoneOf(run.world, 'green_ball')).toBe('shelf');
  });
});
