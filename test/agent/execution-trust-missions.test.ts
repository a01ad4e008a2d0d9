import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { AISLE_LAYOUT, framedScenarioFile, WAREHOUSE_FRAME } from '../helpers/scenario-file.js';

/**
 * How the offline planner carries a mission out, where red teams caught it claiming more than it
 * saw: on the real runtime (embedded server, simulator, ONNX detector), judged by the
 * simulator's truth and by what the planner said.
 */
const mission = plannerMissions();

/** A 10 x 8 m room with a pillar, a shelf holding two objects, bin_a holding a green cube, loose objects on the floor. */
const stocked = () =>
  framedScenarioFile(WAREHOUSE_FRAME, {
    name: 'execution-stocked',
    summary: 'a shelf already holding two objects, a bin holding one, loose objects on the floor',
    obstacles: [{ id: 'pillar', x: 5.0, y: 4.0, width: 0.6, depth: 0.6 }],
    zones: [
      { name: 'shelf', x: 8.4, y: 7.1, width: 2.2, depth: 1.0 },
      { name: 'bin_a', x: 8.9, y: 1.0, width: 1.0, depth: 1.0 },
      { name: 'bin_b', x: 7.2, y: 1.0, width: 1.0, depth: 1.0 },
    ],
    objects: [
      { id: 'red_cube', color: 'red', shape: 'cube', x: 7.8, y: 7.1 },
      { id: 'blue_ball', color: 'blue', shape: 'ball', x: 9.0, y: 7.1 },
      { id: 'green_cube', color: 'green', shape: 'cube', x: 8.9, y: 1.0 },
      { id: 'yellow_ball', color: 'yellow', shape: 'ball', x: 3.0, y: 5.5 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 6.5, y: 3.0 },
    ],
  });

/** A wall splitting the room at x = 5 from the south wall to y = 4.5. */
const PARTITION = { id: 'partition', x: 5.0, y: 2.25, width: 0.16, depth: 4.5 };

/** A room split by the partition: a red cube on each side, bin_b behind the partition. */
const partitioned = () =>
  framedScenarioFile(WAREHOUSE_FRAME, {
    name: 'execution-partition',
    summary: 'a room split by a partition, a red cube on each side',
    obstacles: [PARTITION],
    zones: [{ name: 'bin_b', x: 7.2, y: 1.0, width: 1.0, depth: 1.0 }],
    objects: [
      { id: 'red_cube_a', color: 'red', shape: 'cube', x: 2.5, y: 2.2 },
      { id: 'red_cube_b', color: 'red', shape: 'cube', x: 8.6, y: 2.4 },
      { id: 'blue_ball', color: 'blue', shape: 'ball', x: 3.0, y: 6.0 },
    ],
  });

/** A 10 x 8 m room whose bin_b has a walkway along its west side, the side the robot comes from. */
const walkway = () =>
  framedScenarioFile(WAREHOUSE_FRAME, {
    name: 'execution-walkway',
    summary: 'a bin with a walkway along its west side',
    obstacles: [],
    zones: [
      { name: 'bin_b', x: 7.2, y: 4.0, width: 1.0, depth: 1.0 },
      { name: 'walkway', x: 5.95, y: 4.0, width: 1.5, depth: 3.0 },
    ],
    objects: [{ id: 'blue_cube', color: 'blue', shape: 'cube', x: 3.0, y: 4.0 }],
  });

/** The partitioned room with a small bin_a full of four objects, and the blue cube asked for on bin_a's side of the partition. */
const fullBin = () =>
  framedScenarioFile(WAREHOUSE_FRAME, {
    name: 'execution-full-bin',
    summary: 'a full bin behind a partition, the cube asked for there too',
    obstacles: [PARTITION],
    zones: [{ name: 'bin_a', x: 8.9, y: 1.0, width: 0.6, depth: 0.6 }],
    objects: [
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 7.6, y: 3.2 },
      { id: 'green_cube', color: 'green', shape: 'cube', x: 8.75, y: 0.85 },
      { id: 'yellow_cube', color: 'yellow', shape: 'cube', x: 9.05, y: 0.85 },
      { id: 'red_cube', color: 'red', shape: 'cube', x: 8.75, y: 1.15 },
      { id: 'green_ball', color: 'green', shape: 'ball', x: 9.05, y: 1.15 },
      { id: 'red_ball', color: 'red', shape: 'ball', x: 2.5, y: 6.0 },
    ],
  });

