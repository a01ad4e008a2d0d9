import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { redTeamScenarioFile } from '../helpers/scenario-file.js';

/**
 * Three missions a red-team run of the offline planner got wrong, on the real runtime (embedded
 * server, simulator, ONNX detector) and judged by the simulator's truth: a check of what was put
 * down that only looked from inside the zone the mission kept out of, a ball the robot had just
 * put down taken for a second one when a later look gave it a new tracker id, and an instruction
 * that only sets a rule, which crashed the planner.
 */
const mission = plannerMissions();

/** A warehouse whose shelf holds two balls already, with a third ball out on the floor, and a full bin_a. */
const shelfRoom = () =>
  redTeamScenarioFile({
    name: 'shelf-edge',
    summary: 'warehouse with a nearly full bin and two balls already on the shelf',
    zones: [{ name: 'bin_a', x: 8.9, y: 1.0, width: 0.8, depth: 0.8 }, { name: 'bin_b', x: 7.2, y: 1.0, width: 1.0, depth: 1.0 }],
    objects: [
      { id: 'green_cube_a', color: 'green', shape: 'cube', x: 8.7, y: 0.8 },
      { id: 'green_cube_b', color: 'green', shape: 'cube', x: 9.1, y: 0.8 },
      { id: 'green_cube_c', color: 'green', shape: 'cube', x: 8.9, y: 1.2 },
      { id: 'blue_ball', color: 'blue', shape: 'ball', x: 7.15, y: 7.1 },
      { id: 'yellow_ball', color: 'yellow', shape: 'ball', x: 7.4, y: 6.7 },
      { id: 'red_cube', color: 'red', shape: 'cube', x: 2.4, y: 3.55 },
      { id: 'red_ball', color: 'red', shape: 'ball', x: 5.5, y: 5.0 },
    ],
  });

describe('missions a red-team run got wrong', { timeout: 300_000 }, () => {
  it('"put the blue cube in bin a, avoid bin b": the check looks from outside bin_b and sees the cube in bin_a', async () => {
    const { run, calls } = await mission('warehouse', 23, 'put the blue cube in bin a, avoid bin b');
    expect(run.world.objects.find((o) => o.id === 'blue_cube')).toMatchObject({ zone: 'bin_a', heldBy: null });
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.goals?.find((g) => g.text.includes('bin_a'))?.evidence).toMatch(/blue_cube#\d+ seen at .* in bin_a/);
    // No pose to look from was one the robot had to refuse for lying in (or reaching into) bin_b.
    expect(calls.filter((c) => c.isError)).toEqual([]);
  });

  it('"move all the balls to the shelf": the ball it put down and saw again under a new id is not a second one already there', async () => {
    const { run } = await mission(shelfRoom(), 3, 'move all the balls to the shelf');
    const balls = run.world.objects.filter((o) => o.shape === 'ball');
    expect(balls.map((b) => b.zone)).toEqual(['shelf', 'shelf', 'shelf']);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/^Put red_ball#1, blue_ball#1 in shelf \(yellow_ball#1 was already there\)\.$/);
  });

  it('"never move the blue cube": only a rule, kept by doing nothing, said so, and nothing moved', async () => {
    const { run, calls } = await mission('warehouse', 44, 'never move the blue cube');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/only sets a rule \(left the blue cube alone\) and asks for nothing to be done/);
    expect(run.goals).toEqual([expect.objectContaining({ text: 'left the blue cube alone', status: 'met' })]);
    expect(calls.map((c) => c.name)).toEqual(['get_robot_status']);
    expect(run.world.robot).toMatchObject({ x: 1, y: 1, holding: null });
    expect(run.world.objects.find((o) => o.id === 'blue_cube')).toMatchObject({ heldBy: null });
  });

  it('"avoid bin b" alone: kept by not driving, checked from the robot\'s own record', async () => {
    const { run, calls } = await mission('warehouse', 44, 'avoid bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.goals).toEqual([expect.objectContaining({ text: 'kept out of bin b', status: 'met', evidence: expect.stringMatching(/the mission did not drive/) })]);
    expect(calls.map((c) => c.name)).toEqual(['get_robot_status']);
    expect(run.world.robot).toMatchObject({ x: 1, y: 1 });
  });
});
