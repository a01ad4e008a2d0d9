import { describe, expect, it } from 'vitest';
import { Robot } from '../../src/robot/robot.js';
import { refusal } from '../helpers/robot-refusal.js';
import { createSimulation } from '../../src/sim/sim-backend.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { scenarioFile } from '../helpers/scenario-file.js';

function makeRobot(scenario = 'warehouse', seed = 1) {
  const sim = createSimulation({ scenario: loadScenario(scenario), seed });
  const robot = new Robot(sim.backend);
  return { robot, sim };
}

describe('arming and the emergency stop', () => {
  it('refuses motion until armed, and disarm stops everything', async () => {
    const { robot, sim } = makeRobot();
    expect(refusal(() => robot.navigateTo({ x: 3, y: 1 })).code).toBe('not_armed');
    robot.arm();
    const op = robot.navigateTo({ x: 3, y: 1 });
    await sim.backend.sleep(0.5);
    expect(robot.state).toBe('NAVIGATING');
    robot.disarm();
    expect(op.status).toBe('cancelled');
    expect(robot.state).toBe('STOPPING');
    await sim.backend.sleep(1);
    expect(Math.abs(sim.backend.readState().linear)).toBeLessThan(1e-9);
    expect(robot.state).toBe('IDLE');
  });

  it('latches ESTOPPED until an explicit reset, and stays disarmed after it', async () => {
    const { robot, sim } = makeRobot();
    robot.arm();
    const op = robot.navigateTo({ x: 3, y: 1 });
    await sim.backend.sleep(0.5);
    robot.emergencyStop('test');
    // Latched at once; the state says the base is still braking until it is at rest.
    expect(robot.emergencyStopped).toBe(true);
    expect(robot.state).toBe('STOPPING');
    expect(op.status).toBe('cancelled');
    expect(refusal(() => robot.arm()).code).toBe('estopped');
    expect(refusal(() => robot.navigateTo({ x: 2, y: 1 })).code).toBe('estopped');
    await sim.backend.sleep(2);
    expect(robot.state).toBe('ESTOPPED');
    robot.resetEmergencyStop();
    expect(robot.state).toBe('IDLE');
    expect(robot.armed).toBe(false);
    robot.arm();
    expect(robot.armed).toBe(true);
    expect(refusal(() => robot.resetEmergencyStop()).code).toBe('not_estopped');
  });
});

describe('operations', () => {
  it('runs a navigation from running to succeeded with progress, arriving within tolerance', async () => {
    const { robot } = makeRobot();
    robot.arm();
    const op = robot.navigateTo({ x: 3, y: 1.5 });
    expect(op.status).toBe('running');
    const progress: number[] = [];
    await robot.waitFor(op, { onProgress: (o) => void progress.push(o.progress) });
    expect(op.status).toBe('succeeded');
    expect(op.result?.errorM as number).toBeLessThanOrEqual(0.05);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]! - 1e-9)).toBe(true);
    expect(robot.state).toBe('IDLE');
  });

  it('fails an unreachable goal fast with a reason, without starting anything', () => {
    const { robot } = makeRobot();
    robot.arm();
    expect(refusal(() => robot.navigateTo({ x: 20, y: 1 })).code).toBe('out_of_workspace');
    expect(refusal(() => robot.navigateTo({ x: 4.2, y: 4.6 })).message).toMatch(/cannot reach/);
    expect(robot.operations.list()).toHaveLength(0);
  });

  it('cancels a running operation and leaves the robot stopped', async () => {
    const { robot, sim } = makeRobot();
    robot.arm();
    const op = robot.navigateTo({ x: 8, y: 2 });
    await sim.backend.sleep(1);
    robot.cancelOperation(op.id);
    expect(op.status).toBe('cancelled');
    await sim.backend.sleep(1);
    expect(Math.abs(sim.backend.readState().linear)).toBeLessThan(1e-9);
    expect(refusal(() => robot.cancelOperation('op-99')).code).toBe('unknown_operation');
  });

  it('times out a wait, cancelling the operation', async () => {
    const { robot } = makeRobot();
    robot.arm();
    const op = robot.navigateTo({ x: 8, y: 2 });
    await robot.waitFor(op, { timeoutS: 1 });
    expect(op.status).toBe('cancelled');
    expect(op.error).toMatch(/timed out/);
  });

  it('cancels on an aborted signal', async () => {
    const { robot } = makeRobot();
    robot.arm();
    const op = robot.navigateTo({ x: 8, y: 2 });
    const ctrl = new AbortController();
    await robot.waitFor(op, { onProgress: () => ctrl.abort(), signal: ctrl.signal });
    expect(op.status).toBe('cancelled');
  });

  it('conflict policy error refuses a second motion', () => {
    const { robot } = makeRobot();
    robot.arm();
    robot.navigateTo({ x: 3, y: 1 });
    expect(refusal(() => robot.navigateTo({ x: 2, y: 2 })).code).toBe('busy');
  });

  it('conflict policy cancel preempts the running motion', async () => {
    const { robot } = makeRobot();
    robot.arm();
    robot.setParameter('conflict_policy', 'cancel');
    const first = robot.navigateTo({ x: 8, y: 2 });
    const second = robot.navigateTo({ x: 2, y: 2 });
    expect(first.status).toBe('cancelled');
    await robot.waitFor(second);
    expect(second.status).toBe('succeeded');
  });

  it('conflict policy queue runs motions one after another', async () => {
    const { robot } = makeRobot();
    robot.arm();
    robot.setParameter('conflict_policy', 'queue');
    const first = robot.navigateTo({ x: 3, y: 1 });
    const second = robot.navigateTo({ x: 3, y: 2 });
    expect(second.status).toBe('pending');
    await robot.waitFor(second);
    expect(first.status).toBe('succeeded');
    expect(second.status).toBe('succeeded');
    expect(second.startedAt!).toBeGreaterThanOrEqual(first.endedAt!);
  });
});