/** A bin in an alcove (walls north and south, the room's wall east) whose only way in is a walkway, and a red ball in the alcove (by the bin, or at `ball`). */
const alcove = (ball = { x: 8.3, y: 4.0 }) =>
  framedScenarioFile(WAREHOUSE_FRAME, {
    name: `execution-alcove-${Math.round(ball.x * 10)}-${Math.round(ball.y * 10)}`,
    summary: 'a bin in an alcove whose only way in is a walkway',
    obstacles: [
      { id: 'alcove_wall_north', x: 8.9, y: 4.8, width: 2.2, depth: 0.16 },
      { id: 'alcove_wall_south', x: 8.9, y: 3.2, width: 2.2, depth: 0.16 },
    ],
    zones: [
      { name: 'bin_b', x: 9.0, y: 4.0, width: 0.8, depth: 0.8 },
      { name: 'walkway', x: 7.3, y: 4.0, width: 1.0, depth: 1.8 },
    ],
    objects: [
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 3.0, y: 2.5 },
      { id: 'red_ball', color: 'red', shape: 'ball', ...ball },
    ],
  });

/** Two touching bins (x = 3.5 between them) behind a long rack, a green cube 3 cm into bin_right's west edge, a red cube 3 cm into bin_left.
 *  The aisle room with racks of the default height (1 m), not the layout's 1.8 m. */
const seam = () =>
  framedScenarioFile(AISLE_LAYOUT, {
    name: 'execution-seam',
    summary: 'two touching bins with objects a few centimetres either side of the seam',
    obstacles: AISLE_LAYOUT.obstacles.map(({ height: _, ...rack }) => rack),
    zones: [
      { name: 'bin_left', x: 3.0, y: 1.0, width: 1.0, depth: 1.0 },
      { name: 'bin_right', x: 4.0, y: 1.0, width: 1.0, depth: 1.0 },
    ],
    objects: [
      { id: 'red_cube', color: 'red', shape: 'cube', x: 3.47, y: 1.0 },
      { id: 'green_cube', color: 'green', shape: 'cube', x: 3.53, y: 1.3 },
      { id: 'yellow_ball', color: 'yellow', shape: 'ball', x: 4.53, y: 0.8 },
    ],
  });

const COLOUR_BAYS = fileURLToPath(new URL('../../bench/agent-suite/scenarios/colour-bays.json', import.meta.url));

