import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { redTeamScenarioFile } from '../helpers/scenario-file.js';

/**
 * Misreadings a red team found that moved the robot, on the real runtime (embedded server,
 * simulator, ONNX detector) and judged by the simulator's truth: "near bin a" put the cube in it,
 * "the other red cube" with none before it moved one anyway, "is the blue cube in bin a?" failed
 * when the answer was no, and "take the green cube out of bin a" ended holding it.
 */
const plannerMission = plannerMissions();
async function mission(scenario: string, seed: number, instruction: string) {
  const { run, calls } = await plannerMission(scenario, seed, instruction);
  return { run, calls: calls.map((c) => c.name) };
}

/** Two red cubes on the floor, a green cube in bin_a and a blue cube out on the floor. */
const binRoom = () =>
  redTeamScenarioFile({
    name: 'bin-questions',
    summary: 'a green cube in bin a, two red cubes and a blue cube on the floor',
    zones: [{ name: 'bin_a', x: 7.6, y: 1.4, width: 1.2, depth: 1.2 }, { name: 'bin_b', x: 5.8, y: 1.2, width: 1.0, depth: 1.0 }],
    objects: [
      { id: 'green_cube', color: 'green', shape: 'cube', x: 7.6, y: 1.4 },
      { id: 'red_cube_a', color: 'red', shape: 'cube', x: 3.0, y: 1.6 },
      { id: 'red_cube_b', color: 'red', shape: 'cube', x: 6.5, y: 5.0 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 2.6, y: 6.0 },
    ],
  });

