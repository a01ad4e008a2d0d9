import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { AISLE_LAYOUT, framedScenarioFile, scenarioFile } from '../helpers/scenario-file.js';

/**
 * Readings a third red team found that ended in a false success, on the real runtime (embedded
 * server, simulator, ONNX detector) and judged by the simulator's truth: a number said alone
 * ("… and two in zone 3") read as "it", "there" after a place read as "here", "in its place" read
 * as the zone named after the colour, and "what's there" after going somewhere answered with
 * whatever the camera saw.
 */
const plannerMission = plannerMissions({ maxSteps: 160 });
const mission = async (scenario: string, seed: number, instruction: string) => (await plannerMission(scenario, seed, instruction)).run;

/** Numbered zones and zones named after colours; five red cubes, a red ball, a blue cube in zone_2. */
const reds = () =>
  scenarioFile({
    name: 'reds',
    summary: 'five red cubes, a red ball and a blue cube; numbered zones and colour-named areas',
    room: { width: 10, depth: 8 },
    obstacles: [{ id: 'crate', x: 5.0, y: 4.0, width: 0.8, depth: 0.8 }],
    zones: [
      { name: 'start', x: 1.0, y: 1.0, width: 1.2, depth: 1.2 },
      { name: 'zone_1', x: 8.9, y: 1.0, width: 1.2, depth: 1.2 },
      { name: 'zone_2', x: 8.9, y: 4.0, width: 1.2, depth: 1.2 },
      { name: 'zone_3', x: 8.9, y: 7.0, width: 1.2, depth: 1.2 },
      { name: 'red_area', x: 4.0, y: 7.2, width: 1.6, depth: 1.0 },
      { name: 'blue_area', x: 6.5, y: 7.2, width: 1.6, depth: 1.0 },
      { name: 'charging_dock', x: 0.7, y: 7.2, width: 0.9, depth: 0.9 },
    ],
    objects: [
      { id: 'red_cube_1', color: 'red', shape: 'cube', x: 3.0, y: 2.5 },
      { id: 'red_cube_2', color: 'red', shape: 'cube', x: 6.5, y: 1.5 },
      { id: 'red_cube_3', color: 'red', shape: 'cube', x: 2.5, y: 5.0 },
      { id: 'red_cube_4', color: 'red', shape: 'cube', x: 7.0, y: 5.2 },
      { id: 'red_cube_5', color: 'red', shape: 'cube', x: 4.0, y: 7.2 },
      { id: 'red_ball', color: 'red', shape: 'ball', x: 5.0, y: 2.2 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 8.9, y: 4.0 },
    ],
    robot: { x: 1.0, y: 1.0, heading: 0.5, battery: 0.9 },
  });

/** Two racks make a 1.4 m aisle ending in an alcove reachable only from the west, a green cylinder in it. */
const alcove = () =>
  framedScenarioFile(AISLE_LAYOUT, {
    name: 'aisle',
    summary: 'an aisle between two racks ending in an alcove with a green cylinder in it',
    obstacles: AISLE_LAYOUT.obstacles,
    zones: [{ name: 'alcove', x: 11.4, y: 4.0, width: 1.0, depth: 1.2 }],
    objects: [
      { id: 'blue_ball', color: 'blue', shape: 'ball', x: 6.0, y: 4.0 },
      { id: 'green_cylinder', color: 'green', shape: 'cylinder', x: 11.5, y: 4.0 },
      { id: 'yellow_cube', color: 'yellow', shape: 'cube', x: 7.0, y: 6.8 },
    ],
  });

const inZone = (run: Awaited<ReturnType<typeof mission>>, zone: string, prefix: string) => run.world.objects.filter((o) => o.zone === zone && o.heldBy === null && o.id.startsWith(prefix)).map((o) => o.id);

describe('third red team: readings that claimed a false success', { timeout: 300_000 }, () => {
  it('"put two red cubes in zone 2 and two in zone 3": two in each, the second two others than the first', async () => {
    const run = await mission(reds(), 35, 'put two red cubes in zone 2 and two in zone 3');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(inZone(run, 'zone_2', 'red_cube')).toHaveLength(2);
    expect(inZone(run, 'zone_3', 'red_cube')).toHaveLength(2);
  });

  it('"put the red cube in bin a and then put the blue cube there too": both end in bin_a', async () => {
    const run = await mission('warehouse', 504, 'put the red cube in bin a and then put the blue cube there too');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.find((o) => o.id === 'red_cube')).toMatchObject({ zone: 'bin_a', heldBy: null });
    expect(run.world.objects.find((o) => o.id === 'blue_cube')).toMatchObject({ zone: 'bin_a', heldBy: null });
  });

  it('"move the blue cube to zone 1 and put a red cube in its place": a red cube where the blue one was (zone_2), none into red_area', async () => {
    const run = await mission(reds(), 225, 'move the blue cube to zone 1 and put a red cube in its place');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.find((o) => o.id === 'blue_cube')).toMatchObject({ zone: 'zone_1', heldBy: null });
    // Truth: the blue cube started at (8.9, 4.0), in zone_2.
    const moved = run.world.objects.filter((o) => o.id.startsWith('red_cube') && Math.hypot(o.x - 8.9, o.y - 4.0) < 0.3 && o.heldBy === null);
    expect(moved, run.summary).toHaveLength(1);
    expect(inZone(run, 'red_area', 'red_cube')).toEqual(['red_cube_5']);
  });

  it('"drive to zone 2 and tell me what\'s there" answers with what is in zone_2', async () => {
    const run = await mission(reds(), 23, "drive to zone 2 and tell me what's there");
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.goals?.at(-1)).toMatchObject({ text: expect.stringMatching(/in zone_2/), status: 'met' });
    expect(run.summary).toMatch(/blue_cube#\d+\) is at about \([\d., ]+\) in zone_2/);
    expect(run.summary).not.toMatch(/red_cube#|red_ball#/);
  });

  it('"drive to the alcove and tell me what\'s there": the green cylinder in the alcove, close under the camera on arrival, is named, not "nothing"', async () => {
    const run = await mission(alcove(), 23, "drive to the alcove and tell me what's there");
    expect(run.outcome, run.summary).toBe('succeeded');
    // Truth: the alcove (x 10.9–11.9, y 3.4–4.6) holds only the green cylinder; the blue ball is in the aisle, 5.5 m away.
    expect(run.summary).toMatch(/green_cylinder#\d+\) is at about \([\d., ]+\) in alcove/);
    expect(run.summary).not.toMatch(/blue_ball#/);
  });

  it('"how many objects can you see from here?" counts one look from the robot\'s spot, without driving, not the whole room', async () => {
    const run = await mission('warehouse', 257, 'how many objects can you see from here?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot).toMatchObject({ x: 1, y: 1, holding: null });
    const m = /^I count (\d+) objects? in view from where I stand, \(1, 1\)(?:: (.+))?\.$/.exec(run.summary);
    expect(m, run.summary).not.toBeNull();
    // Truth: the warehouse has four objects; from (1, 1) fewer are in view, and each one named is one of them.
    const named = m![2]?.split(', ') ?? [];
    expect(named).toHaveLength(Number(m![1]));
    expect(named.length).toBeLessThan(run.world.objects.length);
    const labels = run.world.objects.map((o) => o.id);
    for (const id of named) expect(labels).toContain(id.replace(/#\d+$/, ''));
  });
});
