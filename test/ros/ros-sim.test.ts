/**
 * `robot-agent ros-sim` checked by Debian's own ROS tools: rostopic reads its odometry, battery
 * and map, a rospy actionlib client's move_base goal is reached (and the simulator's ground truth
 * agrees), rosservice drives the gripper and the charger, a zero Twist on /cmd_vel stops a goal,
 * and SIGTERM stops it cleanly. Needs `npm run build` (it runs the built CLI, as a user does).
 */
import { describe, expect, it } from 'vitest';
import { ROS_INSTALLED, ROS_PYTHON, ROS_SKIP_REASON, freePort } from '../helpers/roscore.js';
import { runBuilt } from '../helpers/run-built.js';
import { ROOT, rosSimForSuite, runTool, yamlNumbers } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const CLIENT = 'test/fixtures/ros/move_base_goal_client.py';

describe.skipIf(!ROS_INSTALLED)('ros-sim on a real roscore', () => {
  const ros = rosSimForSuite();

  const echo = (topic: string) => runTool(ros.master, '/usr/bin/rostopic', ['echo', '-n1', topic]);

  it('publishes odometry, a latched battery state and a latched occupancy map that rostopic reads', async () => {
    const odom = yamlNumbers((await echo('/odom/pose/pose/position')).stdout);
    expect(odom).toMatchObject({ x: 1, y: 1 }); // the warehouse start
    const battery = yamlNumbers((await echo('/battery_state')).stdout);
    expect(battery.percentage).toBeCloseTo(0.9, 2);
    const info = yamlNumbers((await echo('/map/info')).stdout);
    expect(info).toMatchObject({ width: 200, height: 160 }); // 10 × 8 m
    expect(info.resolution).toBeCloseTo(0.05, 6); // a float32 on the wire
  }, 30_000);

  it("reaches a rospy actionlib client's move_base goal, with feedback on the way", async () => {
    const run = await runTool(ros.master, ROS_PYTHON, [CLIENT, '2.5', '1.6', '1.5708'], 60_000);
    expect(run.stdout).toMatch(/STATE SUCCEEDED/);
    expect(run.code).toBe(0);
    expect(Number(/FEEDBACK (\d+)/.exec(run.stdout)![1])).toBeGreaterThan(5);
    const at = yamlNumbers((await echo('/odom/pose/pose/position')).stdout);
    expect(Math.hypot(at.x! - 2.5, at.y! - 1.6)).toBeLessThan(0.06);
    const q = yamlNumbers((await echo('/odom/pose/pose/orientation')).stdout);
    expect(2 * Math.atan2(q.z!, q.w!)).toBeCloseTo(Math.PI / 2, 1);
  }, 90_000);

  it('aborts a goal inside an obstacle with the reason', async () => {
    const run = await runTool(ros.master, ROS_PYTHON, [CLIENT, '4.2', '4.6', '0'], 30_000); // the rack's centre
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/STATE ABORTED .*inside obstacle "rack"/);
  }, 60_000);

  it('stops a goal when a zero Twist arrives on /cmd_vel', async () => {
    const goal = runTool(ros.master, ROS_PYTHON, [CLIENT, '2.5', '6.5', '0'], 60_000);
    await new Promise((r) => setTimeout(r, 2500)); // under way
    const stop = await runTool(ros.master, '/usr/bin/rostopic', ['pub', '-1', '/cmd_vel', 'geometry_msgs/Twist', '{}']);
    expect(stop.code).toBe(0);
    const run = await goal;
    expect(run.stdout).toMatch(/STATE ABORTED stopped by a zero velocity command on \/cmd_vel/);
  }, 90_000);

  it('answers gripper and charging calls from rosservice, with the reason when refused', async () => {
    const grasp = await runTool(ros.master, '/usr/bin/rosservice', ['call', '/gripper/grasp', 'data: true']);
    expect(grasp.stdout).toMatch(/success: False/);
    expect(grasp.stdout).toMatch(/nothing in reach/);
    const charge = await runTool(ros.master, '/usr/bin/rosservice', ['call', '/charging/enable', 'data: true']);
    expect(charge.stdout).toMatch(/success: False/);
    expect(charge.stdout).toMatch(/not on a charging dock/);
  }, 30_000);

  it('stops on SIGTERM, exit 0, and writes the ground truth: the robot where the goals left it', async () => {
    const before = yamlNumbers((await echo('/odom/pose/pose/position')).stdout);
    const { code, truth } = await ros.sim.stop();
    expect(code).toBe(0);
    expect(ros.sim.output()).toMatch(/ros-sim: stopped/);
    expect(truth.robot.x).toBeCloseTo(before.x!, 1);
    expect(truth.robot.y).toBeCloseTo(before.y!, 1);
    expect(truth.objects.find((o) => o.id === 'red_cube')).toMatchObject({ x: 6.2, y: 6.2, heldBy: null });
  }, 30_000);
});

describe.skipIf(!ROS_INSTALLED)('ros-sim without a master', () => {
  it('says in one line that the master cannot be reached, exit 1', async () => {
    const port = await freePort();
    const run = await runBuilt(['ros-sim', '--master', `http://127.0.0.1:${port}`], { cwd: ROOT, env: process.env });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(`robot-agent: .*127\\.0\\.0\\.1:${port}`));
  }, 40_000);
});
