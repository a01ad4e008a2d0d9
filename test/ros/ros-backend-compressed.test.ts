/**
 * The ROS robot on ros-sim's compressed camera: ros-sim publishes its camera as image_transport
 * does, raw on /camera/image_raw and sensor_msgs/CompressedImage (PNG) on
 * /camera/image_raw/compressed, and a profile naming the compressed topic finds the blue cube
 * through the same ONNX vision pipeline (the committed model) as the simulator's robot, where the
 * simulator's ground truth has it. Needs `npm run build` (ros-sim runs as the built CLI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Robot } from '../../src/robot/robot.js';
import { loadRobotProfile } from '../../src/ros/backend/robot-profile.js';
import { connectRosRobot, type RosRobotConnection } from '../../src/runtime/ros-robot.js';
import type { RobotAssembly } from '../../src/runtime/robot-assembly.js';
import { createDetector } from '../../src/vision/detector.js';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { PATIENT_TIMEOUTS, rosSimForSuite, runTool } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

describe.skipIf(!ROS_INSTALLED)('the ROS robot on a compressed camera', () => {
  const ros = rosSimForSuite();
  let connection: RosRobotConnection;
  let assembly: RobotAssembly;
  let robot: Robot;
  beforeAll(async () => {
    const profile = loadRobotProfile('examples/ros/ros-sim-robot.yaml');
    connection = await connectRosRobot({
      profile: { ...profile, camera: { ...profile.camera, topic: '/camera/image_raw/compressed', type: 'sensor_msgs/CompressedImage' }, timeouts: PATIENT_TIMEOUTS },
      masterUri: ros.master.uri,
      seed: 1,
      env: ros.master.env,
    });
    assembly = connection.source.open(createDetector());
    robot = assembly.robot;
  }, 90_000);
  afterAll(async () => {
    assembly?.close();
    await assembly?.detector.dispose();
    await connection?.close();
  });

  it('publishes PNG frames that rostopic sees as sensor_msgs/CompressedImage', async () => {
    const format = await runTool(ros.master, '/usr/bin/rostopic', ['echo', '-n1', '/camera/image_raw/compressed/format']);
    expect(format.stdout).toMatch(/png/);
    const frame = robot.captureFrame();
    expect([frame.width, frame.height]).toEqual([320, 240]);
  }, 30_000);

  it('finds the blue cube through the ONNX pipeline where the simulator has it', async () => {
    robot.arm();
    const drive = await robot.waitFor(robot.navigateTo({ x: 3, y: 1.2, heading: 0 }), { timeoutS: 120 });
    expect(drive.status).toBe('succeeded');
    // Two looks from the same spot; the tracker confirms what it sees well.
    await robot.detect();
    const seen = await robot.detect(['blue cube']);
    const cube = seen.find((d) => d.label === 'blue_cube');
    expect(cube, `detections: ${JSON.stringify(robot.seenObjects())}`).toBeDefined();
    // The warehouse's blue cube stands at (4.6, 1.3): localized from the compressed frame within a hand's width.
    expect(Math.hypot(cube!.x - 4.6, cube!.y - 1.3)).toBeLessThan(0.25);
  }, 180_000);
});
