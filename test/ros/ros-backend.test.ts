/**
 * The ROS robot backend against `robot-agent ros-sim` (a separate process) on a real roscore,
 * with the robot core on top: the map, pose, battery and camera it reads; drives through
 * move_base; and the safety rules — disarmed sends no goal, the e-stop stops the goal on the
 * robot (seen by Debian's rostopic), the battery reserve refuses a trip,
 * charging works on the dock only. The low-battery scenario (12 % charge) makes the reserve bite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Robot } from '../../src/robot/robot.js';
import { RobotCommandError } from '../../src/robot/robot-errors.js';
import { connectRosBackend, type ConnectedRosBackend } from '../../src/ros/backend/connect.js';
import { loadRobotProfile } from '../../src/ros/backend/robot-profile.js';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { echoListening, PATIENT_TIMEOUTS, rosTransportForSuite, runTool, until } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const PROFILE = 'examples/ros/ros-sim-robot.yaml';

/** Armed, no e-stop latched, no battery reserve (the battery holds 12 %): each test starts so. */
function ready(robot: Robot): void {
  robot.stop('the next test');
  if (robot.emergencyStopped) robot.resetEmergencyStop();
  if (!robot.armed) robot.arm();
  robot.parameters.set('battery_reserve', 0);
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof RobotCommandError) return e.code;
    throw e;
  }
  return 'accepted';
}

describe.skipIf(!ROS_INSTALLED)('the ROS robot backend on ros-sim', () => {
  const ros = rosTransportForSuite(['--scenario', 'low-battery']);
  let connected: ConnectedRosBackend;
  let robot: Robot;
  beforeAll(async () => {
    const profile = { ...loadRobotProfile(PROFILE), timeouts: PATIENT_TIMEOUTS };
    connected = await connectRosBackend(ros.transport, profile, () => performance.now());
    robot = new Robot(connected.backend);
  }, 60_000);
  afterAll(async () => {
    await connected?.close();
  });

  it('reads the map, the pose, the battery and a camera frame', () => {
    const { backend } = connected;
    const map = backend.staticMap();
    expect([map.width, map.depth]).toEqual([10, 8]);
    expect(map.zones.map((z) => z.name)).toContain('bin_a');
    expect(backend.planPath({ x: 4.2, y: 4.6 })).toMatchObject({ ok: false, reason: expect.stringMatching(/inside obstacle/) }); // the rack
    expect(backend.planPath({ x: 6, y: 6.6 })).toMatchObject({ ok: true });
    const state = backend.readState();
    expect(state.pose).toMatchObject({ x: 1, y: 1, heading: 0 });
    expect(state.battery).toBeCloseTo(0.12, 2);
    const frame = backend.captureFrame();
    expect([frame.width, frame.height, frame.rgb.length]).toEqual([320, 240, 320 * 240 * 3]);
    expect(frame.pose.x).toBeCloseTo(1, 3);
    expect(frame.camera).toMatchObject({ height: 0.45, pitchDeg: 10, hfovDeg: 70 });
  });

  it('sends no goal while disarmed', async () => {
    const goals = runTool(ros.master, '/usr/bin/rostopic', ['echo', '-n1', '/move_base/goal'], 15_000);
    await echoListening(ros.master, '/move_base/goal');
    expect(refusal(() => robot.navigateTo({ x: 2, y: 1.5 }))).toBe('not_armed');
    expect((await goals).stdout).not.toMatch(/target_pose/);
  }, 60_000);

  it('refuses a trip that would leave the battery below the reserve', () => {
    ready(robot);
    robot.parameters.set('battery_reserve', 0.15);
    expect(refusal(() => robot.navigateTo({ x: 9, y: 6.5 }))).toBe('battery_reserve');
  });

  it('drives through move_base and stops where the goal is', async () => {
    ready(robot);
    const op = await robot.waitFor(robot.navigateTo({ x: 2, y: 1.6, heading: Math.PI / 2 }), { timeoutS: 150 });
    expect(op.status).toBe('succeeded');
    const { pose } = connected.backend.readState();
    expect(Math.hypot(pose.x - 2, pose.y - 1.6)).toBeLessThan(0.06);
    expect(pose.heading).toBeCloseTo(Math.PI / 2, 1);
  }, 180_000);

  it('on the e-stop, stops the goal on the robot (cancel and zero Twist) and the base comes to rest', async () => {
    // Debian's rostopic watches move_base's result on the simulator's side.
    const result = runTool(ros.master, '/usr/bin/rostopic', ['echo', '-n1', '/move_base/result/status'], 60_000);
    await echoListening(ros.master, '/move_base/result');
    ready(robot);
    const op = robot.navigateTo({ x: 2, y: 6.5 });
    await until('the base drives', () => connected.backend.readState().linear > 0.2, { timeoutMs: 10_000 });
    robot.emergencyStop('test e-stop');
    expect(op.status).not.toBe('running');
    // The goal ends preempted by the cancel, or aborted by the zero Twist on /cmd_vel if that
    // arrives first: either way the robot itself stopped the goal, not a timeout.
    const ended = (await result).stdout;
    expect(ended).toMatch(/status: 2\s+text: "cancelled"|status: 4\s+text: "stopped by a zero velocity command on \/cmd_vel"/);
    await until('the robot is e-stopped', () => robot.state === 'ESTOPPED', { timeoutMs: 5000 });
    expect(connected.backend.readState().linear).toBe(0);
  }, 90_000);

  it('reports a grasp with nothing in reach as missed, with the reason from the gripper service', async () => {
    ready(robot);
    const op = await robot.waitFor(robot.grasp(), { timeoutS: 80 });
    expect(op.status).toBe('failed');
    expect(op.errorCode).toBe('grasp_missed');
    expect(`${op.error} ${op.message}`).toMatch(/nothing in reach/);
  }, 90_000);

  it('charges on the dock only: refused elsewhere, and the battery rises there', async () => {
    ready(robot);
    expect(refusal(() => robot.charge())).toBe('not_on_dock');
    expect(connected.backend.setCharging(true)).toMatchObject({ ok: false, reason: expect.stringMatching(/not on a charging dock/) });
    const drive = await robot.waitFor(robot.navigateTo({ x: 0.7, y: 7.2 }), { timeoutS: 200 });
    expect(drive.status).toBe('succeeded');
    const before = connected.backend.readState().battery;
    const charge = robot.charge();
    for (let i = 0; i < 600 && connected.backend.readState().battery < before + 0.02; i++) await robot.backend.sleep(0.1);
    expect(connected.backend.readState().charging).toBe(true);
    expect(connected.backend.readState().battery).toBeGreaterThan(before + 0.02);
    robot.stop('enough charge for the test');
    expect(charge.status).not.toBe('running');
  }, 360_000);

});
