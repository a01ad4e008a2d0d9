import { describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { watchMission } from '../../src/tools/mission-trace.js';
import { runtimesClosedAfterEach, runTestMission } from '../helpers/runtime.js';

/**
 * Deliveries as people ask for them (delivery-wording.test.ts reads them) carried out on the real
 * runtime, judged by the simulator's final world and the zones its steps put the robot in: "there"
 * is the place said before, "get X for me" brings X to whoever asked, "but not the red one" after
 * "all the cubes" leaves the red cube only, and "avoid the bins" keeps out of both bins, and "X nearest to you to Z" takes X to Z.
 */
const openRuntime = runtimesClosedAfterEach();

async function mission(instruction: string) {
  const runtime = await openRuntime('warehouse', 1);
  const { sim } = runtime.simRobot;
  const start = { x: sim.world.robot.x, y: sim.world.robot.y };
  const watch = watchMission(sim.world, (listener) => sim.engine.onStep(listener));
  try {
    const run = await runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 100 });
    return { run, start, entered: watch.trace().zonesEntered };
  } finally {
    watch.stop();
  }
}

type World = Awaited<ReturnType<typeof mission>>['run']['world'];
const objectOf = (world: World, id: string) => world.objects.find((o) => o.id === id)!;

describe('deliveries as people ask for them, on the real runtime', { timeout: 300_000 }, () => {
  it('"take the red cube to bin a, then bring the blue cube there too" puts both in bin a', async () => {
    const { run } = await mission('take the red cube to bin a, then bring the blue cube there too');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'red_cube').zone).toBe('bin_a');
    expect(objectOf(run.world, 'blue_cube').zone).toBe('bin_a');
  });

  it('"go get the green ball for me" brings it to where the robot started', async () => {
    const { run, start } = await mission('go get the green ball for me');
    expect(run.outcome, run.summary).toBe('succeeded');
    const ball = objectOf(run.world, 'green_ball');
    expect(ball.heldBy).toBeNull();
    expect(Math.hypot(ball.x - start.x, ball.y - start.y)).toBeLessThan(1);
  });

  it('"put all the cubes in bin b but not the red one" moves the blue cube and leaves the red one', async () => {
    const { run } = await mission('put all the cubes in bin b but not the red one');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'blue_cube').zone).toBe('bin_b');
    const red = objectOf(run.world, 'red_cube');
    expect(Math.hypot(red.x - 6.2, red.y - 6.2)).toBeLessThan(0.05);
  });

  it('"take the red cube nearest to you to bin a" delivers it to bin a, not only picks it up', async () => {
    const { run } = await mission('take the red cube nearest to you to bin a');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'red_cube').zone).toBe('bin_a');
  });

  it('"pick up the blue cube and drop off the green ball in bin a" puts the green ball in bin a, not the blue cube', async () => {
    const { run } = await mission('pick up the blue cube and drop off the green ball in bin a');
    expect(objectOf(run.world, 'green_ball').zone, run.summary).toBe('bin_a');
    expect(objectOf(run.world, 'blue_cube').zone).not.toBe('bin_a');
  });

  it('"pick up the red cube, then the blue cube, and put them in bin b" puts both in bin b', async () => {
    const { run } = await mission('pick up the red cube, then the blue cube, and put them in bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'red_cube').zone).toBe('bin_b');
    expect(objectOf(run.world, 'blue_cube').zone).toBe('bin_b');
  });

  it('"avoid the bins and take the yellow cylinder to the shelf" never enters either bin', async () => {
    const { run, entered } = await mission('avoid the bins and take the yellow cylinder to the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(objectOf(run.world, 'yellow_cylinder').zone).toBe('shelf');
    expect(entered).not.toContain('bin_a');
    expect(entered).not.toContain('bin_b');
  });
});