describe('red-team misreadings no longer move the robot', { timeout: 300_000 }, () => {
  it('"put the red cube near bin a" puts it down just outside bin_a, by its edge, never in it', async () => {
    const { run } = await mission(binRoom(), 4, 'put the red cube near bin a');
    // Two red cubes: "the red cube" is refused at the end (two matched), or acted on as the only one seen; either way never in bin_a.
    const inBin = run.world.objects.filter((o) => o.zone === 'bin_a').map((o) => o.id);
    expect(inBin).toEqual(['green_cube']);
    const one = await mission('warehouse', 4, 'put the red cube near bin a');
    expect(one.run.outcome, one.run.summary).toBe('succeeded');
    // Truth: bin_a spans x 8.4–9.4, y 0.5–1.5.
    const cube = one.run.world.objects.find((o) => o.id === 'red_cube')!;
    expect(cube).toMatchObject({ zone: null, heldBy: null });
    const edge = Math.hypot(Math.max(8.4 - cube.x, 0, cube.x - 9.4), Math.max(0.5 - cube.y, 0, cube.y - 1.5));
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThanOrEqual(0.5);
    expect(one.run.goals).toEqual([expect.objectContaining({ text: 'the red cube near bin_a, outside it', status: 'met', evidence: expect.stringMatching(/outside bin_a's edge/) })]);
  });

  it('"put the other red cube in bin a" with no red cube before it is refused, asking which', async () => {
    const { run, calls } = await mission(binRoom(), 4, 'put the other red cube in bin a');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/"the other red cube": other than which\?/);
    expect(calls).toEqual([]);
    expect(run.world.robot).toMatchObject({ x: 1, y: 1, holding: null });
  });

  it('"is the blue cube in bin a?" is answered no, saying where the blue cube is', async () => {
    const { run } = await mission(binRoom(), 4, 'is the blue cube in bin a?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/^No: I searched the whole room and saw no blue cube in bin_a; I saw blue_cube#\d+ at \((2\.\d+|3\.0\d*), (5|6)\.\d+\), in no zone/);
    expect(run.goals).toEqual([expect.objectContaining({ text: 'whether there is a blue cube in bin_a, answered', status: 'met' })]);
    expect(run.world.objects.find((o) => o.id === 'blue_cube')).toMatchObject({ zone: null, heldBy: null });
  });

  it('"is there a green cube in bin a?" is answered yes, with what was seen there', async () => {
    const { run } = await mission(binRoom(), 4, 'is there a green cube in bin a?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/^Yes: I see green_cube#\d+ at \(7\.\d+, 1\.\d+\) in bin_a/);
  });

  it('"are the cubes in bin a?" asks it of every cube: no, naming those that are not; "are the green cubes…": yes', async () => {
    const { run } = await mission(binRoom(), 4, 'are the cubes in bin a?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/^No: 3 of the 4 cubes I saw after searching the whole room are not in bin_a: /);
    const green = await mission(binRoom(), 4, 'are the green cubes in bin a?');
    expect(green.run.outcome, green.run.summary).toBe('succeeded');
    expect(green.run.summary).toMatch(/^Yes: all the green cubes I saw after searching the whole room are in bin_a: green_cube#\d+ at/);
  });

  it('"take the green cube out of bin a" ends with the cube out of bin_a, put down, checked by a fresh look', async () => {
    const { run } = await mission(binRoom(), 4, 'take the green cube out of bin a');
    expect(run.outcome, run.summary).toBe('succeeded');
    const cube = run.world.objects.find((o) => o.id === 'green_cube')!;
    expect(cube.heldBy).toBeNull();
    expect(cube.zone).not.toBe('bin_a');
    expect(run.world.robot.holding).toBeNull();
    expect(run.goals).toEqual([expect.objectContaining({ text: expect.stringMatching(/^the green cube at \(/), status: 'met', evidence: expect.stringMatching(/green_cube#\d+ seen at/) })]);
  });

  it('"take the red cube out of bin a" when none is there fails, saying so, and moves nothing', async () => {
    const { run } = await mission(binRoom(), 4, 'take the red cube out of bin a');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/I see no red cube in bin_a to take out/);
    expect(run.world.objects.every((o) => o.heldBy === null)).toBe(true);
    expect(run.world.objects.find((o) => o.id === 'green_cube')).toMatchObject({ zone: 'bin_a' });
  });
});

describe('rules and questions that were refused', { timeout: 300_000 }, () => {
  it('"don\'t put the blue cube in bin a" alone: the rule is kept by not moving, said so', async () => {
    const { run, calls } = await mission(binRoom(), 4, "don't put the blue cube in bin a");
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/only sets a rule \(left the blue cube alone\)/);
    expect(calls).toEqual(['get_robot_status']);
    expect(run.world.robot).toMatchObject({ x: 1, y: 1, holding: null });
  });

  it('"which cube is closest to bin b?" names the cube the whole room compared says, with its distance', async () => {
    const { run } = await mission(binRoom(), 4, 'which cube is closest to bin b?');
    expect(run.outcome, run.summary).toBe('succeeded');
    // Truth: bin_b spans x 5.3–6.3, y 0.7–1.7; the green cube in bin_a is 1.3 m from its edge, red_cube_a (3.0, 1.6) 2.3 m, red_cube_b 3.3 m.
    expect(run.summary).toMatch(/^The cube closest to bin b is green_cube#\d+ at \(7\.\d+, 1\.\d+\) in bin_a, .*: green_cube#\d+ is 1\.[2-4]\d* m from the nearest edge of bin_b/);
  });

  it('"how far is X from bin a / from Y": measured from the sightings, as the truth has it', async () => {
    const { run } = await mission(binRoom(), 4, 'how far is the blue cube from bin a?');
    expect(run.outcome, run.summary).toBe('succeeded');
    // Truth: the blue cube at (2.6, 6.0); bin_a spans x 7.0–8.2, y 0.8–2.0, its centre (7.6, 1.4).
    const m = /blue_cube#\d+ is ([\d.]+) m from the nearest edge of bin_a \(([\d.]+) m from its centre\)/.exec(run.summary);
    expect(m, run.summary).not.toBeNull();
    expect(Number(m![1])).toBeCloseTo(Math.hypot(7.0 - 2.6, 6.0 - 2.0), 0);
    expect(Number(m![2])).toBeCloseTo(Math.hypot(7.6 - 2.6, 6.0 - 1.4), 0);
    const pair = await mission(binRoom(), 4, 'how far apart are the blue cube and the green cube');
    expect(pair.run.outcome, pair.run.summary).toBe('succeeded');
    const d = /blue_cube#\d+ and green_cube#\d+ are ([\d.]+) m apart/.exec(pair.run.summary);
    expect(d, pair.run.summary).not.toBeNull();
    expect(Number(d![1])).toBeCloseTo(Math.hypot(7.6 - 2.6, 6.0 - 1.4), 0);
  });

  it('"put the red cube between bin a and bin b": put down on the floor between them, checked by a fresh look', async () => {
    const { run } = await mission('warehouse', 4, 'put the red cube between bin a and bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    // Truth: bin_b spans x 6.7–7.7 and bin_a x 8.4–9.4, both y 0.5–1.5: between them is x 7.7–8.4.
    const cube = run.world.objects.find((o) => o.id === 'red_cube')!;
    expect(cube).toMatchObject({ zone: null, heldBy: null });
    expect(cube.x).toBeGreaterThan(7.7);
    expect(cube.x).toBeLessThan(8.4);
    expect(cube.y).toBeGreaterThan(0.2);
    expect(cube.y).toBeLessThan(1.8);
  });

  it('"move the red cube to bin a, then put the blue cube where the red cube was": it lands on that spot', async () => {
    const { run } = await mission('warehouse', 4, 'move the red cube to bin a, then put the blue cube where the red cube was');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.find((o) => o.id === 'red_cube')).toMatchObject({ zone: 'bin_a', heldBy: null });
    // Truth: the warehouse's red cube starts at (6.2, 6.2).
    const blue = run.world.objects.find((o) => o.id === 'blue_cube')!;
    expect(blue.heldBy).toBeNull();
    expect(Math.hypot(blue.x - 6.2, blue.y - 6.2)).toBeLessThan(0.3);
    expect(run.summary).toMatch(/where red_cube#\d+ was\.$/);
  });
});
