import { describe, expect, it } from 'vitest';
import { Beliefs, type PlannerMap } from '../../src/agent/planner/beliefs.js';
import { bearingOff, ELSEWHERE_M, lookingPosesElsewhere } from '../../src/agent/planner/look-at.js';
import type { RobotLink } from '../../src/agent/planner/robot-link.js';
import type { SkillContext } from '../../src/agent/planner/skills/skill-context.js';
import { plannerMissions } from '../helpers/runtime.js';
import { scenarioFile } from '../helpers/scenario-file.js';

/**
 * Zones packed with objects that hide each other from most sides: what the planner says it
 * counted, cleared or moved must be what the simulator's truth shows. Missions on the real
 * runtime (embedded server, simulator, ONNX detector), judged by the final world.
 */
const mission = plannerMissions();

/** A 10 x 7 m sorting room: bin_a and bin_b side by side, packed with look-alike red cubes, a
 *  cart shading bin_a from the west, a fourth red cube just outside the bins, an empty outbox. */
const twinBins = () =>
  scenarioFile({
    name: 'packed-twin-bins',
    summary: 'two small bins side by side packed with look-alikes, a cart beside them, an empty outbox and a tray',
    room: { width: 10, depth: 7 },
    obstacles: [
      { id: 'cart', x: 4.3, y: 4.0, width: 0.5, depth: 1.2, height: 0.9 },
      { id: 'pillar', x: 7.0, y: 2.5, width: 0.5, depth: 0.5, height: 2.5 },
    ],
    zones: [
      { name: 'bin_a', x: 5.2, y: 4.0, width: 0.6, depth: 0.6 },
      { name: 'bin_b', x: 5.95, y: 4.0, width: 0.6, depth: 0.6 },
      { name: 'outbox', x: 9.0, y: 1.0, width: 1.0, depth: 1.0 },
      { name: 'tray', x: 2.0, y: 1.5, width: 0.8, depth: 0.6 },
      { name: 'charging_dock', x: 0.7, y: 6.3, width: 0.9, depth: 0.9 },
    ],
    objects: [
      { id: 'red_cube', color: 'red', shape: 'cube', x: 5.05, y: 3.85 },
      { id: 'red_cube_2', color: 'red', shape: 'cube', x: 5.3, y: 4.15 },
      { id: 'blue_ball', color: 'blue', shape: 'ball', x: 5.35, y: 3.85 },
      { id: 'green_cylinder', color: 'green', shape: 'cylinder', size: 0.11, x: 5.05, y: 4.15 },
      { id: 'red_cube_3', color: 'red', shape: 'cube', x: 5.8, y: 3.85 },
      { id: 'blue_ball_2', color: 'blue', shape: 'ball', x: 6.1, y: 4.15 },
      { id: 'yellow_cube', color: 'yellow', shape: 'cube', x: 6.1, y: 3.85 },
      { id: 'red_cube_4', color: 'red', shape: 'cube', x: 5.6, y: 4.55 },
      { id: 'green_ball', color: 'green', shape: 'ball', x: 2.1, y: 1.5 },
      { id: 'blue_cylinder', color: 'blue', shape: 'cylinder', size: 0.11, x: 8.0, y: 5.5 },
    ],
    robot: { x: 1.5, y: 3.5, heading: 0, battery: 0.9 },
  });

/** An 8 x 6 m store: a shelf against the north wall (seen from the south only) packed with seven
 *  objects in two staggered rows, two of the blue cubes in its back row, a third just beside it. */