describe('gripper', () => {
  it('fails a grasp with nothing in reach and succeeds in front of an object', async () => {
    const { robot, sim } = makeRobot();
    robot.arm();
    const miss = robot.grasp();
    await robot.waitFor(miss);
    expect(miss.status).toBe('failed');
    expect(miss.error).toMatch(/nothing in reach/);
    // The blue cube is at (4.6, 1.3): stand 0.4 m in front of it, facing it.
    await robot.waitFor(robot.navigateTo({ x: 4.2, y: 1.3, heading: 0 }));
    const grasp = robot.grasp();
    await robot.waitFor(grasp);
    expect(grasp.status).toBe('succeeded');
    expect(sim.backend.readState().holding).toBe('blue_cube');
    expect(refusal(() => robot.grasp()).code).toBe('holding');
    const release = robot.release();
    await robot.waitFor(release);
    expect(release.status).toBe('succeeded');
    expect(sim.backend.readState().holding).toBeNull();
    expect(refusal(() => robot.release()).code).toBe('not_holding');
  });
});

describe('battery reserve', () => {
  it('refuses trips that would end below the reserve, except to the dock, and charges there', async () => {
    const { robot, sim } = makeRobot('low-battery');
    robot.arm();
    const e = refusal(() => robot.navigateTo({ x: 8, y: 2 }));
    expect(e.code).toBe('battery_reserve');
    expect(e.message).toMatch(/charging_dock/);
    expect(refusal(() => robot.charge()).code).toBe('not_on_dock');
    const toDock = robot.navigateTo({ x: 0.7, y: 7.2 });
    await robot.waitFor(toDock);
    expect(toDock.status).toBe('succeeded');
    const charge = robot.charge();
    expect(robot.state).toBe('CHARGING');
    await robot.waitFor(charge);
    expect(charge.status).toBe('succeeded');
    expect(sim.backend.readState().battery).toBeGreaterThanOrEqual(0.95);
    expect(robot.navigateTo({ x: 8, y: 2 }).status).toBe('running');
  });

  /** A 20 m hall, the dock at its west end; the reserve lowered to 5% so it is not what refuses. */
  function longHall(robotAt: { x: number; battery: number }) {
    const file = scenarioFile({
      name: 'robot-long-hall',
      summary: 'a 20 x 6 m hall, the dock at the west end',
      room: { width: 20, depth: 6 },
      obstacles: [],
      zones: [{ name: 'charging_dock', x: 0.7, y: 3.0, width: 0.9, depth: 0.9 }],
      objects: [],
      robot: { x: robotAt.x, y: 3.0, heading: 0, battery: robotAt.battery },
    });
    const sim = createSimulation({ scenario: loadScenario(file), seed: 1 });
    const robot = new Robot(sim.backend);
    robot.setParameter('battery_reserve', 0.05);
    robot.arm();
    return robot;
  }

  it('refuses a trip that would leave the dock out of reach, while it is still in reach', () => {
    const robot = longHall({ x: 2, battery: 0.25 });
    const e = refusal(() => robot.navigateTo({ x: 19, y: 3 }));
    expect(e.code).toBe('battery_reserve');
    expect(e.message).toMatch(/could no longer bring the robot back to the charging dock \(about \d+% from there; now 25%\); navigate to the charging_dock zone and charge first/);
    // A shorter trip, from whose end the dock is still in reach, goes.
    expect(robot.navigateTo({ x: 6, y: 3 }).status).toBe('running');
  });

  it('lets a robot already out of the dock\'s reach make trips the reserve allows', () => {
    const robot = longHall({ x: 19, battery: 0.12 });
    expect(robot.navigateTo({ x: 16, y: 3 }).status).toBe('running');
  });
});

describe('parameters and events', () => {
  it('validates parameters with clear errors naming the allowed range', () => {
    const { robot } = makeRobot();
    expect(refusal(() => robot.setParameter('max_linear_speed', 5)).message).toMatch(/from 0\.05 to 1 m\/s/);
    expect(refusal(() => robot.setParameter('max_linear_speed', 'fast')).message).toMatch(/must be a number/);
    expect(refusal(() => robot.setParameter('max_linear_speed', Number.NaN)).message).toMatch(/must be a number/);
    expect(refusal(() => robot.setParameter('warp_drive', 1)).message).toMatch(/unknown parameter "warp_drive"; known parameters: max_linear_speed/);
    expect(refusal(() => robot.setParameter('conflict_policy', 'maybe')).message).toMatch(/one of error, cancel, queue/);
    expect(robot.setParameter('max_linear_speed', '0.3')).toEqual({ previous: 0.6, value: 0.3 });
  });

  it('logs state, operation, safety and parameter events queryable by time window', async () => {
    const { robot, sim } = makeRobot();
    robot.arm();
    robot.setParameter('max_linear_speed', 0.4);
    await robot.waitFor(robot.navigateTo({ x: 3, y: 1 }));
    await sim.backend.sleep(40);
    robot.emergencyStop('drill');
    const now = robot.now();
    const recent = robot.events.query(now, 30);
    expect(recent.every((e) => e.t >= now - 30)).toBe(true);
    expect(recent.some((e) => e.kind === 'safety' && /EMERGENCY STOP/.test(e.message))).toBe(true);
    expect(recent.some((e) => e.kind === 'parameter')).toBe(false);
    const all = robot.events.query(now);
    for (const kind of ['state', 'operation', 'safety', 'parameter'] as const) expect(all.some((e) => e.kind === kind)).toBe(true);
    expect(robot.events.query(now, undefined, ['parameter'])).toHaveLength(1);
  });
});
