/**
 * A base's word checked against its own pose, on a real roscore: a move_base action server (a
 * rospy node of Debian's actionlib) that reports every goal succeeded while the robot, whose
 * odometry `robot-agent ros-sim` publishes, never moved. The drive must end failed, saying where
 * the robot really is. (A base that did drive there still arrives: ros-backend.test.ts drives
 * through ros-sim's own move_base with the same check.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Robot } from '../../src/robot/robot.js';
import { connectRosBackend, type ConnectedRosBackend } from '../../src/ros/backend/connect.js';
import { loadRobotProfile, type RobotProfile } from '../../src/ros/backend/robot-profile.js';
import { ROS_INSTALLED, ROS_SKIP_REASON, type RosNodeProcess } from '../helpers/roscore.js';
import { PATIENT_TIMEOUTS, rosTransportForSuite } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const PROFILE = 'examples/ros/ros-sim-robot.yaml';

describe.skipIf(!ROS_INSTALLED)('a move_base that says it arrived', () => {
  const ros = rosTransportForSuite(['--scenario', 'warehouse']);
  let liar: RosNodeProcess;
  let connected: ConnectedRosBackend;
  beforeAll(async () => {
    // Its "robot" is a number in the fixture: it drives that to the goal and reports success.
    liar = await ros.master.startNode('test/fixtures/ros/move_base_server.py', ['--speed', '50', '--action', '/lying_base', '__name:=lying_base']);
  }, 60_000);
  afterAll(async () => {
    await connected?.close();
    await liar?.stop();
  });

  it('ends the drive failed, with the pose the robot reports, when it did not move', async () => {
    const base = loadRobotProfile(PROFILE);
    const profile = { ...base, navigation: { ...base.navigation, action: '/lying_base' }, timeouts: PATIENT_TIMEOUTS } as RobotProfile;
    connected = await connectRosBackend(ros.transport, profile, () => performance.now());
    const robot = new Robot(connected.backend);
    robot.arm();
    const before = connected.backend.readState().pose;
    const op = await robot.waitFor(robot.navigateTo({ x: 3, y: 1 }), { timeoutS: 60 });
    expect(op.status).toBe('failed');
    expect(op.error).toMatch(/the base reported arriving at \(3, 1\), but its pose puts it 2 m away, at \(1, 1\)/);
    expect(connected.backend.readState().pose).toMatchObject({ x: before.x, y: before.y });
  }, 90_000);
});
