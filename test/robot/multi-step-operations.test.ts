import { describe, expect, it } from 'vitest';
import { createSimulatedRobot, type SimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { RobotCommandError } from '../../src/robot/robot-errors.js';
import { sharedDetector } from '../helpers/shared-detector.js';

async function armedRobot(): Promise<SimulatedRobot> {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1, sharedDetector: await sharedDetector() });
  sr.robot.arm();
  return sr;
}

/** The blue cube at (4.6, 1.3), seen from 2 m (as detect_objects would leave the memory). */
async function seeBlueCube(sr: SimulatedRobot) {
  await sr.robot.waitFor(sr.robot.navigateTo({ x: 2.6, y: 1.3, heading: 0 }));
  await sr.robot.detect();
  const blue = sr.robot.seenObjects().find((o) => o.label === 'blue_cube');
  expect(blue).toBeDefined();
  return blue!.id;
}

/** The base is at rest 3 s of robot time later, and stays where it stopped. */
async function expectStoppedForGood(sr: SimulatedRobot) {
  await sr.sim.backend.sleep(3);
  const { linear, angular, pose } = sr.sim.backend.readState();
  expect(Math.abs(linear)).toBeLessThan(1e-9);
  expect(Math.abs(angular)).toBeLessThan(1e-9);
  const stoppedAt = { ...pose };
  await sr.sim.backend.sleep(3);
  expect(sr.sim.backend.readState().pose).toEqual(stoppedAt);
}