describe('carrying a mission out: never more than the robot saw', { timeout: 300_000 }, () => {
  it('a cube it put down, seen again from 6.6 m under a new id a little off its spot, is that cube: not a phantom second one', async () => {
    const { run } = await mission(stocked(), 27, 'put every cube that is not on the shelf into bin b');
    const cubes = run.world.objects.filter((o) => o.shape === 'cube');
    expect(cubes.map((c) => [c.id, c.zone])).toEqual([
      ['red_cube', 'shelf'],
      ['green_cube', 'bin_b'],
      ['blue_cube', 'bin_b'],
    ]);
    expect(run.outcome, run.summary).toBe('succeeded');
    // Two cubes moved, none "already there".
    expect(run.summary).toMatch(/^Put blue_cube#1, green_cube#1 in bin_b\.$/);
  });

  it('"the cube closest to the charging dock" is chosen after searching the whole room, measured from the dock', async () => {
    // From home the robot sees only blue_cube (7.1 m from the dock); red_cube, out of sight behind the rack, is 5.6 m from it.
    const { run } = await mission('warehouse', 3, 'pick up the cube closest to the charging dock');
    expect(run.world.robot.holding).toBe('red_cube');
    expect(run.outcome, run.summary).toBe('succeeded');
  });

  it('"the red cube" with a second red cube behind the partition: the room is searched before anything moves, and both are named', async () => {
    const { run } = await mission(partitioned(), 5, 'put the red cube in bin b');
    // From home only red_cube_a is in sight; red_cube_b, behind the partition, is found by the search
    // for a second one that "the" calls for (it used to show up only when the robot looked at bin_b
    // after the delivery, and the mission then failed with the cube already moved).
    expect(run.outcome, run.summary).toBe('failed');
    expect(run.summary).toMatch(/could be red_cube#\d at .* or red_cube#\d at .*say which one/);
    expect(run.world.objects.find((o) => o.id === 'red_cube_a')?.zone).not.toBe('bin_b');
    expect(run.world.robot.holding).toBeNull();
  });

  it('a cylinder put down near a bay divider and missed by the first look is looked at again from the side it was put down from, and seen', async () => {
    const { run } = await mission(COLOUR_BAYS, 111, 'put every object in the bay of its colour');
    expect(run.world.objects.find((o) => o.id.startsWith('yellow_cylinder'))?.zone).toBe('yellow_bay');
    expect(run.goals?.find((g) => g.text.includes('yellow_bay'))).toMatchObject({ status: 'met', evidence: expect.stringMatching(/yellow_cylinder#\d+ seen at .* in yellow_bay/) });
    const wrong = run.world.objects.filter((o) => o.zone !== `${o.color}_bay`);
    expect(wrong).toEqual([]);
    expect(run.outcome, run.summary).toBe('succeeded');
  });

  it('"put the blue cube in bin b, avoid the walkway": the stand to put it down from is outside the walkway, not one the robot must refuse', async () => {
    const { run, calls } = await mission(walkway(), 5, 'put the blue cube in bin b, avoid the walkway');
    expect(run.world.objects.find((o) => o.id === 'blue_cube')).toMatchObject({ zone: 'bin_b', heldBy: null });
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.goals?.find((g) => g.text === 'kept out of walkway')?.status).toBe('met');
    expect(calls.filter((c) => c.isError)).toEqual([]);
  });

  it('a zone the search for the object shows to be full is said before the pickup: the object is left where it was, the gripper empty', async () => {
    // bin_a was out of sight from home: the scan that finds the blue cube also shows bin_a full.
    const { run, calls } = await mission(fullBin(), 5, 'put the blue cube in bin a');
    expect(run.outcome, run.summary).toBe('failed');
    expect(run.summary).toMatch(/bin_a is full/);
    expect(calls.map((c) => c.name)).not.toContain('grasp_object');
    expect(run.world.robot.holding).toBeNull();
    expect(run.world.objects.find((o) => o.id === 'blue_cube')).toMatchObject({ x: 7.6, y: 3.2, heldBy: null });
  });

  it('a zone reached only through one the mission keeps out of is refused before anything is picked up', async () => {
    const { run, calls } = await mission(alcove(), 5, 'put the blue cube in bin b, avoid the walkway');
    expect(run.outcome, run.summary).toBe('failed');
    expect(run.summary).toMatch(/every way to a free spot of bin_b goes through walkway/);
    expect(calls.map((c) => c.name)).toEqual(['get_robot_status']);
    expect(run.world.objects.find((o) => o.id === 'blue_cube')).toMatchObject({ x: 3.0, y: 2.5, heldBy: null });
  });

  it('a delivery that fails after the pickup puts the object back down where it was: the robot does not end holding it', async () => {
    // Next to the red ball means standing in the alcove, and the only way in is the walkway.
    const { run } = await mission(alcove(), 5, 'put the blue cube next to the red ball, avoid the walkway');
    expect(run.outcome, run.summary).toBe('failed');
    expect(run.summary).toMatch(/I put blue_cube#1 back down where it was, at \(2\.\d+, 2\.\d+\)\./);
    expect(run.world.robot.holding).toBeNull();
    const cube = run.world.objects.find((o) => o.id === 'blue_cube')!;
    expect(cube.heldBy).toBeNull();
    expect(Math.hypot(cube.x - 3.0, cube.y - 2.5)).toBeLessThan(0.2);
  });

  it('a swap whose first delivery is refused with the object in the gripper puts it back down where it was', async () => {
    const { run } = await mission(alcove({ x: 9.0, y: 4.0 }), 5, 'swap the blue cube with the red ball, avoid the walkway');
    expect(run.outcome, run.summary).toBe('failed');
    expect(run.summary).toMatch(/goes through walkway, .* I put blue_cube#1 back down where it was/);
    expect(run.world.robot.holding).toBeNull();
    const cube = run.world.objects.find((o) => o.id === 'blue_cube')!;
    expect(Math.hypot(cube.x - 3.0, cube.y - 2.5)).toBeLessThan(0.2);
    expect(run.world.objects.find((o) => o.id === 'red_ball')).toMatchObject({ zone: 'bin_b', heldBy: null });
  });

  it('"hold X, then move Y": X is put down to free the gripper, the report says so, and "holding X" is not met at the end', async () => {
    const { run } = await mission('warehouse', 404, 'pick up the blue cube, then put the red cube on the shelf');
    expect(run.world.robot.holding).toBeNull();
    expect(run.world.objects.find((o) => o.id === 'red_cube')?.zone).toBe('shelf');
    expect(run.outcome, run.summary).toBe('failed');
    expect(run.summary).toMatch(/Put blue_cube#1 down at \(\d+\.\d+, \d+\.\d+\) to free the gripper\. Picked up red_cube#1\./);
    expect(run.goals?.find((g) => g.text === 'holding the blue cube')).toMatchObject({ status: 'unmet', evidence: expect.stringMatching(/at the end the gripper holds nothing/) });
  });

  it('"pick up a red cube and put the other one in bin b": the other one is the cube not held, and the held one put down is said', async () => {
    const { run } = await mission('twins', 415, 'pick up a red cube and put the other one in bin b');
    const first = run.summary.match(/^Picked up (red_cube#\d+)\./)?.[1];
    expect(first, run.summary).toBeDefined();
    expect(run.summary).toMatch(new RegExp(`Put ${first} down at .* to free the gripper\\. Picked up (?!${first}\\.)red_cube#\\d+\\. Put red_cube#\\d+ in bin_b\\.`));
    // One red cube in bin_b, the other on the floor where it was put down, the gripper empty: "holding" is not met, so not a success.
    expect(run.world.objects.filter((o) => o.id.startsWith('red_cube')).map((o) => o.zone).sort()).toEqual(['bin_b', null].sort());
    expect(run.world.robot.holding).toBeNull();
    expect(run.goals?.find((g) => g.text === 'the other red cube in bin_b')?.status).toBe('met');
    expect(run.outcome, run.summary).toBe('failed');
  });

  it('a delivery the instruction itself takes on again is done as asked, and says where the object went next', async () => {
    const { run } = await mission('warehouse', 7, 'put the red cube in bin b, then pick up the red cube');
    expect(run.world.robot.holding).toBe('red_cube');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.goals?.find((g) => g.text === 'the red cube in bin_b')).toMatchObject({ status: 'met', evidence: expect.stringMatching(/then, as asked next: holding the red cube/) });
  });

  it('"clear bin right" with a cube at the near edge of the zone: the zone is looked at whole (again from elsewhere if one look misses part), not declared empty', async () => {
    const { run } = await mission(seam(), 215, 'clear bin right');
    const inBinRight = run.world.objects.filter((o) => o.x >= 3.5 && o.x <= 4.5 && o.y >= 0.5 && o.y <= 1.5);
    expect(inBinRight).toEqual([]);
    expect(run.world.objects.find((o) => o.id === 'red_cube')).toMatchObject({ x: 3.47, y: 1.0 });
    expect(run.summary).not.toMatch(/nothing in bin_right/);
    expect(run.outcome, run.summary).toBe('succeeded');
  });
});
