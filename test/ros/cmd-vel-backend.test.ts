/**
 * The ROS robot backend navigating by its own follower on /cmd_vel
 * (examples/ros/ros-sim-cmd-vel-robot.yaml), against `robot-agent ros-sim` (a separate process)
 * on a real roscore, with the robot core on top: a full turn on the spot turns a full turn, a
 * stop while idle publishes nothing (an e-stop does), stop and e-stop during a drive publish a zero Twist at once
 * and the base comes to rest, a drive around the map's obstacles arrives within the arrival tolerance (the simulator's ground truth agrees); a driver
 * process dying of an error mid-drive still sends its zero Twist, and a base that does not obey
 * fails the drive once it has stood still for 1.5 s, stopping it. The crash test runs the built code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Robot } from '../../src/robot/robot.js';
import { connectRosBackend, type ConnectedRosBackend } from '../../src/ros/backend/connect.js';
import { loadRobotProfile, type RobotProfile } from '../../src/ros/backend/robot-profile.js';
import type { RosMessage, RosTransport } from '../../src/ros/transport/ros-transport.js';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { PATIENT_TIMEOUTS, ROOT, rosTransportForSuite, runTool, until } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const PROFILE = 'examples/ros/ros-sim-cmd-vel-robot.yaml';

/** Armed, no e-stop latched, no battery reserve: each test starts so. */
function ready(robot: Robot): void {
  robot.stop('the next test');
  if (robot.emergencyStopped) robot.resetEmergencyStop();
  if (!robot.armed) robot.arm();
  robot.parameters.set('battery_reserve', 0);
}

/** Where the drive test goes; the simulator's ground truth is checked against it at the end. */
const GOAL = { x: 2.4, y: 3.8, heading: Math.PI };

interface Twist {
  linear: number;
  angular: number;
}

/** Every Twist published on `topic` from now on, as a base would receive them. */
async function twistsOn(transport: RosTransport, topic: string): Promise<Twist[]> {
  const twists: Twist[] = [];
  await transport.subscribe(topic, 'geometry_msgs/Twist', (m: RosMessage) => {
    const { linear, angular } = m as { linear: { x: number }; angular: { z: number } };
    twists.push({ linear: linear.x, angular: angular.z });
  });
  return twists;
}

const isZero = (t: Twist | undefined) => t !== undefined && t.linear === 0 && t.angular === 0;

