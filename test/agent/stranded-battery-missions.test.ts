import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { scenarioFile } from '../helpers/scenario-file.js';

/**
 * A robot at 9% in the east end of a 20 m hall, the dock at the far west: every instruction used
 * to start a charging trip the battery could not finish, and the robot died mid-hall in ERROR.
 * Now no dock trip starts that the battery cannot finish, and questions begin with a look from
 * where the robot stands. On the real runtime, judged by the simulator's truth.
 */
const longHall = () =>
  scenarioFile({
    name: 'long-hall-low-battery',
    summary: 'a 20 x 6 m hall; the robot at 9% at the east end, the dock at the far west',
    room: { width: 20, depth: 6 },
    obstacles: [{ id: 'column', x: 10.0, y: 3.0, width: 0.6, depth: 0.6 }],
    zones: [
      { name: 'outbox', x: 18.5, y: 1.0, width: 1.4, depth: 1.2 },
      { name: 'intake', x: 1.5, y: 1.0, width: 1.6, depth: 1.2 },
      { name: 'charging_dock', x: 0.7, y: 5.3, width: 0.9, depth: 0.9 },
    ],
    objects: [
      { id: 'yellow_ball', color: 'yellow', shape: 'ball', x: 17.0, y: 1.5 },
      { id: 'blue_cube', color: 'blue', shape: 'cube', x: 2.5, y: 2.5 },
    ],
    robot: { x: 19.0, y: 3.0, heading: 3.1416, battery: 0.09 },
  });

const plannerMission = plannerMissions();
async function mission(seed: number, instruction: string) {
  const { run, calls } = await plannerMission(longHall(), seed, instruction);
  const drives = calls.flatMap((c) => (!c.isError && /^navigate|^approach/.test(c.name) ? [c.name] : []));
  return { run, drives };
}

/** Where the robot ended: where it started, with charge left, not faulted. */
function expectNotStranded(run: Awaited<ReturnType<typeof mission>>['run']): void {
  expect(Math.hypot(run.world.robot.x - 19, run.world.robot.y - 3)).toBeLessThan(0.05);
  expect(run.world.robot.battery).toBeGreaterThan(0.05);
}

describe('a low battery far from the dock', { timeout: 300_000 }, () => {
  it('"what do you see?" is answered from where the robot stands, without driving', async () => {
    const { run, drives } = await mission(255, 'what do you see?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toContain('yellow_ball');
    expect(drives).toEqual([]);
    expectNotStranded(run);
  });

  it('"put the yellow ball in the outbox" fails before moving, with the battery, the metres to the dock and what it needs', async () => {
    const { run, drives } = await mission(46, 'put the yellow ball in the outbox');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/dock is a \d+(\.\d)? m trip away, which needs about \d+% of the battery, and 9% is left/);
    expect(drives).toEqual([]);
    expect(run.world.objects.find((o) => o.id === 'yellow_ball')).toMatchObject({ x: 17, y: 1.5, heldBy: null });
    expectNotStranded(run);
  });

  it('"go charge" refuses the trip it cannot finish instead of dying on the way', async () => {
    const { run, drives } = await mission(48, 'go charge');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/would run flat on the way/);
    expect(drives).toEqual([]);
    expectNotStranded(run);
  });
});

/**
 * "All the X" in the 20 m office corridor, the dock at its far end: each trip used to be allowed
 * as long as it left the 15% reserve, and the sweep went on until the dock was out of the
 * battery's reach; the charge then needed was refused and the mission failed with a cylinder
 * left. Now the robot refuses the trip that would put the dock out of reach, and the planner
 * charges while it still can.
 */
describe('a long sweep away from the dock', { timeout: 300_000 }, () => {
  it('charges before the dock is out of reach and delivers all three', async () => {
    const corridor = JSON.parse(readFileSync(join(import.meta.dirname, '../../bench/agent-suite/scenarios/office-corridor.json'), 'utf8'));
    const cylinders = [
      { x: 19.24, y: 2.88 },
      { x: 11.43, y: 1.42 },
      { x: 5.03, y: 5.58 },
    ].map((p, i) => ({ id: `yellow_cylinder_${i + 1}`, color: 'yellow', shape: 'cylinder', size: 0.11, ...p }));
    const room = scenarioFile({
      ...corridor,
      name: 'corridor-sweep-half-charge',
      objects: [...corridor.objects.filter((o: { color: string; shape: string }) => !(o.color === 'yellow' && o.shape === 'cylinder')), ...cylinders],
    });
    const { run, calls } = await plannerMission(room, 1, 'put all the yellow cylinders in the reception');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(calls.some((c) => c.name === 'charge_battery' && !c.isError)).toBe(true);
    for (const { id } of cylinders) expect(run.world.objects.find((o) => o.id === id)?.zone, id).toBe('reception');
    expect(run.world.robot.state).not.toBe('ERROR');
  });
});
