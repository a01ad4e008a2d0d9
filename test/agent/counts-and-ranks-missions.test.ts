import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { redTeamScenarioFile } from '../helpers/scenario-file.js';

/**
 * Counts, quantities and "the farthest" on the real runtime, judged by the simulator's truth: each
 * case here had ended `succeeded` while the world disagreed (two red-team runs) — two balls 0.35 m
 * apart counted as one, as were two cubes the robot had just put down side by side; "three cubes"
 * (or "all three balls") when the room has fewer moved them and called it done; "the farthest"
 * or "the two nearest" taken among those seen first; one object sent to two places.
 */
/** Two red balls 0.35 m apart with a red cylinder beside them, and a cube behind the crate. */
const clusterFile = () =>
  redTeamScenarioFile({
    name: 'cluster',
    summary: 'two red balls close together, a red cylinder next to them, and a blue cube behind the crate',
    objects: [
      { id: 'red_ball_1', color: 'red', shape: 'ball', x: 6.0, y: 3.0 },
      { id: 'red_ball_2', color: 'red', shape: 'ball', x: 6.0, y: 3.35 },
      { id: 'red_cylinder', color: 'red', shape: 'cylinder', x: 6.4, y: 3.2 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 2.4, y: 3.5 },
    ],
  });

const plannerMission = plannerMissions({ maxSteps: 100 });
const mission = async (scenario: string, seed: number, instruction: string) => (await plannerMission(scenario, seed, instruction)).run;

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

  it('"all three balls" keeps its number: a room with one ball fails saying so', async () => {
    const run = await mission('warehouse', 222, 'put all three balls in bin a');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/found only 1, not the 3 asked for/);
  });

  it('"the two blue cubes nearest to you" are the two nearest of the room, measured from where it was asked', async () => {
    const room = redTeamScenarioFile({
      name: 'three-blue-cubes',
      summary: 'three blue cubes spread out, one green cube, a blue ball',
      obstacles: [{ id: 'crate', x: 5.0, y: 5.0, width: 0.8, depth: 0.8 }],
      zones: [{ name: 'bin_b', x: 7.2, y: 1.0, width: 1.0, depth: 1.0 }],
      objects: [
        { id: 'blue_cube_1', color: 'blue', shape: 'cube', x: 3.0, y: 2.0 },
        { id: 'blue_cube_2', color: 'blue', shape: 'cube', x: 6.5, y: 2.5 },
        { id: 'blue_cube_3', color: 'blue', shape: 'cube', x: 2.5, y: 6.0 },
        { id: 'green_cube', color: 'green', shape: 'cube', x: 6.9, y: 2.6 },
        { id: 'blue_ball', color: 'blue', shape: 'ball', x: 8.0, y: 4.5 },
      ],
    });
    const run = await mission(room, 231, 'put the two blue cubes nearest to you in bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    // From the start (1, 1): cube 1 is 2.2 m away, cube 3 5.2 m, cube 2 5.7 m.
    const zoneOf = (id: string) => run.world.objects.find((o) => o.id === id)!.zone;
    expect([zoneOf('blue_cube_1'), zoneOf('blue_cube_3'), zoneOf('blue_cube_2')]).toEqual(['bin_b', 'bin_b', null]);
  });

  it('"are there any balls in bin a?" answers about balls, not that bin a is empty', async () => {
    const room = redTeamScenarioFile({
      name: 'cube-in-bin-a',
      summary: 'a green cube in bin a, a ball elsewhere',
      zones: [{ name: 'bin_a', x: 8.9, y: 1.0, width: 1.0, depth: 1.0 }],
      objects: [
        { id: 'green_cube', color: 'green', shape: 'cube', x: 8.9, y: 1.0 },
        { id: 'red_ball', color: 'red', shape: 'ball', x: 5.5, y: 5.0 },
      ],
    });
    const run = await mission(room, 35, 'are there any balls in bin a?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/^No: I searched the whole room and saw no balls in bin_a; I saw red_ball#\d+ at/);
  });
});

describe('goals that cannot all hold at the end are refused before anything moves', { timeout: 120_000 }, () => {
  it.each([
    ['put the red cube in bin a and the red cube in bin b', /cannot leave the red cube both in bin_a and in bin_b/],
    ['put everything from bin a to the shelf and everything from the shelf to bin a', /which objects "everything in shelf" means once I have put others there/],
  ])('%s', async (instruction, why) => {
    const run = await mission('warehouse', 1, instruction);
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(why);
    expect(run.events.some((e) => e.type === 'tool_call_finished')).toBe(false);
  });

  it('one object after another, and "it" for the one just picked, still go ahead', async () => {
    const run = await mission('warehouse', 1, 'pick up the red cube and put it in bin a, then the blue cube in bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.find((o) => o.id === 'red_cube')!.zone).toBe('bin_a');
    expect(run.world.objects.find((o) => o.id === 'blue_cube')!.zone).toBe('bin_b');
  });
});