describe.skipIf(!ROS_INSTALLED)('the ROS backend driving by /cmd_vel on ros-sim', () => {
  const ros = rosTransportForSuite();
  let profile: RobotProfile;
  let connected: ConnectedRosBackend;
  let robot: Robot;
  /** Every Twist on /cmd_vel, as the base receives them. */
  let twists: Twist[];
  beforeAll(async () => {
    profile = { ...loadRobotProfile(PROFILE), timeouts: PATIENT_TIMEOUTS };
    connected = await connectRosBackend(ros.transport, profile, () => performance.now());
    robot = new Robot(connected.backend);
    twists = await twistsOn(ros.transport, '/cmd_vel');
  }, 90_000);
  afterAll(async () => {
    await connected?.close();
  });

  const state = () => connected.backend.readState();

  it('turns a full turn on the spot when asked to rotate by 2π', async () => {
    ready(robot);
    const before = state().pose;
    const turned: number[] = [];
    let last = before.heading;
    let total = 0;
    const off = robot.backend.onUpdate(() => {
      const h = state().pose.heading;
      total += Math.atan2(Math.sin(h - last), Math.cos(h - last));
      last = h;
      turned.push(total);
    });
    const done = await robot.waitFor(robot.rotate(2 * Math.PI), { timeoutS: 60 });
    off();
    expect(done.status).toBe('succeeded');
    expect(total).toBeCloseTo(2 * Math.PI, 1);
    const after = state().pose;
    expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThan(0.01);
  }, 90_000);

  it('publishes nothing on a stop while idle and at rest: the topic is left to others (teleop)', async () => {
    ready(robot);
    await until('the base is at rest', () => state().linear === 0 && state().angular === 0, { timeoutMs: 10_000 });
    await until('the last Twist out is a zero one', () => isZero(twists.at(-1)));
    const sent = twists.length;
    robot.stop('a stop while idle');
    // An absence, so watched for a fixed half second.
    await robot.backend.sleep(0.5);
    expect(twists.length).toBe(sent);
  }, 60_000);

  it('publishes a zero Twist on an e-stop even while idle and at rest: an e-stop is always felt', async () => {
    ready(robot);
    await until('the base is at rest', () => state().linear === 0 && state().angular === 0, { timeoutMs: 10_000 });
    const sent = twists.length;
    robot.emergencyStop('an e-stop while idle');
    await until('a zero Twist arrives after the e-stop', () => twists.length > sent && isZero(twists.at(-1)), { detail: () => JSON.stringify(twists.slice(sent)) });
  }, 60_000);

  for (const how of ['stop', 'e-stop'] as const) {
    it(`on ${how} during a drive, publishes a zero Twist at once and the base comes to rest`, async () => {
      ready(robot);
      const op = robot.navigateTo({ x: 7.5, y: 1.6 });
      await until('the base drives', () => state().linear > 0.3, { timeoutMs: 60_000 });
      const sent = twists.length;
      if (how === 'stop') robot.stop('test stop');
      else robot.emergencyStop('test e-stop');
      expect(op.status).not.toBe('running');
      await until('the base is at rest', () => state().linear === 0 && state().angular === 0, { timeoutMs: 10_000 });
      // A zero Twist came after the stop (Twists sent before it may still have been on the way)...
      await until('a zero Twist arrives after the stop', () => twists.length > sent && isZero(twists.at(-1)), { detail: () => JSON.stringify(twists.slice(sent)) });
      const rest = state().pose;
      const after = twists.length;
      // ...and nothing but zeros follows it (an absence, so watched for a fixed second).
      await robot.backend.sleep(1);
      expect(twists.slice(after).every(isZero)).toBe(true);
      expect(state().pose).toEqual(rest);
      if (how === 'e-stop') expect(robot.state).toBe('ESTOPPED');
    }, 90_000);
  }

  it('drives around the crate to a goal and arrives within the arrival tolerance, facing the asked heading', async () => {
    ready(robot);
    // From where the stops left it (east of the start) to the far side of the crate (2.4, 3.0): the plan has corners.
    const target = GOAL;
    const plan = connected.backend.planPath(target);
    expect(plan.ok && plan.path.length).toBeGreaterThan(2);
    const progress: number[] = [];
    const op = robot.navigateTo(target);
    const off = robot.backend.onUpdate(() => progress.push(connected.backend.motionState().progress));
    const done = await robot.waitFor(op, { timeoutS: 120 });
    off();
    expect(done.status).toBe('succeeded');
    const { pose, linear, angular } = state();
    const tolerance = robot.parameters.get('arrival_tolerance') as number;
    expect(Math.hypot(pose.x - target.x, pose.y - target.y)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(Math.atan2(Math.sin(pose.heading - target.heading), Math.cos(pose.heading - target.heading)))).toBeLessThan(0.03);
    expect([linear, angular]).toEqual([0, 0]);
    // Progress rose along the way, as move_base's does.
    expect(progress.some((p) => p > 0.3 && p < 0.9)).toBe(true);
    // The drive ended with a zero Twist.
    await until('the drive ends with a zero Twist', () => isZero(twists.at(-1)), { detail: () => JSON.stringify(twists.slice(-5)) });
  }, 150_000);

  it('left the base at that goal, says the simulator', async () => {
    const { code, truth } = await ros.sim.stop();
    expect(code).toBe(0);
    const tolerance = robot.parameters.get('arrival_tolerance') as number;
    expect(Math.hypot(truth.robot.x - GOAL.x, truth.robot.y - GOAL.y)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(Math.atan2(Math.sin(truth.robot.heading - GOAL.heading), Math.cos(truth.robot.heading - GOAL.heading)))).toBeLessThan(0.03);
  }, 30_000);
});

