/**
 * The rosnodejs transport against a real roscore and real rospy nodes: a latched topic, a
 * service, an action with feedback, success, abort and cancel, message definitions, and the
 * errors for an unknown type and an unreachable master.
 */
import { describe, expect, it } from 'vitest';
import { connectRos } from '../../src/ros/transport/rosnodejs-transport.js';
import { RosCallError, RosConnectError, RosTimeoutError, RosUnknownTypeError, type RosMessage } from '../../src/ros/transport/ros-transport.js';
import { freePort, ROS_INSTALLED, ROS_SKIP_REASON, roscoreForSuite } from '../helpers/roscore.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

describe.skipIf(!ROS_INSTALLED)('rosnodejs transport', () => {
  const ros = roscoreForSuite();

  it('reads message, service and action definitions from the installed packages', () => {
    const twist = ros.transport.messageDefinition('geometry_msgs/Twist');
    expect(twist.fields).toEqual([
      { name: 'linear', type: 'geometry_msgs/Vector3', primitive: false, array: 'none' },
      { name: 'angular', type: 'geometry_msgs/Vector3', primitive: false, array: 'none' },
    ]);
    const battery = ros.transport.messageDefinition('sensor_msgs/BatteryState');
    expect(battery.fields.find((f) => f.name === 'header')).toMatchObject({ type: 'std_msgs/Header', primitive: false });
    expect(battery.fields.find((f) => f.name === 'cell_voltage')).toMatchObject({ type: 'float32', array: 'variable' });
    expect(battery.constants).toContainEqual({ name: 'POWER_SUPPLY_STATUS_CHARGING', value: 1 });
    expect(ros.transport.messageDefinition('sensor_msgs/CameraInfo').fields.find((f) => f.name === 'K')).toMatchObject({ type: 'float64', array: 'fixed', length: 9 });
    expect(ros.transport.serviceDefinition('std_srvs/SetBool').request.fields).toEqual([{ name: 'data', type: 'bool', primitive: true, array: 'none' }]);
    const action = ros.transport.actionDefinition('move_base_msgs/MoveBaseAction');
    expect(action.goal.fields).toEqual([{ name: 'target_pose', type: 'geometry_msgs/PoseStamped', primitive: false, array: 'none' }]);
    expect(action.feedback.fields[0]).toMatchObject({ name: 'base_position' });
  });

  it('names an unknown type', () => {
    expect(() => ros.transport.messageDefinition('sensor_msgs/BateryState')).toThrow(RosUnknownTypeError);
    expect(() => ros.transport.messageDefinition('sensor_msgs/BateryState')).toThrow(/unknown ROS message type "sensor_msgs\/BateryState"/);
    expect(() => ros.transport.serviceDefinition('std_srvs/Nope')).toThrow(/unknown ROS service type/);
    expect(() => ros.transport.actionDefinition('move_base_msgs/MoveBase')).toThrow(/unknown ROS action type/);
  });

  it('receives a latched message from a rospy publisher', async () => {
    const node = await ros.master.startNode('test/fixtures/ros/battery_publisher.py', ['--percentage', '0.61']);
    const first = new Promise<RosMessage>((resolve) => {
      void ros.transport.subscribe('/battery_state', 'sensor_msgs/BatteryState', resolve).then((off) => first.then(off));
    });
    const msg = await first;
    expect(msg.percentage).toBeCloseTo(0.61, 5);
    expect(msg.serial_number).toBe('BAT-42');
    expect((msg.header as { stamp: unknown }).stamp).toEqual({ secs: 1700000000, nsecs: 250000000 });
    expect(msg.cell_voltage).toHaveLength(3);
    await node.stop();
  }, 20_000);

  it('publishes to a subscriber and calls a rospy service', async () => {
    const node = await ros.master.startNode('test/fixtures/ros/set_bool_service.py');
    const reply = await ros.transport.callService('/gripper/enable', 'std_srvs/SetBool', { data: true }, 3000);
    expect(reply).toMatchObject({ success: true, message: 'enabled' });
    const seen = await new Promise<RosMessage>((resolve) => {
      void ros.transport.subscribe('/gripper/enable/state', 'std_msgs/Bool', resolve);
    });
    expect(seen.data).toBe(true);
    // The next call goes straight to it.
    expect(await ros.transport.callService('/gripper/enable', 'std_srvs/SetBool', { data: false }, 3000)).toMatchObject({ success: true, message: 'disabled' });
    await node.stop();
    // Killed, so still registered with the master: the call is refused, and says so.
    await expect(ros.transport.callService('/gripper/enable', 'std_srvs/SetBool', { data: false }, 1000)).rejects.toThrow(RosCallError);
    await expect(ros.transport.callService('/nobody/here', 'std_srvs/SetBool', { data: false }, 300)).rejects.toThrow(RosTimeoutError);
    // The service comes back (a restarted node): calls reach it again on a new connection.
    const again = await ros.master.startNode('test/fixtures/ros/set_bool_service.py');
    expect(await ros.transport.callService('/gripper/enable', 'std_srvs/SetBool', { data: true }, 3000)).toMatchObject({ success: true, message: 'enabled' });
    await again.stop();
  }, 30_000);

  it('sends action goals: feedback and success, abort, cancel', async () => {
    const node = await ros.master.startNode('test/fixtures/ros/move_base_server.py', ['--speed', '5']);
    const client = ros.transport.actionClient('/move_base', 'move_base_msgs/MoveBaseAction');
    expect(await client.waitForServer(5000)).toBe(true);
    const goal = (x: number, frame = 'map') => ({ target_pose: { header: { seq: 0, stamp: { secs: 0, nsecs: 0 }, frame_id: frame }, pose: { position: { x, y: 0, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } } } });

    const feedback: number[] = [];
    const states: string[] = [];
    const ok = await client.sendGoal(goal(1), {
      onFeedback: (f) => feedback.push(((f.base_position as RosMessage).pose as { position: { x: number } }).position.x),
      onStatus: (s) => states.push(s),
    }).done;
    expect(ok.status).toBe('succeeded');
    expect(ok.text).toBe('reached x=1.00');
    // Feedback and result come on topics of their own, over separate connections, and actionlib's
    // client drops the feedback of a goal whose result it has: the last feedback (x=1.00,
    // published just before the result) is lost when it comes second. What came is the server's
    // way there, 0.1 m a step, in order.
    expect(feedback.length).toBeGreaterThan(0);
    feedback.forEach((x, i) => {
      expect(x * 10).toBeCloseTo(Math.round(x * 10), 6);
      expect(x).toBeLessThanOrEqual(1 + 1e-9);
      if (i > 0) expect(x).toBeGreaterThan(feedback[i - 1]!);
    });
    expect(states).toContain('active');

    expect((await client.sendGoal(goal(1, 'unreachable')).done).status).toBe('aborted');

    const long = client.sendGoal(goal(1000), { onFeedback: () => long.cancel() });
    const cancelled = await long.done;
    expect(cancelled.status).toBe('preempted');
    await client.close();
    await node.stop();
  }, 30_000);

  it('publishes (latched) and serves an action that its own client drives', async () => {
    const pub = await ros.transport.advertise('/transport_test/cmd_vel', 'geometry_msgs/Twist', { latch: true });
    pub.publish({ linear: { x: 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: -0.25 } });
    const heard = await new Promise<RosMessage>((resolve) => {
      void ros.transport.subscribe('/transport_test/cmd_vel', 'geometry_msgs/Twist', resolve);
    });
    expect(heard).toEqual({ linear: { x: 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: -0.25 } });
    await pub.close();

    const server = await ros.transport.actionServer('/transport_test/move', 'move_base_msgs/MoveBaseAction', {
      onGoal: (g) => {
        const x = ((g.goal.target_pose as RosMessage).pose as { position: { x: number } }).position.x;
        if (x < 0) return g.abort(undefined, 'behind the robot');
        g.publishFeedback({ base_position: { header: { seq: 0, stamp: { secs: 0, nsecs: 0 }, frame_id: 'map' }, pose: { position: { x: x / 2, y: 0, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } } } });
        if (x < 100) setTimeout(() => g.succeed(undefined, 'there'), 50);
      },
      onCancel: (g) => g.preempted(undefined, 'stopped'),
    });
    const client = ros.transport.actionClient('/transport_test/move', 'move_base_msgs/MoveBaseAction');
    expect(await client.waitForServer(5000)).toBe(true);
    const goal = (x: number) => ({ target_pose: { header: { seq: 0, stamp: { secs: 0, nsecs: 0 }, frame_id: 'map' }, pose: { position: { x, y: 0, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } } } });
    const halfway: unknown[] = [];
    const ok = await client.sendGoal(goal(4), { onFeedback: (f) => halfway.push(f) }).done;
    expect(ok).toMatchObject({ status: 'succeeded', text: 'there' });
    expect(halfway).toHaveLength(1);
    expect((await client.sendGoal(goal(-1)).done).status).toBe('aborted');
    const long = client.sendGoal(goal(1000), { onFeedback: () => long.cancel() });
    expect(await long.done).toMatchObject({ status: 'preempted', text: 'stopped' });
    await client.close();
    await server.close();
  }, 20_000);

  it('passes camera images through rospy byte for byte, their pixels as one buffer', async () => {
    // Through rospy's own (de)serialization and back: what we write must be what rospy reads.
    const relays = await Promise.all([
      ros.master.startNode('test/fixtures/ros/relay.py', ['sensor_msgs/Image', '/tt/img/in', '/tt/img/out']),
      ros.master.startNode('test/fixtures/ros/relay.py', ['sensor_msgs/CompressedImage', '/tt/png/in', '/tt/png/out']),
    ]);
    const pixels = Buffer.from(Array.from({ length: 320 * 240 * 3 }, (_, i) => (i * 7919) % 251));
    const header = { seq: 0, stamp: { secs: 1700000000, nsecs: 5 }, frame_id: 'cam_odd' }; // odd lengths shift every field after them
    const image = { header, height: 240, width: 320, encoding: 'rgb8', is_bigendian: 0, step: 960, data: pixels };
    const compressed = { header, format: 'rgb8; png compressed rgb8', data: pixels.subarray(0, 12_345) };
    const received = await Promise.all(
      [
        ['/tt/img', 'sensor_msgs/Image', image],
        ['/tt/png', 'sensor_msgs/CompressedImage', compressed],
      ].map(async ([topic, type, message]) => {
        const back = new Promise<RosMessage>((resolve) => void ros.transport.subscribe(`${topic as string}/out`, type as string, resolve));
        const pub = await ros.transport.advertise(`${topic as string}/in`, type as string, { latch: true });
        pub.publish(message as RosMessage);
        const got = await back;
        await pub.close();
        return got;
      }),
    );
    for (const [got, sent] of [
      [received[0]!, image],
      [received[1]!, compressed],
    ] as const) {
      // The pixels arrive as a Buffer: on-the-fly message classes alone would give an array of
      // numbers, read one call per byte (slow enough to make a camera lag seconds behind).
      expect(got.data).toBeInstanceOf(Uint8Array);
      expect(Buffer.compare(got.data as Buffer, sent.data)).toBe(0);
      // rospy numbers the headers it publishes.
      expect({ ...got, header: { ...(got.header as object), seq: 0 }, data: null }).toEqual({ ...sent, data: null });
    }
    await Promise.all(relays.map((r) => r.stop()));
  }, 30_000);

  it('a second connect shares the node; a different master is refused', async () => {
    const again = await connectRos({ masterUri: ros.master.uri });
    expect(again.masterUri).toBe(ros.master.uri);
    await again.shutdown();
    await expect(connectRos({ masterUri: 'http://127.0.0.1:1' })).rejects.toThrow(/already on the ROS master/);
  });
});

describe.skipIf(!ROS_INSTALLED)('rosnodejs transport without a master', () => {
  it('fails with one line naming the master', async () => {
    const uri = `http://127.0.0.1:${await freePort()}`;
    const error = await connectRos({ masterUri: uri, timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RosConnectError);
    expect((error as Error).message).toContain(`cannot reach the ROS master at ${uri}`);
    expect((error as Error).message).not.toContain('\n');
  });
});
