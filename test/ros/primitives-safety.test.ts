/**
 * ROS primitives obey the robot server's safety rules (#17 for #16), on a real roscore with rospy
 * nodes, through real SDK clients: publishing, calling a service and sending a goal need the robot
 * armed and no e-stop (topic reads do not); each actuation is on the audit log with its client;
 * and the deadman cancels the goals a session started when it goes away, unless detached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_GRACE_MS, KEPT_FINISHED_GOALS } from '../../src/ros/primitives/action-operations.js';
import { MAX_ROS_ARRAY_LENGTH, MAX_ROS_STRING_LENGTH } from '../../src/ros/primitives/message-schema.js';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { call, openPrimitivesWorld, structured, text, type PrimitivesWorld } from './primitives-setup.js';
import { until } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const YAML = `
topics:
  - { name: battery, topic: /battery_state, type: sensor_msgs/BatteryState, mode: subscribe }
  - { name: gripper_state, topic: /gripper/enable/state, type: std_msgs/Bool, mode: subscribe }
  - { name: twist_out, topic: /rt/twist/in, type: geometry_msgs/Twist, mode: publish }
  - { name: say, topic: /rt/say, type: std_msgs/String, mode: publish }
  - { name: poses_out, topic: /rt/poses, type: geometry_msgs/PoseArray, mode: publish }
services:
  - { name: enable_gripper, service: /gripper/enable, type: std_srvs/SetBool, timeout_ms: 3000 }
actions:
  - { name: navigate, action: /move_base, type: move_base_msgs/MoveBaseAction, timeout_ms: 30000 }
  - { name: navigate_doomed, action: /doomed_base, type: move_base_msgs/MoveBaseAction, timeout_ms: 1500 }
`;

const goal = (x: number) => ({ target_pose: { header: { frame_id: 'map' }, pose: { position: { x }, orientation: { w: 1 } } } });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!ROS_INSTALLED)('ROS primitives under the robot safety rules', () => {
  let world: PrimitivesWorld;
  beforeAll(async () => {
    world = await openPrimitivesWorld(
      YAML,
      [
        ['test/fixtures/ros/battery_publisher.py', ['--percentage', '0.8']],
        ['test/fixtures/ros/set_bool_service.py', []],
        ['test/fixtures/ros/move_base_server.py', ['--speed', '5']],
        ['test/fixtures/ros/move_base_server.py', ['--speed', '5', '--action', '/doomed_base', '__name:=doomed_base']],
      ],
      { armed: false },
    );
  }, 60_000);
  afterAll(() => world?.close());

  const getOp = async (id: string, waitSeconds = 0) => structured(await call(world.client, 'get_operation', { id, wait_seconds: waitSeconds }));

  it('disarmed: publish, service call and goal are refused with not_armed, reads still work, nothing is sent', async () => {
    for (const [tool, args] of [
      ['twist_out', { linear: { x: 1 } }],
      ['enable_gripper', { data: true }],
      ['navigate', goal(1)],
    ] as const) {
      const r = await call(world.client, tool, args);
      expect(r.isError, tool).toBe(true);
      expect(structured(r).error.code, tool).toBe('not_armed');
      expect(text(r)).toMatch(/the robot is disarmed; call arm first/);
    }
    expect(structured(await call(world.client, 'list_operations', {})).operations.filter((o: { id: string }) => o.id.startsWith('ros-'))).toEqual([]);
    const battery = await call(world.client, 'battery');
    expect(battery.isError, text(battery)).toBeFalsy();
    // The service never saw the refused request: it publishes its state on every request, and none came.
    expect(structured(await call(world.client, 'gripper_state', { timeout_ms: 500 })).error.code).toBe('timeout');
  });

  it('e-stopped: actuation is refused with estopped', async () => {
    world.robot.arm();
    world.robot.emergencyStop('test');
    try {
      const r = await call(world.client, 'navigate', goal(1));
      expect(structured(r).error.code).toBe('estopped');
      expect(structured(await call(world.client, 'enable_gripper', { data: true })).error.code).toBe('estopped');
    } finally {
      world.robot.resetEmergencyStop();
    }
  });

  it('armed: every actuation is on the audit log with its client, before and after', async () => {
    world.robot.arm();
    const from = world.audit.length;
    expect((await call(world.client, 'twist_out', { linear: { x: 0.5 } })).isError).toBeFalsy();
    expect((await call(world.client, 'enable_gripper', { data: true })).isError).toBeFalsy();
    const op = structured(await call(world.client, 'navigate', goal(1)));
    expect((await getOp(op.id, 10)).status).toBe('succeeded');
    await call(world.client, 'battery'); // a read is not an actuation
    const entries = world.audit.slice(from).filter((e) => e.event === 'tool_call' || e.event === 'tool_result');
    expect(entries.map((e) => [e.event, e.tool])).toEqual([
      ['tool_call', 'twist_out'],
      ['tool_result', 'twist_out'],
      ['tool_call', 'enable_gripper'],
      ['tool_result', 'enable_gripper'],
      ['tool_call', 'navigate'],
      ['tool_result', 'navigate'],
    ]);
    expect(entries[0]).toMatchObject({ client: 'primitives-test', arguments: { linear: { x: 0.5 } } });
    expect(entries[3]).toMatchObject({ outcome: 'ok' });
    expect(entries[5]).toMatchObject({ outcome: 'ok', operation: op.id, status: 'running' });
  });

  it('the deadman cancels the goal of a client that goes away', async () => {
    world.robot.arm();
    const other = await world.connect('leaving-client');
    const owned = structured(await call(other.client, 'navigate', goal(1000)));
    expect(owned.status).toBe('running');
    await pause(200);
    await other.close();
    const ended = await getOp(owned.id, 10);
    expect(ended).toMatchObject({ status: 'cancelled', error_code: 'cancelled' });
    expect(ended.message).toMatch(/^the session that started it went away \(client leaving-client\); stopped by the deadman \(preempted/);
    expect(world.audit).toContainEqual(expect.objectContaining({ event: 'deadman', client: 'leaving-client', stopped: [owned.id] }));
  });

  it("the robot's stop and e-stop cancel running ROS goals, detached ones too, and send a zero Twist on velocity topics", async () => {
    const twists: Array<Record<string, any>> = [];
    const leave = await world.ros.subscribe('/rt/twist/in', 'geometry_msgs/Twist', (m) => void twists.push(m as Record<string, any>));
    try {
      // The subscription connects in its own time (the master tells the publisher, then TCP): a
      // zero Twist sent before then is not missing but unheard, so wait until it hears the topic.
      world.robot.arm();
      await until(
        'the test subscriber hears /rt/twist/in',
        async () => {
          await call(world.client, 'twist_out', { linear: { x: 0 } });
          return twists.length > 0;
        },
        { everyMs: 100 },
      );
      for (const stop of [() => world.robot.stop('test stop'), () => world.robot.emergencyStop('test e-stop')]) {
        world.robot.arm();
        const op = structured(await call(world.client, 'navigate', { ...goal(1000), detach: true }));
        expect(op.status).toBe('running');
        await pause(200);
        const before = twists.length;
        stop();
        const ended = await getOp(op.id, 10);
        expect(ended).toMatchObject({ status: 'cancelled', error_code: 'cancelled' });
        expect(ended.message).toMatch(/^the robot stopped: /);
        for (let i = 0; i < 40 && twists.length === before; i++) await pause(50);
        expect(twists.slice(before)).toContainEqual({ linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } });
        if (world.robot.emergencyStopped) world.robot.resetEmergencyStop();
      }
    } finally {
      await leave();
    }
  });

  it('a goal sent with detach: true goes on after its client has gone', async () => {
    world.robot.arm();
    const other = await world.connect('detaching-client');
    const detached = structured(await call(other.client, 'navigate', { ...goal(1000), detach: true }));
    await pause(200);
    await other.close();
    await pause(300);
    expect((await getOp(detached.id)).status).toBe('running');
    expect(world.audit.filter((e) => e.event === 'deadman' && e.client === 'detaching-client')).toEqual([]);
    await call(world.client, 'cancel_operation', { id: detached.id });
    expect((await getOp(detached.id, 10)).status).toBe('cancelled');
  });

  it('string and array arguments are bounded: the schema says so and the server refuses more', async () => {
    const { tools } = await world.client.listTools();
    const schema = (name: string) => tools.find((t) => t.name === name)!.inputSchema as Record<string, any>;
    expect(schema('say').properties.data).toMatchObject({ type: 'string', maxLength: MAX_ROS_STRING_LENGTH });
    expect(schema('poses_out').properties.poses).toMatchObject({ type: 'array', maxItems: MAX_ROS_ARRAY_LENGTH });
    expect(schema('poses_out').properties.header.properties.frame_id).toMatchObject({ maxLength: MAX_ROS_STRING_LENGTH });
    world.robot.arm();
    expect((await call(world.client, 'say', { data: 'x'.repeat(MAX_ROS_STRING_LENGTH) })).isError).toBeFalsy();
    const tooLong = await call(world.client, 'say', { data: 'x'.repeat(MAX_ROS_STRING_LENGTH + 1) });
    expect(tooLong.isError).toBe(true);
    expect(text(tooLong)).toMatch(/data/);
    const tooMany = await call(world.client, 'poses_out', { poses: Array.from({ length: MAX_ROS_ARRAY_LENGTH + 1 }, () => ({})) });
    expect(tooMany.isError).toBe(true);
    expect(text(tooMany)).toMatch(/poses/);
  });

  it('another session may cancel a goal (as with robot operations), and finished goals are forgotten beyond a bound', async () => {
    world.robot.arm();
    const other = await world.connect('second-client');
    try {
      const op = structured(await call(world.client, 'navigate', { ...goal(1000), detach: true }));
      await pause(100);
      expect(structured(await call(other.client, 'cancel_operation', { id: op.id })).id).toBe(op.id);
      expect((await getOp(op.id, 10)).status).toBe('cancelled');
    } finally {
      await other.close();
    }
    // Goals the server aborts at once ("unreachable" frame), one after another.
    const unreachable = { target_pose: { header: { frame_id: 'unreachable' }, pose: { orientation: { w: 1 } } } };
    const ids: string[] = [];
    for (let i = 0; i <= KEPT_FINISHED_GOALS; i++) {
      const id = structured(await call(world.client, 'navigate', unreachable)).id as string;
      expect((await getOp(id, 10)).status).toBe('failed');
      ids.push(id);
    }
    const kept = structured(await call(world.client, 'list_operations', {})).operations.filter((o: { id: string }) => o.id.startsWith('ros-'));
    expect(kept).toHaveLength(KEPT_FINISHED_GOALS);
    expect(kept.at(-1).id).toBe(ids.at(-1));
    const forgotten = await call(world.client, 'get_operation', { id: ids[0] });
    expect(forgotten.isError).toBe(true);
  });

  it('timeout_ms bounds a goal even when its action server dies: cancelled, then ended as timeout after a grace', async () => {
    world.robot.arm();
    const op = structured(await call(world.client, 'navigate_doomed', goal(1000)));
    expect(op.status).toBe('running');
    await pause(300);
    world.nodes[3]!.child.kill('SIGKILL'); // the action server dies without a word
    const ended = await getOp(op.id, (1500 + CANCEL_GRACE_MS) / 1000 + 5);
    expect(ended).toMatchObject({ status: 'cancelled', error_code: 'timeout' });
    expect(ended.message).toMatch(/^timed out after 1500 ms; the goal was cancelled \(the action server did not confirm the cancel within \d+ ms\)$/);
  });

  it("a move_base goal's progress is the distance covered, from its feedback, and it moves", async () => {
    world.robot.arm();
    const op = structured(await call(world.client, 'navigate', goal(10))); // 2 s at 5 m/s
    const sample = async () => {
      await pause(500);
      const view = await getOp(op.id);
      return { progress: view.progress as number, x: view.feedback['base_position.pose.position.x'] as number };
    };
    const first = await sample();
    const second = await sample();
    // The fixture starts each goal at x = 0 and its first feedback is one step (0.1 m) on.
    for (const s of [first, second]) expect(s.progress).toBeCloseTo((s.x - 0.1) / (10 - 0.1), 2);
    expect(first.progress).toBeGreaterThan(0);
    expect(second.progress).toBeGreaterThan(first.progress);
    expect(second.progress).toBeLessThan(1);
    expect(await getOp(op.id, 10)).toMatchObject({ status: 'succeeded', progress: 1 });
  });
});