/** A driver process that dies of an uncaught error in the middle of a cmd_vel drive (the built code). */
const CRASHING_DRIVER = `
const root = ${JSON.stringify(ROOT)};
const { connectRos } = await import(root + '/dist/ros/transport/rosnodejs-transport.js');
const { connectRosBackend } = await import(root + '/dist/ros/backend/connect.js');
const { loadRobotProfile } = await import(root + '/dist/ros/backend/robot-profile.js');
const { Robot } = await import(root + '/dist/robot/robot.js');
const transport = await connectRos({ masterUri: process.env.ROS_MASTER_URI, env: process.env, nodeName: '/crashing_driver' });
const { backend } = await connectRosBackend(transport, loadRobotProfile(root + '/${PROFILE}'), () => performance.now());
const robot = new Robot(backend);
robot.arm();
robot.parameters.set('battery_reserve', 0);
robot.navigateTo({ x: 7.5, y: 1.6 });
const off = backend.onUpdate(() => {
  if (backend.readState().linear < 0.3) return;
  off();
  setTimeout(() => { throw new Error('a bug in the middle of a drive'); });
});
`;

describe.skipIf(!ROS_INSTALLED)('the cmd_vel follower when things go wrong', () => {
  const ros = rosTransportForSuite();
  let connected: ConnectedRosBackend;
  afterAll(async () => {
    await connected?.close();
  });

  it('publishes a zero Twist when its process dies of an error mid-drive, before the base watchdog has to act', async () => {
    const twists = await twistsOn(ros.transport, '/cmd_vel');
    let linear = Infinity;
    await ros.transport.subscribe('/odom', 'nav_msgs/Odometry', (m: RosMessage) => (linear = (m as { twist: { twist: { linear: { x: number } } } }).twist.twist.linear.x));
    const crash = await runTool(ros.master, process.execPath, ['--input-type=module', '-e', CRASHING_DRIVER], 60_000);
    expect(crash.stderr).toMatch(/a bug in the middle of a drive/);
    expect(crash.code).toBe(1);
    expect(twists.some((t) => t.linear > 0.3)).toBe(true); // it was driving
    await until('the base is at rest', () => linear === 0, { timeoutMs: 10_000 });
    expect(twists.at(-1)).toEqual({ linear: 0, angular: 0 });
    expect(ros.sim.output()).not.toMatch(/\(watchdog\)/); // the zero Twist stopped it, not ros-sim's watchdog
  }, 90_000);

  it('fails a drive the base does not follow after 1.5 s of standing still, sooner than the stall timeout, and leaves a zero Twist', async () => {
    const base = loadRobotProfile(PROFILE);
    // Commands go to a topic no base listens on: the base never moves.
    const profile: RobotProfile = { ...base, navigation: { ...base.navigation, cmd_vel: '/cmd_vel_unheard', stall_timeout_ms: 60_000 } as RobotProfile['navigation'], timeouts: PATIENT_TIMEOUTS };
    const twists = await twistsOn(ros.transport, '/cmd_vel_unheard');
    connected = await connectRosBackend(ros.transport, profile, () => performance.now());
    const robot = new Robot(connected.backend);
    robot.arm();
    const op = await robot.waitFor(robot.navigateTo({ x: 3, y: 1 }), { timeoutS: 60 });
    expect(op.status).toBe('failed');
    expect(`${op.error} ${op.message}`).toMatch(/the base did not move for 1\.5 s though commanded on \/cmd_vel_unheard/);
    expect(twists.some((t) => !isZero(t))).toBe(true); // it did command the drive
    await until('the failed drive leaves a zero Twist', () => isZero(twists.at(-1)), { detail: () => JSON.stringify(twists.slice(-5)) });
  }, 90_000);
});