const wallShelf = () =>
  scenarioFile({
    name: 'packed-wall-shelf',
    summary: 'a shelf against the north wall packed with seven objects, a corner bin, a drop-off',
    room: { width: 8, depth: 6 },
    obstacles: [
      { id: 'cupboard', x: 1.4, y: 5.5, width: 1.2, depth: 1.0, height: 1.8 },
      { id: 'bench', x: 4.0, y: 2.2, width: 1.6, depth: 0.6, height: 0.9 },
    ],
    zones: [
      { name: 'shelf', x: 4.0, y: 5.7, width: 1.6, depth: 0.5 },
      { name: 'drop_off', x: 7.0, y: 0.8, width: 1.0, depth: 1.0 },
      { name: 'charging_dock', x: 0.6, y: 0.6, width: 0.9, depth: 0.9 },
    ],
    objects: [
      { id: 'red_ball', color: 'red', shape: 'ball', x: 3.35, y: 5.62 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 3.6, y: 5.72 },
      { id: 'blue_cube_2', color: 'blue', shape: 'cube', x: 3.85, y: 5.55 },
      { id: 'yellow_cube', color: 'yellow', shape: 'cube', x: 4.1, y: 5.72 },
      { id: 'green_cylinder', color: 'green', shape: 'cylinder', size: 0.11, x: 4.3, y: 5.55 },
      { id: 'red_cube', color: 'red', shape: 'cube', x: 4.5, y: 5.72 },
      { id: 'green_ball', color: 'green', shape: 'ball', x: 4.7, y: 5.55 },
      { id: 'blue_cube_3', color: 'blue', shape: 'cube', x: 5.1, y: 5.6 },
      { id: 'green_cube', color: 'green', shape: 'cube', x: 2.0, y: 1.5 },
    ],
    robot: { x: 1.5, y: 1.5, heading: 0, battery: 0.9 },
  });

/** A 9 x 7 m packing room: a 0.8 x 0.6 m tray in the open packed with six objects (two red
 *  cubes 0.34 m apart), a red cube and a blue ball just outside it, a bin and a crate. */
const packedTray = () =>
  scenarioFile({
    name: 'packed-tray',
    summary: 'a small tray packed with six objects, look-alikes just outside it, a bin and a crate',
    room: { width: 9, depth: 7 },
    lighting: { brightness: 1.0, ambient: 0.45, wallColor: '#dcdcd6', floorColor: '#9f9f98' },
    obstacles: [
      { id: 'rack', x: 2.0, y: 5.6, width: 2.0, depth: 0.5, height: 1.2, color: '#6f6a60' },
      { id: 'post', x: 6.3, y: 3.4, width: 0.3, depth: 0.3, height: 1.5, color: '#808080' },
    ],
    zones: [
      { name: 'tray', x: 4.5, y: 3.5, width: 0.8, depth: 0.6, color: '#c8b48c' },
      { name: 'bin', x: 7.8, y: 1.0, width: 0.7, depth: 0.7, color: '#a0b8c8' },
      { name: 'crate', x: 7.8, y: 6.0, width: 0.8, depth: 0.8, color: '#b8a0a0' },
      { name: 'charging_dock', x: 0.7, y: 0.7, width: 0.9, depth: 0.9, color: '#9bc98f' },
    ],
    objects: [
      { id: 'red_cube', color: 'red', shape: 'cube', x: 4.25, y: 3.35 },
      { id: 'red_cube_2', color: 'red', shape: 'cube', x: 4.45, y: 3.62 },
      { id: 'blue_ball', color: 'blue', shape: 'ball', x: 4.62, y: 3.33 },
      { id: 'green_cube', color: 'green', shape: 'cube', x: 4.78, y: 3.62 },
      { id: 'yellow_cylinder', color: 'yellow', shape: 'cylinder', size: 0.11, x: 4.3, y: 3.68 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 4.72, y: 3.45 },
      { id: 'red_cube_3', color: 'red', shape: 'cube', x: 3.9, y: 3.5 },
      { id: 'blue_ball_2', color: 'blue', shape: 'ball', x: 4.5, y: 3.95 },
      { id: 'green_ball', color: 'green', shape: 'ball', x: 7.7, y: 1.1 },
      { id: 'yellow_cube', color: 'yellow', shape: 'cube', x: 2.0, y: 2.0 },
    ],
    robot: { x: 1.5, y: 1.2, heading: 0, battery: 0.9 },
  });

