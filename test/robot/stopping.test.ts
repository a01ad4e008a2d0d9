import { describe, expect, it } from 'vitest';
import { Robot } from '../../src/robot/robot.js';
import type { RobotState } from '../../src/robot/robot-state.js';
import { createSimulation } from '../../src/sim/sim-backend.js';
import { loadScenario } from '../../src/sim/scenario.js';

/** A robot driving at speed along the warehouse's open floor. */
async function drivingRobot() {
  const sim = createSimulation({ scenario: loadScenario('warehouse'), seed: 1 });
  const robot = new Robot(sim.backend);
  const states: RobotState[] = [];
  robot.watch((topic) => {
    if (topic === 'state') states.push(robot.state);
  });
  robot.arm();
  const op = robot.navigateTo({ x: 5, y: 1 });
  await sim.backend.sleep(2);
  expect(Math.abs(sim.backend.readState().linear)).toBeGreaterThan(0.2);
  return { robot, sim, op, states };
}

/** Lets robot time pass in small steps until the state changes; returns where the base was. */
async function brakeUntilSettled(robot: Robot, sim: ReturnType<typeof createSimulation>) {
  const start = sim.backend.readState().pose;
  let t = 0;
  while (robot.state === 'STOPPING' && t < 5) {
    expect(Math.abs(sim.backend.readState().linear) + Math.abs(sim.backend.readState().angular)).toBeGreaterThan(0);
    await sim.backend.sleep(0.05);
    t += 0.05;
  }
  const end = sim.backend.readState();
  return { brakingM: Math.hypot(end.pose.x - start.x, end.pose.y - start.y), end };
}

describe('STOPPING: the state says the base is braking until it is at rest', () => {
  it.each([
    ['stop', (robot: Robot) => void robot.stop('test'), 'IDLE'],
    ['cancel', (robot: Robot, opId: string) => void robot.cancelOperation(opId), 'IDLE'],
    ['e-stop', (robot: Robot) => robot.emergencyStop('test'), 'ESTOPPED'],
  ] as const)('after %s: STOPPING while moving, then at rest %s', async (_name, halt, resting) => {
    const { robot, sim, op, states } = await drivingRobot();
    halt(robot, op.id);
    expect(op.status).toBe('cancelled');
    expect(robot.state).toBe('STOPPING');
    const { brakingM, end } = await brakeUntilSettled(robot, sim);
    expect(robot.state).toBe(resting);
    expect(brakingM).toBeGreaterThan(0.005); // it really was still moving while STOPPING
    expect(end.linear).toBe(0);
    expect(end.angular).toBe(0);
    expect(states.slice(-2)).toEqual(['STOPPING', resting]);
  });

  it('a robot already at rest settles at once, and a new goal may take over while braking', async () => {
    const { robot, sim } = await drivingRobot();
    robot.stop('test');
    expect(robot.state).toBe('STOPPING');
    const next = robot.navigateTo({ x: 3, y: 1 });
    expect(robot.state).toBe('NAVIGATING');
    await robot.waitFor(next);
    expect(next.status).toBe('succeeded');
    expect(robot.state).toBe('IDLE');
    robot.stop('at rest already');
    expect(robot.state).toBe('IDLE');
    await sim.backend.sleep(0.1);
    expect(robot.state).toBe('IDLE');
  });

  it('a reset during braking leaves STOPPING to end in IDLE', async () => {
    const { robot, sim } = await drivingRobot();
    robot.emergencyStop('test');
    robot.resetEmergencyStop();
    expect(robot.state).toBe('STOPPING');
    await brakeUntilSettled(robot, sim);
    expect(robot.state).toBe('IDLE');
  });
});
