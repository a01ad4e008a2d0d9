/**
 * avoid_zones on a ROS robot, against `robot-agent ros-sim` on a real roscore: the cmd_vel
 * follower drives the path planned around the zone, so a drive to bin_a whose straight way cuts
 * bin_b's corner keeps out of bin_b (every odometry pose clear of it) and its result says so;
 * move_base plans its own routes, so the same request is refused with `unsupported` before any
 * operation starts, rather than ignored. rosnodejs runs one node per process: the two robots
 * join the graph in turn.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { distanceToRect, type Vec2 } from '../../src/core/geometry.js';
import { Robot } from '../../src/robot/robot.js';
import { RobotCommandError } from '../../src/robot/robot-errors.js';
import { connectRosBackend, type ConnectedRosBackend } from '../../src/ros/backend/connect.js';
import { loadRobotProfile } from '../../src/ros/backend/robot-profile.js';
import { connectRos } from '../../src/ros/transport/rosnodejs-transport.js';
import type { RosTransport } from '../../src/ros/transport/ros-transport.js';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { PATIENT_TIMEOUTS, rosSimForSuite } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

/** Points every centimetre along a polyline. */
function samples(path: Vec2[]): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 1; i < path.length; i++) {
    const [a, b] = [path[i - 1]!, path[i]!];
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.01));
    for (let k = 0; k <= n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  return out;
}

describe.skipIf(!ROS_INSTALLED)('avoid_zones on a ROS robot', () => {
  const running = rosSimForSuite();
  const transports: RosTransport[] = [];
  const connected: ConnectedRosBackend[] = [];
  /** A robot on its own node (one node's second subscription to the latched map would not get it again). */
  const connect = async (profile: string, nodeName: string) => {
    const transport = await connectRos({ masterUri: running.master.uri, env: running.master.env, nodeName });
    transports.push(transport);
    const c = await connectRosBackend(transport, { ...loadRobotProfile(profile), timeouts: PATIENT_TIMEOUTS }, () => performance.now());
    connected.push(c);
    return c;
  };
  afterAll(async () => {
    for (const c of connected) await c.close();
    for (const t of transports) await t.shutdown();
  });

  it('move_base refuses avoid_zones with unsupported, before any goal', async () => {
    const { backend } = await connect('examples/ros/ros-sim-robot.yaml', '/avoid_zones_move_base');
    const robot = new Robot(backend);
    robot.arm();
    let refusal: RobotCommandError | undefined;
    try {
      robot.navigateTo({ x: 8.9, y: 1, avoidZones: ['bin_b'] });
    } catch (e) {
      refusal = e as RobotCommandError;
    }
    expect(refusal).toBeInstanceOf(RobotCommandError);
    expect(refusal!.code).toBe('unsupported');
    expect(refusal!.message).toMatch(/plans its own routes/);
    expect(robot.operations.list()).toEqual([]);
    expect(backend.motionState().status).toBe('idle');
    robot.disarm();
    // One ROS node per process at a time: leave the graph before the next robot joins it.
    await connected.pop()!.close();
    await transports.pop()!.shutdown();
  }, 90_000);

  it('the cmd_vel follower drives around bin_b to bin_a, every odometry pose clear of it', async () => {
    const { backend } = await connect('examples/ros/ros-sim-cmd-vel-robot.yaml', '/avoid_zones_cmd_vel');
    const robot = new Robot(backend);
    robot.arm();
    robot.parameters.set('battery_reserve', 0);
    const binB = backend.staticMap().zones.find((z) => z.name === 'bin_b')!;
    // Clear of the blue cube by home (the follower plans on the map, which has no objects).
    expect((await robot.waitFor(robot.navigateTo({ x: 5.5, y: 2.2 }), { timeoutS: 150 })).status).toBe('succeeded');
    // From there the straight way to bin_a cuts bin_b's corner.
    const direct = backend.planPath({ x: 8.9, y: 1.0 });
    expect(direct.ok && Math.min(...samples(direct.path).map((p) => distanceToRect(binB, p)))).toBe(0);
    const poses: Vec2[] = [];
    const off = backend.onUpdate(() => poses.push({ ...backend.readState().pose }));
    const op = await robot.waitFor(robot.navigateTo({ x: 8.9, y: 1.0, avoidZones: ['bin_b'] }), { timeoutS: 150 });
    off();
    expect(op.status, op.error).toBe('succeeded');
    expect(op.result).toMatchObject({ avoided_zones: ['bin_b'] });
    expect(poses.length).toBeGreaterThan(20);
    expect(Math.min(...poses.map((p) => distanceToRect(binB, p)))).toBeGreaterThan(0.2);
    const { pose } = backend.readState();
    expect(Math.hypot(pose.x - 8.9, pose.y - 1.0)).toBeLessThan(0.1);
  }, 180_000);
});
