import { afterEach, describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import type { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { openTestRuntime, runTestMission } from '../helpers/runtime.js';
import { RED_TEAM_LAYOUT, scenarioFile } from '../helpers/scenario-file.js';

/**
 * Counts, quantities and "the farthest" on the real runtime, judged by the simulator's truth: each
 * case here had ended `succeeded` while the world disagreed (a red-team run) — two balls 0.35 m
 * apart counted as one, as were two cubes the robot had just put down side by side; "three cubes"
 * when the room has two moved both and called it done; "the farthest" taken among those seen.
 */
let runtimes: MissionRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes) await r.close();
  runtimes = [];
});

/** Two red balls 0.35 m apart with a red cylinder beside them, and a cube behind the crate. */
const clusterFile = () =>
  scenarioFile({
    ...RED_TEAM_LAYOUT,
    name: 'cluster',
    summary: 'two red balls close together, a red cylinder next to them, and a blue cube behind the crate',
    objects: [
      { id: 'red_ball_1', color: 'red', shape: 'ball', x: 6.0, y: 3.0 },
      { id: 'red_ball_2', color: 'red', shape: 'ball', x: 6.0, y: 3.35 },
      { id: 'red_cylinder', color: 'red', shape: 'cylinder', x: 6.4, y: 3.2 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 2.4, y: 3.5 },
    ],
  });

async function mission(scenario: string, seed: number, instruction: string) {
  const runtime = await openTestRuntime(scenario, seed);
  runtimes.push(runtime);
  return runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 100 });
}

describe('counts, quantities and ranks hold in the world', { timeout: 300_000 }, () => {
  it.each([1, 5])('counts two red balls 0.35 m apart as two, and three red objects with the cylinder (seed %i)', async (seed) => {
    const balls = await mission(clusterFile(), seed, 'how many red balls are there');
    expect(balls.outcome, balls.summary).toBe('succeeded');
    expect(balls.summary).toMatch(/I count 2 red balls/);
    const red = await mission(clusterFile(), seed, 'how many red objects are there');
    expect(red.summary).toMatch(/I count 3 red objects/);
  });

  it('counts the two cubes it has just put down side by side as two', async () => {
    const run = await mission('twins', 3, 'put both red cubes in bin b, then count the red cubes in bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.filter((o) => o.id.startsWith('red_cube') && o.zone === 'bin_b')).toHaveLength(2);
    expect(run.summary).toMatch(/I count 2 red cubes in bin_b/);
  });

  it('"three cubes" in a room with two: both moved, and the mission failed saying only two were there', async () => {
    const run = await mission('warehouse', 17, 'put three cubes on the shelf');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/found only 2, not the 3 asked for/);
    expect(run.goals?.some((g) => g.status === 'met')).toBe(false);
  });

  it('"the farthest" is the farthest of the whole room from where the robot was asked', async () => {
    const run = await mission('twins', 1, 'put the red cube farthest from you on the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    // red_cube_2 at (6, 6.4) is farther from the start (1, 1) than red_cube_1.
    expect(run.world.objects.find((o) => o.id === 'red_cube_2')!.zone).toBe('shelf');
    expect(run.world.objects.find((o) => o.id === 'red_cube_1')!.zone).not.toBe('shelf');
  });
});
