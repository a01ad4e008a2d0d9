/**
 * A robot profile whose gripper is an action server instead of a std_srvs/SetBool service: the
 * ROS backend joins `robot-agent ros-sim` for everything else, and a rospy actionlib server
 * (test/fixtures/ros/gripper_action_server.py, on Debian's actionlib/TestAction) plays the
 * gripper. control_msgs/GripperCommandAction works the same way; it is not packaged in Debian.
 * The Node side reads TestAction from a fixture package (test/fixtures/ros/packages/actionlib)
 * whose md5sums match rospy's, or rosnodejs and rospy would refuse each other. Then what a
 * profile gets wrong, each one line: a template that does not fit, an unknown action type, an
 * action server (the gripper's, move_base's) that is not there.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRosBackend, RosRobotError } from '../../src/ros/backend/connect.js';
import { loadRobotProfile, RobotProfileError, type RobotProfile } from '../../src/ros/backend/robot-profile.js';
import type { RosRobotBackend } from '../../src/ros/backend/ros-backend.js';
import { rosEnvironmentDefaults } from '../../src/ros/transport/ros-environment.js';
import { connectRos } from '../../src/ros/transport/rosnodejs-transport.js';
import { RosUnknownTypeError, type RosTransport } from '../../src/ros/transport/ros-transport.js';
import { ROS_INSTALLED, ROS_SKIP_REASON, startRoscore, type Roscore, type RosNodeProcess } from '../helpers/roscore.js';
import { ROOT, startRosSim, until, type RosSimProcess } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const FIXTURE_PACKAGE = join(ROOT, 'test/fixtures/ros/packages/actionlib');

function actionProfile(action: string, extra: Partial<Record<string, unknown>> = {}, serviceMs = 20_000): RobotProfile {
  const base = loadRobotProfile(join(ROOT, 'examples/ros/ros-sim-robot.yaml'));
  const gripper = { action, type: 'actionlib/TestAction', grasp_goal: { goal: 1 }, release_goal: { goal: 0 }, success_when: { field: 'result', equals: 1 }, reach: 0.38, ...extra };
  return { ...base, gripper, timeouts: { first_message_ms: 30_000, service_ms: serviceMs } } as RobotProfile;
}

/** Starts a grasp or release and waits for its end. */
async function gripperEnd(backend: RosRobotBackend, action: 'grasp' | 'release') {
  backend.startGripper(action);
  await until(`the ${action} ends`, () => backend.gripperState().status !== 'active');
  return backend.gripperState();
}

/** How many times a fixture server printed `line`. */
function count(server: RosNodeProcess, line: string): number {
  return server.output().split('\n').filter((l) => l === line).length;
}

