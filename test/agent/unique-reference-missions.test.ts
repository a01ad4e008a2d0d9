import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { redTeamScenarioFile } from '../helpers/scenario-file.js';

/**
 * "The red cube" names one object, and the robot acts on it only once it has reason to believe
 * there is one: the room (or the zone the words name) covered with no second one seen. Judged by
 * the simulator's final world. The rack (x 3.9-4.5, y 3.1-6.1) hides the floor behind it from
 * the start at (1, 1): a red cube there is not in the first looks.
 */
const twinBehindRack = (name: string, extra: unknown[] = []) =>
  redTeamScenarioFile({
    name,
    summary: 'a red cube in view of the start and another behind the rack',
    zones: [{ name: 'bin_a', x: 3.0, y: 1.6, width: 1.0, depth: 1.0 }],
    objects: [
      { id: 'red_cube_1', color: 'red', shape: 'cube', x: 3.0, y: 1.6 },
      { id: 'red_cube_2', color: 'red', shape: 'cube', x: 5.6, y: 5.4 },
      ...extra,
    ],
  });

const oneRedCube = () =>
  redTeamScenarioFile({
    name: 'one-red-cube-rack',
    summary: 'one red cube in view of the start, a blue cube behind the rack',
    objects: [
      { id: 'red_cube', color: 'red', shape: 'cube', x: 3.0, y: 1.6 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 5.6, y: 5.4 },
    ],
  });

const mission = plannerMissions({ maxSteps: 100 });
const unmoved = (world: { objects: ReadonlyArray<{ id: string; x: number; y: number; heldBy: string | null }> }, id: string, at: { x: number; y: number }) => {
  const o = world.objects.find((w) => w.id === id)!;
  return o.heldBy === null && Math.hypot(o.x - at.x, o.y - at.y) < 0.05;
};

describe('a definite singular is acted on only when it is known to be the only one', { timeout: 300_000 }, () => {
  it.each([1, 2])('"the red cube" with a second one behind the rack: both named, nothing moved (seed %i)', async (seed) => {
    const { run, calls } = await mission(twinBehindRack('twin-behind-rack'), seed, 'put the red cube on the shelf');
    expect(run.outcome, run.summary).toBe('failed');
    expect(run.summary).toMatch(/could be red_cube#\d at .* or red_cube#\d at .*say which one/);
    expect(calls.some((c) => c.name === 'grasp_object')).toBe(false);
    expect(unmoved(run.world, 'red_cube_1', { x: 3.0, y: 1.6 }) && unmoved(run.world, 'red_cube_2', { x: 5.6, y: 5.4 })).toBe(true);
  });

  it('"the red cube" in the built-in twins room, the second cube out of sight at the start: both named, nothing moved', async () => {
    const { run, calls } = await mission('twins', 1, 'pick up the red cube');
    expect(run.outcome, run.summary).toBe('failed');
    expect(run.summary).toMatch(/red_cube#\d at .* or red_cube#\d at /);
    expect(calls.some((c) => c.name === 'grasp_object')).toBe(false);
    expect(run.world.robot.holding).toBeNull();
  });

  it('the only red cube is picked up once the room has been searched, and only then', async () => {
    const { run, calls } = await mission(oneRedCube(), 1, 'pick up the red cube');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.holding).toBe('red_cube');
    // The search went on past the first looks before the grasp: a scan from another place.
    const grasp = calls.findIndex((c) => c.name === 'grasp_object');
    expect(calls.slice(0, grasp).filter((c) => c.name === 'scan_surroundings').length).toBeGreaterThan(1);
  });

  it('"the red cube in bin a" needs only bin a looked at: the one there is taken, the other is no reason to refuse', async () => {
    const { run } = await mission(twinBehindRack('twin-one-in-bin'), 1, 'put the red cube in bin a on the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.find((o) => o.id === 'red_cube_1')!.zone).toBe('shelf');
    expect(unmoved(run.world, 'red_cube_2', { x: 5.6, y: 5.4 })).toBe(true);
  });

  it('"a red cube" takes the first one found, without searching for another', async () => {
    const { run, calls } = await mission(twinBehindRack('twin-any'), 1, 'pick up a red cube');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.holding).toMatch(/^red_cube_[12]$/);
    expect(calls.some((c) => c.name === 'navigate_to')).toBe(false);
  });

  it('"next to the blue ball" with a second blue ball behind the rack: both named before the red cube is picked up', async () => {
    const scenario = twinBehindRack('twin-landmarks', [
      { id: 'blue_ball_1', color: 'blue', shape: 'ball', x: 2.2, y: 2.6 },
      { id: 'blue_ball_2', color: 'blue', shape: 'ball', x: 6.4, y: 6.2 },
    ]);
    const { run, calls } = await mission(scenario, 1, 'put the red cube in bin a next to the blue ball');
    expect(run.outcome, run.summary).toBe('failed');
    expect(run.summary).toMatch(/next to the blue ball: .*blue_ball#\d at .* or blue_ball#\d at .*say which one/);
    expect(calls.some((c) => c.name === 'grasp_object')).toBe(false);
  });

  it('a room searched once for one "the X" is not searched again for the next', async () => {
    const { run, calls } = await mission(oneRedCube(), 1, 'put the red cube on the shelf, then put the blue cube in home');
    expect(run.outcome, run.summary).toBe('succeeded');
    const grasps = calls.flatMap((c, i) => (c.name === 'grasp_object' ? [i] : []));
    expect(grasps).toHaveLength(2);
    // Between the first delivery and the second grasp: no search of the room, only the way to the cube.
    expect(calls.slice(grasps[0], grasps[1]).filter((c) => c.name === 'scan_surroundings').length).toBeLessThanOrEqual(1);
  });
});
