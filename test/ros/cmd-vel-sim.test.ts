/**
 * `robot-agent ros-sim` driven by velocity commands on /cmd_vel: from Debian's `rostopic pub`,
 * the base follows the Twist and stops by itself once the publisher is gone (the 0.5 s watchdog;
 * no zero Twist is sent); a zero Twist stops it at once; a Twist preempts a rospy actionlib
 * client's move_base goal; a wall stops it as the simulator stops any drive, and the simulator's
 * ground truth (its --truth-file) agrees. The odometry is read by a subscriber in this process.
 * Needs `npm run build`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RosMessage, RosPublisher } from '../../src/ros/transport/ros-transport.js';
import { ROS_INSTALLED, ROS_PYTHON, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { rosTransportForSuite, runTool, until } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const CLIENT = 'test/fixtures/ros/move_base_goal_client.py';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Odometry {
  x: number;
  y: number;
  linear: number;
  angular: number;
}

describe.skipIf(!ROS_INSTALLED)('ros-sim driven on /cmd_vel', () => {
  const ros = rosTransportForSuite([], '/cmd_vel_test');
  let cmdVel: RosPublisher;
  let odom: Odometry | undefined;
  beforeAll(async () => {
    await ros.transport.subscribe('/odom', 'nav_msgs/Odometry', (m: RosMessage) => {
      const { pose, twist } = m as { pose: { pose: { position: { x: number; y: number } } }; twist: { twist: { linear: { x: number }; angular: { z: number } } } };
      odom = { ...pose.pose.position, linear: twist.twist.linear.x, angular: twist.twist.angular.z };
    });
    cmdVel = await ros.transport.advertise('/cmd_vel', 'geometry_msgs/Twist');
  }, 60_000);

  /** Waits (polling the odometry) until `ok` holds, and returns that odometry; fails the test after `timeoutMs`. */
  async function odometryUntil(what: string, ok: (o: Odometry) => boolean, timeoutMs = 30_000): Promise<Odometry> {
    await until(what, () => odom !== undefined && ok(odom), { timeoutMs, detail: () => `odometry ${JSON.stringify(odom)}` });
    return { ...odom! };
  }

  /** `rostopic pub -r 10` of one Twist, until stopped (SIGINT, as Ctrl-C: no zero Twist follows). */
  function rostopicPub(twist: string) {
    const child = spawn('/usr/bin/rostopic', ['pub', '-r', '10', '/cmd_vel', 'geometry_msgs/Twist', twist], { env: ros.master.env, stdio: 'ignore' });
    return {
      async stop() {
        if (child.exitCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGINT');
        await exited;
      },
    };
  }

  /** Publishes a Twist from this process at 10 Hz until stopped. */
  function publishEvery100ms(linear: number, angular: number) {
    const message = { linear: { x: linear, y: 0, z: 0 }, angular: { x: 0, y: 0, z: angular } };
    cmdVel.publish(message);
    const timer = setInterval(() => cmdVel.publish(message), 100);
    return { stop: () => clearInterval(timer) };
  }

  const watchdogStops = () => ros.sim.output().split('\n').filter((l) => l.includes('(watchdog)')).length;

  it('follows the Twists of rostopic pub, then stops by itself (watchdog) once they stop', async () => {
    const start = await odometryUntil('odometry arrives', () => true);
    const stopsBefore = watchdogStops();
    const pub = rostopicPub('{linear: {x: 0.4}}');
    try {
      await odometryUntil('the base drives at 0.4 m/s', (o) => Math.abs(o.linear - 0.4) < 1e-9);
      await odometryUntil('it has covered 0.3 m', (o) => o.x > start.x + 0.3);
    } finally {
      await pub.stop();
    }
    const stopped = await odometryUntil('the base is at rest', (o) => o.linear === 0, 10_000);
    expect(stopped.x).toBeGreaterThan(start.x + 0.3); // it drove east (heading 0), straight
    expect(stopped.y).toBeCloseTo(start.y, 6);
    expect(watchdogStops()).toBe(stopsBefore + 1);
    expect(ros.sim.output()).toMatch(/ros-sim: no velocity command on \/cmd_vel for 0\.5 s: the base stopped \(watchdog\)/);
    await sleep(1000);
    expect(odom).toMatchObject({ x: stopped.x, linear: 0, angular: 0 }); // and stays at rest
  }, 90_000);

  it('stops on a zero Twist at once, before the watchdog would', async () => {
    const stopsBefore = watchdogStops();
    const turning = publishEvery100ms(0, 0.8);
    try {
      await odometryUntil('the base turns at 0.8 rad/s', (o) => Math.abs(o.angular - 0.8) < 1e-9);
    } finally {
      turning.stop();
    }
    cmdVel.publish({ linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } });
    await odometryUntil('the base is at rest', (o) => o.angular === 0, 10_000);
    await sleep(1000); // past the watchdog's time: it has nothing left to stop
    expect(watchdogStops()).toBe(stopsBefore);
  }, 60_000);

  it('lets a Twist preempt a move_base goal: the goal ends aborted with the reason, the base follows the Twist', async () => {
    const goal = runTool(ros.master, ROS_PYTHON, [CLIENT, '2.5', '6.5', '0'], 90_000);
    await odometryUntil('the goal is under way', (o) => o.linear > 0.2, 60_000);
    const pub = rostopicPub('{angular: {z: -0.6}}');
    try {
      const run = await goal;
      expect(run.stdout).toMatch(/STATE ABORTED preempted by a velocity command on \/cmd_vel/);
      expect(run.code).toBe(1);
      await odometryUntil('the base only turns, as commanded', (o) => o.linear === 0 && Math.abs(o.angular + 0.6) < 1e-9);
    } finally {
      await pub.stop();
    }
    expect(ros.sim.output()).toMatch(/a velocity command on \/cmd_vel preempted the move_base goal/);
    await odometryUntil('the base is at rest', (o) => o.angular === 0, 10_000);
  }, 120_000);

  it('is stopped by a wall as the simulator stops any drive, and the ground truth agrees', async () => {
    // Face west (a move_base turn on the spot), then keep commanding 0.8 m/s at the west wall.
    const here = await odometryUntil('odometry arrives', () => true);
    const turn = await runTool(ros.master, ROS_PYTHON, [CLIENT, String(here.x), String(here.y), String(Math.PI)], 60_000);
    expect(turn.stdout).toMatch(/STATE SUCCEEDED/);
    const drive = publishEvery100ms(0.8, 0);
    try {
      await odometryUntil('the base drives', (o) => o.linear > 0.5);
      await odometryUntil('the wall stops it while the commands go on', (o) => o.linear === 0);
    } finally {
      drive.stop();
    }
    await sleep(1000);
    const { code, truth } = await ros.sim.stop();
    expect(code).toBe(0);
    expect(truth.robot.x).toBeGreaterThanOrEqual(0.25 - 1e-6); // the base's radius from the wall at x = 0
    expect(truth.robot.x).toBeLessThan(0.3); // and right at it
    expect(truth.robot.y).toBeCloseTo(here.y, 1);
  }, 120_000);
});