describe.skipIf(!ROS_INSTALLED)('a gripper driven by an action, and a profile whose servers are not there', () => {
  let master: Roscore;
  let sim: RosSimProcess;
  let transport: RosTransport;
  let servers: RosNodeProcess[] = [];
  const savedPackagePath = process.env.ROS_PACKAGE_PATH;
  beforeAll(async () => {
    // The installed message packages, and the fixture's actionlib with TestAction's definition.
    process.env.ROS_PACKAGE_PATH = [rosEnvironmentDefaults({}).ROS_PACKAGE_PATH, FIXTURE_PACKAGE].join(':');
    master = await startRoscore();
    [sim, ...servers] = await Promise.all([
      startRosSim(master),
      master.startNode('test/fixtures/ros/gripper_action_server.py', ['--action', '/gripper_action']),
      master.startNode('test/fixtures/ros/gripper_action_server.py', ['--action', '/empty_gripper', '--empty']),
      master.startNode('test/fixtures/ros/gripper_action_server.py', ['--action', '/stuck_gripper', '--hang']),
    ]);
    transport = await connectRos({ masterUri: master.uri, env: master.env });
  }, 90_000);
  afterAll(async () => {
    await transport?.shutdown();
    await Promise.all(servers.map((s) => s.stop()));
    if (sim?.child.exitCode === null) sim.child.kill('SIGKILL');
    await master?.stop();
    if (savedPackagePath === undefined) delete process.env.ROS_PACKAGE_PATH;
    else process.env.ROS_PACKAGE_PATH = savedPackagePath;
  });

  it('grasps and releases through the goal templates, and the result field confirms each', async () => {
    const connected = await connectRosBackend(transport, actionProfile('/gripper_action'), () => performance.now());
    try {
      const { backend } = connected;
      expect(await gripperEnd(backend, 'grasp')).toMatchObject({ status: 'succeeded', action: 'grasp' });
      expect(backend.readState().holding).not.toBeNull();
      expect(await gripperEnd(backend, 'release')).toMatchObject({ status: 'succeeded', action: 'release' });
      expect(backend.readState().holding).toBeNull();
      // The server got exactly the goals of the templates.
      expect(servers[0]!.output().match(/GOAL -?\d+/g)).toEqual(['GOAL 1', 'GOAL 0']);
    } finally {
      await connected.close();
    }
  }, 90_000);

  it('fails a grasp whose goal succeeded but whose result says the jaws closed on nothing', async () => {
    const connected = await connectRosBackend(transport, actionProfile('/empty_gripper'), () => performance.now());
    try {
      const end = await gripperEnd(connected.backend, 'grasp');
      expect(end).toMatchObject({ status: 'failed', action: 'grasp' });
      expect(end.reason).toBe("/empty_gripper succeeded but its result's result is 0, not 1");
      expect(connected.backend.readState().holding).toBeNull();
    } finally {
      await connected.close();
    }
  }, 90_000);

  it('cancels a goal that outlives the profile service_ms, and fails it', async () => {
    const connected = await connectRosBackend(transport, actionProfile('/stuck_gripper', {}, 1500), () => performance.now());
    try {
      const end = await gripperEnd(connected.backend, 'grasp');
      expect(end).toMatchObject({ status: 'failed', reason: '/stuck_gripper did not finish within 1.5 s' });
      await until('the stuck gripper hears the cancel', () => count(servers[2]!, 'CANCELLED') === 1, { detail: () => servers[2]!.output() });
    } finally {
      await connected.close();
    }
  }, 90_000);

  it('cancels a grasp still running when the robot is e-stopped, and when it leaves the graph', async () => {
    const stuck = servers[2]!;
    const connected = await connectRosBackend(transport, actionProfile('/stuck_gripper'), () => performance.now());
    let closed = false;
    try {
      const { backend } = connected;
      const cancels = count(stuck, 'CANCELLED');
      const goals = count(stuck, 'GOAL 1');
      backend.startGripper('grasp');
      await until('the stuck gripper has the goal', () => count(stuck, 'GOAL 1') === goals + 1, { detail: () => stuck.output() });
      backend.stopMotion('emergency stop');
      expect(backend.gripperState()).toMatchObject({ status: 'failed', action: 'grasp', reason: '/stuck_gripper goal cancelled: emergency stop' });
      await until('the stuck gripper hears the cancel', () => count(stuck, 'CANCELLED') === cancels + 1, { detail: () => stuck.output() });

      backend.startGripper('grasp');
      await until('the stuck gripper has the second goal', () => count(stuck, 'GOAL 1') === goals + 2, { detail: () => stuck.output() });
      await connected.close();
      closed = true;
      await until('the stuck gripper hears the cancel at close', () => count(stuck, 'CANCELLED') === cancels + 2, { detail: () => stuck.output() });
    } finally {
      if (!closed) await connected.close();
    }
  }, 90_000);

  it('refuses at connect a goal template that does not fit the action, naming the field', async () => {
    const profile = actionProfile('/gripper_action', { grasp_goal: { goal: 'close' } });
    const failure = connectRosBackend(transport, profile, () => performance.now());
    await expect(failure).rejects.toThrow(RobotProfileError);
    await expect(failure).rejects.toThrow(/gripper\.grasp_goal does not fit actionlib\/TestGoal: field "goal"/);
    await expect(connectRosBackend(transport, actionProfile('/gripper_action', { success_when: { field: 'reached_goal', equals: true } }), () => performance.now())).rejects.toThrow(
      /success_when\.field "reached_goal" is not a field of actionlib\/TestResult/,
    );
  }, 60_000);

  it('names an action type no installed package defines (control_msgs is not in Debian)', async () => {
    const profile = actionProfile('/gripper_action', { type: 'control_msgs/GripperCommandAction' });
    const failure = connectRosBackend(transport, profile, () => performance.now());
    await expect(failure).rejects.toThrow(RosUnknownTypeError);
    await expect(failure).rejects.toThrow(/^unknown ROS action type "control_msgs\/GripperCommandAction": no installed package defines it/);
  }, 60_000);

  it('says which move_base action server is missing', async () => {
    const base = actionProfile('/gripper_action');
    const profile = { ...base, navigation: { ...base.navigation, action: '/nobody/move_base' }, timeouts: { first_message_ms: 1500, service_ms: 1500 } } as RobotProfile;
    const failure = connectRosBackend(transport, profile, () => performance.now());
    await expect(failure).rejects.toThrow(RosRobotError);
    await expect(failure).rejects.toThrow(/^no move_base action server at \/nobody\/move_base within 1\.5 s on http:\/\/127\.0\.0\.1:\d+/);
  }, 60_000);

  it('says which gripper action server is missing', async () => {
    const profile = { ...actionProfile('/nobody/gripper'), timeouts: { first_message_ms: 1500, service_ms: 1500 } };
    const failure = connectRosBackend(transport, profile, () => performance.now());
    await expect(failure).rejects.toThrow(RosRobotError);
    await expect(failure).rejects.toThrow(/^no gripper action server at \/nobody\/gripper within 1\.5 s on http:\/\/127\.0\.0\.1:\d+/);
  }, 60_000);
});
