import { describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Goals, then verification (#15), on the real runtime: the false successes the issue measured
 * are gone, judged by the final ground truth, and each mission's report lists its goals as the
 * robot's own sensing found them.
 */
const openRuntime = runtimesClosedAfterEach();

/** The warehouse with other zone names and no home zone: a loading dock beside the charging dock. */
function depot(): string {
  const names: Record<string, string> = { home: 'outbox', shelf: 'packing_area', bin_a: 'loading_dock', bin_b: 'loading_bay' };
  return warehouseScenarioFile('depot', (warehouse) => ({ ...warehouse, zones: warehouse.zones.map((z: { name: string }) => ({ ...z, name: names[z.name] ?? z.name })) }));
}

async function mission(instruction: string, scenario = 'warehouse', seed = 1) {
  const runtime = await openRuntime(scenario, seed);
  return runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 100 });
}

type Run = Awaited<ReturnType<typeof mission>>;
const calls = (run: Run) => run.events.flatMap((e) => (e.type === 'tool_call_finished' ? [e.name] : []));
const object = (run: Run, id: string) => run.world.objects.find((o) => o.id === id)!;

// Whole missions on a shared 2-core machine: several deliveries take a while in wall time.
describe('goals, then verification', { timeout: 120_000 }, () => {
  it('delivers both of "X to one place and Y to another", and lists both goals as met from a fresh look', async () => {
    const run = await mission('put the blue cube in bin a and the red cube on the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'blue_cube').zone).toBe('bin_a');
    expect(object(run, 'red_cube').zone).toBe('shelf');
    expect(run.goals).toMatchObject([
      { text: 'the blue cube in bin_a', status: 'met', evidence: expect.stringMatching(/blue_cube#\d seen at .* in bin_a \(fresh looks with the camera\)/) },
      { text: 'the red cube in shelf', status: 'met' },
    ]);
  });

  it('goes to the dock without charging: no charge, and "did not charge" is a goal it checked', async () => {
    const run = await mission('go to the dock without charging');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.zone).toBe('charging_dock');
    expect(calls(run)).not.toContain('charge_battery');
    expect(run.world.robot.battery).toBeLessThan(0.9);
    expect(run.goals).toMatchObject([{ text: 'robot in charging_dock', status: 'met' }, { text: 'did not charge', status: 'met' }]);
  });

  it('"but don\'t charge" on a low battery: does not charge, and says so rather than going anyway', async () => {
    const run = await mission("go to bin a but don't charge", 'low-battery');
    expect(calls(run)).not.toContain('charge_battery');
    expect(run.goals?.find((g) => g.text === 'robot in bin_a')?.status === 'met').toBe(run.world.robot.zone === 'bin_a');
    if (run.outcome === 'succeeded') expect(run.world.robot.zone).toBe('bin_a');
  });

  it('refuses "don\'t go through X" before moving when the goal needs the robot in X, rather than ignoring it', async () => {
    const run = await mission("bring the red cube to bin b but don't go through bin b");
    expect(run.outcome).toBe('failed');
    expect(run.steps).toBe(0);
    expect(run.summary).toMatch(/go through bin b" contradicts putting the red cube in bin_b/);
    expect(object(run, 'red_cube').heldBy).toBeNull();
  });

  it('a place named after a dock goes there, not to the charging dock', async () => {
    const run = await mission('drop the blue cube off at the loading dock', depot());
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'blue_cube').zone).toBe('loading_dock');
    expect(calls(run)).not.toContain('charge_battery');
  });

  it('reads a partial zone name and says how it read it', async () => {
    const run = await mission('take the blue cube to packing', depot());
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'blue_cube').zone).toBe('packing_area');
    const narration = run.events.flatMap((e) => (e.type === 'model_turn' ? e.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])) : []));
    expect(narration.join(' ')).toMatch(/reading 'packing' as packing_area/i);
  });

  it('a built-in place word that is not on this map is refused before anything is picked up, listing the zones', async () => {
    const run = await mission('pick up the red cube and put it in bin a', depot());
    expect(run.outcome).toBe('failed');
    expect(run.steps).toBe(0);
    expect(run.summary).toMatch(/I do not know a place called "bin a": this map has outbox, packing_area, loading_dock, loading_bay and charging_dock/);
  });

  it('"bring it back" with no home zone takes it to where the robot started', async () => {
    const run = await mission('pick up the blue cube, then bring it back', depot());
    expect(run.outcome, run.summary).toBe('succeeded');
    const cube = object(run, 'blue_cube');
    expect(cube.heldBy).toBeNull();
    expect(Math.hypot(cube.x - 1, cube.y - 1)).toBeLessThan(0.8);
  });

  it('takes a picture and says what it sees', async () => {
    const picture = await mission('take a picture');
    expect(picture.outcome, picture.summary).toBe('succeeded');
    expect(calls(picture)).toContain('capture_image');
    const seeing = await mission('tell me what you see');
    expect(seeing.outcome, seeing.summary).toBe('succeeded');
    expect(calls(seeing)).toContain('scan_surroundings');
  });

  it('reads a one-letter typo', async () => {
    const run = await mission('pick up teh blue cube');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.holding).toBe('blue_cube');
  });
});