describe('approach and deliver are robot operations', () => {
  it('approaches in stages as one operation with rising progress, then delivers into a zone', async () => {
    const sr = await armedRobot();
    const id = await seeBlueCube(sr);
    const approach = sr.robot.approach({ objectId: id });
    expect(approach.kind).toBe('approach');
    const progress: number[] = [];
    await sr.robot.waitFor(approach, { onProgress: (o) => void progress.push(o.progress) });
    expect(approach.status).toBe('succeeded');
    expect(approach.result).toMatchObject({ object_id: id });
    expect(approach.result!.distance_m as number).toBeCloseTo(0.4, 1);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    expect(sr.robot.state).toBe('IDLE');

    await sr.robot.waitFor(sr.robot.grasp(id));
    expect(sr.robot.holding).toBe(id);
    const deliver = sr.robot.deliver('Bin A');
    await sr.robot.waitFor(deliver);
    expect(deliver.status, deliver.error).toBe('succeeded');
    expect(deliver.result).toMatchObject({ released: id, zone: 'bin_a' });
    expect(sr.sim.world.zoneAt(sr.sim.world.object('blue_cube')!)?.name).toBe('bin_a');
  });

  it('cancels through cancel_operation and through a waiter, stopping the robot, with a code', async () => {
    const sr = await armedRobot();
    const id = await seeBlueCube(sr);
    await sr.robot.waitFor(sr.robot.navigateTo({ x: 1, y: 4 }));
    const approach = sr.robot.approach({ objectId: id });
    await sr.sim.backend.sleep(1);
    expect(approach.status).toBe('running');
    sr.robot.cancelOperation(approach.id);
    expect(approach).toMatchObject({ status: 'cancelled', errorCode: 'cancelled' });
    await sr.sim.backend.sleep(1);
    expect(Math.abs(sr.sim.backend.readState().linear)).toBeLessThan(1e-9);

    const again = sr.robot.approach({ objectId: id });
    await sr.robot.waitFor(again, { timeoutS: 1 });
    expect(again).toMatchObject({ status: 'cancelled', errorCode: 'timeout', error: 'timed out after 1 s' });
    const ctrl = new AbortController();
    const third = sr.robot.approach({ objectId: id });
    await sr.robot.waitFor(third, { signal: ctrl.signal, onProgress: () => ctrl.abort() });
    expect(third).toMatchObject({ status: 'cancelled', errorCode: 'cancelled', error: 'cancelled by the client' });
    expect(sr.robot.state).toBe('STOPPING');
    await sr.sim.backend.sleep(1);
    expect(sr.robot.state).toBe('IDLE');
  });

  it('refuses with codes before any operation exists', async () => {
    const sr = await armedRobot();
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(RobotCommandError);
        return (e as RobotCommandError).code;
      }
      throw new Error('expected a refusal');
    };
    expect(code(() => sr.robot.approach({ objectId: 'unicorn#1' }))).toBe('unknown_object');
    expect(code(() => sr.robot.approach({}))).toBe('invalid_argument');
    expect(code(() => sr.robot.deliver('bin_a'))).toBe('not_holding');
    expect(code(() => sr.robot.zone('kitchen'))).toBe('unknown_zone');
    const id = await seeBlueCube(sr);
    expect(code(() => sr.robot.grasp(id))).toBe('out_of_reach');
    sr.robot.disarm();
    expect(code(() => sr.robot.approach({ objectId: id }))).toBe('not_armed');
    expect(sr.robot.operations.list().map((o) => o.kind)).toEqual(['navigate']);
  });

  it('puts the robot in the state of each step: driving NAVIGATING, looking SENSING, releasing MANIPULATING', async () => {
    const sr = await armedRobot();
    const id = await seeBlueCube(sr);
    const states: string[] = [];
    sr.robot.watch((topic) => {
      if (topic === 'state') states.push(sr.robot.state);
    });
    const approach = sr.robot.approach({ objectId: id });
    await sr.robot.waitFor(approach);
    expect(approach.status, approach.error).toBe('succeeded');
    expect(states).toEqual(['NAVIGATING', 'SENSING', 'NAVIGATING', 'IDLE']);
    await sr.robot.waitFor(sr.robot.grasp(id));
    states.length = 0;
    const deliver = sr.robot.deliver('bin_a');
    await sr.robot.waitFor(deliver);
    expect(deliver.status, deliver.error).toBe('succeeded');
    expect(states).toEqual(['NAVIGATING', 'MANIPULATING', 'IDLE']);
  });

  it('decides where to stand for a queued delivery when it starts, not when it was asked', async () => {
    const sr = await armedRobot();
    const id = await seeBlueCube(sr);
    await sr.robot.waitFor(sr.robot.approach({ objectId: id }));
    await sr.robot.waitFor(sr.robot.grasp(id));
    // Asked where the drop point is already in bin_a, started after a drive away from it.
    await sr.robot.waitFor(sr.robot.navigateTo({ x: 8.5, y: 1.0, heading: 0 }));
    sr.robot.setParameter('conflict_policy', 'queue');
    sr.robot.navigateTo({ x: 6, y: 2.5 });
    const fromAway = sr.robot.deliver('bin_a');
    expect(fromAway.status).toBe('pending');
    await sr.robot.waitFor(fromAway);
    expect(fromAway.status, fromAway.error).toBe('succeeded');
    expect(sr.sim.world.zoneAt(sr.sim.world.object('blue_cube')!)?.name).toBe('bin_a');
  });

  it.each([
    ['the emergency stop', (sr: SimulatedRobot): void => sr.robot.emergencyStop('pressed during the look'), 'ESTOPPED'],
    ['stop', (sr: SimulatedRobot): void => void sr.robot.stop('stopped during the look'), 'IDLE'],
  ] as const)('%s while an approach looks between its stages ends it and no stage runs after', async (_name, interrupt, state) => {
    const sr = await armedRobot();
    const id = await seeBlueCube(sr);
    await sr.robot.waitFor(sr.robot.navigateTo({ x: 1, y: 4 }));
    const approach = sr.robot.approach({ objectId: id });
    let looked = false;
    sr.robot.watch((topic) => {
      if (topic !== 'state' || sr.robot.state !== 'SENSING' || looked) return;
      looked = true;
      // While the camera frame is being processed.
      queueMicrotask(() => interrupt(sr));
    });
    await sr.robot.waitFor(approach);
    expect(looked).toBe(true);
    expect(approach).toMatchObject({ status: 'cancelled', errorCode: 'cancelled' });
    expect(sr.robot.state).toBe(state);
    await expectStoppedForGood(sr);
    expect(sr.robot.state).toBe(state);
  });

  it('is preempted mid-step under conflict_policy=cancel, and only the new operation moves the robot', async () => {
    const sr = await armedRobot();
    const id = await seeBlueCube(sr);
    await sr.robot.waitFor(sr.robot.navigateTo({ x: 1, y: 4 }));
    sr.robot.setParameter('conflict_policy', 'cancel');
    const approach = sr.robot.approach({ objectId: id });
    await sr.sim.backend.sleep(1);
    expect(approach.step).toBeDefined();
    const back = sr.robot.navigateTo({ x: 1, y: 4 });
    expect(approach).toMatchObject({ status: 'cancelled', errorCode: 'cancelled', error: 'preempted by a new navigate request' });
    await sr.robot.waitFor(back);
    expect(back.status, back.error).toBe('succeeded');
    await expectStoppedForGood(sr);
    expect(sr.robot.state).toBe('IDLE');
    expect(sr.robot.operations.list().filter((o) => o.status === 'running' || o.status === 'pending')).toEqual([]);
  });

  it('cancels an approach still queued when the robot is disarmed: it never starts', async () => {
    const sr = await armedRobot();
    const id = await seeBlueCube(sr);
    sr.robot.setParameter('conflict_policy', 'queue');
    const away = sr.robot.navigateTo({ x: 1, y: 4 });
    const approach = sr.robot.approach({ objectId: id });
    await sr.sim.backend.sleep(1);
    expect(approach.status).toBe('pending');
    sr.robot.disarm();
    expect(away).toMatchObject({ status: 'cancelled', errorCode: 'cancelled' });
    expect(approach).toMatchObject({ status: 'cancelled', errorCode: 'cancelled' });
    await expectStoppedForGood(sr);
    expect(approach.startedAt).toBeUndefined();
    expect(sr.robot.state).toBe('IDLE');
  });

  it('runs a queued approach after the navigate ahead of it, from where that navigate ended', async () => {
    const sr = await armedRobot();
    const id = await seeBlueCube(sr);
    sr.robot.setParameter('conflict_policy', 'queue');
    const away = sr.robot.navigateTo({ x: 1, y: 4 });
    const approach = sr.robot.approach({ objectId: id });
    expect(approach.status).toBe('pending');
    const states: string[] = [];
    sr.robot.watch((topic) => {
      if (topic === 'state') states.push(sr.robot.state);
    });
    await sr.robot.waitFor(approach);
    expect(away.status).toBe('succeeded');
    expect(approach.status, approach.error).toBe('succeeded');
    expect(approach.startedAt).toBeGreaterThanOrEqual(away.endedAt!);
    expect(approach.result!.distance_m as number).toBeCloseTo(0.4, 1);
    // From (1, 4) the cube is far: the approach stops short and looks again.
    expect(states).toEqual(['IDLE', 'NAVIGATING', 'SENSING', 'NAVIGATING', 'IDLE']);
  });
});