describe('packed zones on the real runtime, judged by the truth', () => {
  it('"how many red cubes are in the tray": the tray\'s close looks count, though the room search later sees one from afar across its edge under a new id', async () => {
    const { run } = await mission(packedTray(), 6, 'how many red cubes are in the tray');
    const truth = run.world.objects.filter((o) => o.zone === 'tray' && o.color === 'red' && o.shape === 'cube').length;
    expect(truth).toBe(2);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(new RegExp(`^I count ${truth} red cubes in tray after looking at all of tray`));
  });

  it('"put all the blue cubes in the drop off": a back-row cube hemmed in by its neighbours and the wall is taken after the others', async () => {
    const { run } = await mission(wallShelf(), 2, 'put all the blue cubes in the drop off');
    const blue = run.world.objects.filter((o) => o.color === 'blue' && o.shape === 'cube');
    expect(blue.map((o) => [o.id, o.zone])).toEqual([
      ['blue_cube', 'drop_off'],
      ['blue_cube_2', 'drop_off'],
      ['blue_cube_3', 'drop_off'],
    ]);
    expect(run.outcome, run.summary).toBe('succeeded');
  });

  it('"how many red cubes are in bin a": bin_a, shaded by the cart, is looked at from other sides until no new cube shows, and the count is the truth', async () => {
    const { run, calls } = await mission(twinBins(), 3, 'how many red cubes are in bin a');
    const truth = run.world.objects.filter((o) => o.zone === 'bin_a' && o.color === 'red' && o.shape === 'cube').length;
    expect(truth).toBe(2);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(new RegExp(`^I count ${truth} red cubes in bin_a after looking at all of bin_a and searching the room`));
    // The zone itself was looked at, not only the room searched from afar.
    expect(calls.filter((c) => c.name === 'detect_objects').length).toBeGreaterThanOrEqual(3);
  });

  it('"clear bin a into the outbox": bin_a is looked at again after the last one is taken out, so what the others hid is taken too', async () => {
    const { run } = await mission(twinBins(), 2, 'clear bin a into the outbox');
    expect(run.world.objects.filter((o) => o.zone === 'bin_a').map((o) => o.id)).toEqual([]);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.filter((o) => o.zone === 'outbox').map((o) => o.id).sort()).toEqual(['blue_ball', 'green_cylinder', 'red_cube', 'red_cube_2']);
  });

  it('"put all the red cubes in the outbox": the spots cubes were taken from a crowd are looked at again, and the one they hid goes too', async () => {
    const { run } = await mission(twinBins(), 2, 'put all the red cubes in the outbox');
    const red = run.world.objects.filter((o) => o.color === 'red' && o.shape === 'cube');
    expect(red.map((o) => [o.id, o.zone])).toEqual([
      ['red_cube', 'outbox'],
      ['red_cube_2', 'outbox'],
      ['red_cube_3', 'outbox'],
      ['red_cube_4', 'outbox'],
    ]);
    expect(run.outcome, run.summary).toBe('succeeded');
  });
});

describe('looking again from elsewhere (one rule for checking a delivery and for looking at a zone)', () => {
  const map: PlannerMap = { width: 10, depth: 8, obstacles: [], zones: [] };
  const ctx = (x: number, y: number, heading: number): SkillContext => ({
    // Only the pose and the zones kept out of are read by the geometry under test.
    robot: { pose: { x, y }, heading, driveLog: { keepOut: [] } } as unknown as RobotLink,
    beliefs: new Beliefs(map),
    lastObject: null,
  });
  const target = { x: 5, y: 4 };

  it('stands at least ELSEWHERE_M from every stand looked from, and looks from here only on a first look', () => {
    const c = ctx(3.6, 4, 0);
    expect(lookingPosesElsewhere(c, target, 1.4, [target], [])).toBe('here');
    const poses = lookingPosesElsewhere(c, target, 1.4, [target], [{ x: 3.6, y: 4 }]);
    expect(poses).not.toBe('here');
    expect((poses as Array<{ x: number; y: number }>).length).toBeGreaterThan(0);
    for (const p of poses as Array<{ x: number; y: number }>) expect(Math.hypot(p.x - 3.6, p.y - 4)).toBeGreaterThanOrEqual(ELSEWHERE_M);
  });

  it('puts first the side the robot put the object down from, or else the side most unlike every look so far', () => {
    const c = ctx(3.6, 4, 0);
    const lookedFrom = [{ x: 3.6, y: 4 }];
    const side = lookingPosesElsewhere(c, target, 1.4, [target], lookedFrom, { side: { x: 5, y: 2.6 } }) as Array<{ x: number; y: number }>;
    expect(bearingOff(side[0]!, target, { x: 5, y: 2.6 })).toBeLessThan(0.1);
    const apart = lookingPosesElsewhere(c, target, 1.4, [target], lookedFrom, { apart: true }) as Array<{ x: number; y: number }>;
    // The far side of the target: straight across from the look made from the west.
    expect(bearingOff(apart[0]!, target, lookedFrom[0]!)).toBeGreaterThan(Math.PI - 0.1);
  });
});
