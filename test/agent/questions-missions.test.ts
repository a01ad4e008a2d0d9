import { describe, expect, it } from 'vitest';
import { answerNumbers, answerPositions } from '../../src/tools/answer-text.js';
import { plannerMissions } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Questions and battery conditions (questions-wording.test.ts reads them) on the real runtime,
 * judged by the simulator's truth: a distance to a place is the true one from where the robot
 * stands, with no drive; "which is closer" names the one that is; "where is the X" with two X
 * names both where they are; a count of "this room" is the room's; and a battery test said with a
 * request is checked against the robot's status — the request done when it holds, left undone
 * (and the mission still succeeding) when it does not.
 */
const mission = plannerMissions();

/** The warehouse with the robot standing at (5.5, 2.2) on a quarter charge. */
const standing = () => warehouseScenarioFile('questions-quarter-charge', (w) => ({ ...w, robot: { x: 5.5, y: 2.2, heading: 0, battery: 0.25 } }));
const MOTION = new Set(['navigate_to', 'navigate_to_zone', 'approach_object', 'grasp_object', 'release_object', 'rotate', 'charge_battery']);
const moved = (calls: Array<{ name: string }>) => calls.filter((c) => MOTION.has(c.name)).map((c) => c.name);

describe('questions and battery conditions on the real runtime', { timeout: 300_000 }, () => {
  it('"how far away is bin A from you?" is the true distance to its centre, answered without moving', async () => {
    const { run, calls } = await mission(standing(), 1, 'how far away is bin A from you?');
    expect(run.outcome, run.summary).toBe('succeeded');
    const said = Number(/bin_a is ([\d.]+) m from me/.exec(run.summary)?.[1]);
    // bin_a's centre is (8.9, 1).
    expect(Math.abs(said - Math.hypot(8.9 - 5.5, 1 - 2.2))).toBeLessThan(0.05);
    expect(moved(calls)).toEqual([]);
  });

  it('"which is closer to you: the shelf or bin a?" names the one that is', async () => {
    const { run, calls } = await mission(standing(), 1, 'which is closer to you: the shelf or bin a?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/^bin_a is closer to me/);
    expect(moved(calls)).toEqual([]);
  });

  it('"if you have more than 30% charge, go to bin a" on a quarter charge: not gone, as asked, and said why', async () => {
    const { run, calls } = await mission(standing(), 1, 'if you have more than 30% charge, go to bin a');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/25%.*does not hold/);
    expect(moved(calls)).toEqual([]);
    expect(run.world.robot.zone).not.toBe('bin_a');
  });

  it('"charge first if you\'re below 30%, then go to bin a" on a quarter charge: charged, then in bin a', async () => {
    const { run } = await mission(standing(), 1, "charge first if you're below 30%, then go to bin a");
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.zone).toBe('bin_a');
    expect(run.world.robot.battery).toBeGreaterThan(0.5);
  });

  it('"where\'s the red cube?" in a room with two names both, each where it truly is', async () => {
    const { run } = await mission('twins', 1, "where's the red cube?");
    expect(run.outcome, run.summary).toBe('succeeded');
    const points = answerPositions(run.summary);
    for (const id of ['red_cube_1', 'red_cube_2']) {
      const o = run.world.objects.find((x) => x.id === id)!;
      expect(Math.min(...points.map((p) => Math.hypot(p.x - o.x, p.y - o.y))), id).toBeLessThan(0.3);
    }
  });

  it('"is anything next to the shelf?" names what is by it, and only that', async () => {
    const room = warehouseScenarioFile('questions-ball-by-shelf', (w) => ({ ...w, objects: [...w.objects, { id: 'yellow_ball', color: 'yellow', shape: 'ball', x: 7.0, y: 6.9 }] }));
    const { run } = await mission(room, 1, 'is anything next to the shelf?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/yellow ball/);
    expect(run.summary).not.toMatch(/blue cube|green ball/);
  });

  it('"how many cubes are in this room?" counts the whole room', async () => {
    const { run } = await mission('warehouse', 1, 'how many cubes are in this room?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(answerNumbers(run.summary, ['home', 'shelf', 'bin_a', 'bin_b', 'charging_dock'])[0]).toBe(run.world.objects.filter((o) => o.shape === 'cube').length);
  });
});
