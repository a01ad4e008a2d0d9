/**
 * Topic and service primitives against independent rospy nodes on a real roscore, through the
 * real MCP SDK client: reading a latched BatteryState, images as image content, publishing,
 * a SetBool service, JSON ⇄ ROS conversion of every field kind (round trips through rospy's own
 * serialization), and the errors a caller can act on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { decodePng } from '../../src/core/png.js';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { call, openPrimitivesWorld, structured, text, type PrimitivesWorld } from './primitives-setup.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

/** A publish primitive `<name>_out` on /rt/<name>/in and a subscribe primitive `<name>_in` on
 *  /rt/<name>/out, with a rospy relay between them. */
const ROUND_TRIPS: [string, string][] = [
  ['info', 'sensor_msgs/CameraInfo'],
  ['i64', 'std_msgs/Int64'],
  ['u64', 'std_msgs/UInt64'],
  ['i8', 'std_msgs/Int8'],
  ['dur', 'std_msgs/Duration'],
  ['img', 'sensor_msgs/Image'],
  ['poses', 'geometry_msgs/PoseArray'],
  ['bytes', 'std_msgs/UInt8MultiArray'],
  ['twist', 'geometry_msgs/Twist'],
];

const YAML = `
topics:
  - { name: battery, topic: /battery_state, type: sensor_msgs/BatteryState, mode: subscribe, description: "Battery of the base" }
  - { name: camera, topic: /camera/image_raw, type: sensor_msgs/Image, mode: subscribe }
  - { name: camera_png, topic: /camera/image/compressed, type: sensor_msgs/CompressedImage, mode: subscribe }
  - { name: silent, topic: /nobody/publishes, type: std_msgs/String, mode: subscribe, timeout_ms: 300 }
  - { name: gripper_state, topic: /gripper/enable/state, type: std_msgs/Bool, mode: subscribe }
${ROUND_TRIPS.map(([n, t]) => `  - { name: ${n}_out, topic: /rt/${n}/in, type: ${t}, mode: publish }\n  - { name: ${n}_in, topic: /rt/${n}/out, type: ${t}, mode: subscribe, timeout_ms: 3000 }`).join('\n')}
services:
  - { name: enable_gripper, service: /gripper/enable, type: std_srvs/SetBool, timeout_ms: 3000 }
  - { name: missing_service, service: /nobody/serves, type: std_srvs/Trigger, timeout_ms: 300 }
`;

const stamp = { secs: 1700000123, nsecs: 456000000 };

describe.skipIf(!ROS_INSTALLED)('ROS topic and service primitives', () => {
  let world: PrimitivesWorld;
  beforeAll(async () => {
    world = await openPrimitivesWorld(YAML, [
      ['test/fixtures/ros/battery_publisher.py', ['--percentage', '0.8']],
      ['test/fixtures/ros/set_bool_service.py', []],
      ['test/fixtures/ros/camera_publisher.py', ['--encoding', 'bgr8']],
      ...ROUND_TRIPS.map(([n, t]): [string, string[]] => ['test/fixtures/ros/relay.py', [t, `/rt/${n}/in`, `/rt/${n}/out`]]),
    ]);
  }, 60_000);
  afterAll(() => world?.close());

  /** Publishes once through `<name>_out` and waits for the copy to come back through rospy on
   *  `<name>_in`. Once: the server advertised every publish primitive when it started, so the
   *  relay is connected by now and even the first message on a topic must arrive. */
  const previous = new Map<string, string>();
  async function roundTrip(name: string, message: Record<string, unknown>) {
    const sent = await call(world.client, `${name}_out`, message);
    expect(sent.isError, text(sent)).toBeFalsy();
    expect(structured(sent).subscribers).toBe(1);
    // Each trip on a topic sends different data: a copy unlike the last one is this trip's.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const read = await call(world.client, `${name}_in`, { timeout_ms: 500 });
      const copy = read.isError ? undefined : JSON.stringify(structured(read).message);
      if (copy !== undefined && copy !== previous.get(name)) {
        previous.set(name, copy);
        return structured(read).message;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the one message published on ${name}_out never came back`);
  }

  it('offers each primitive as a tool with schemas derived from the message definitions', async () => {
    const { tools } = await world.client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.get_robot_status).toBeDefined(); // the robot's own tools stay
    const twist = byName.twist_out!.inputSchema as { properties: Record<string, { properties: Record<string, { type: string }> }> };
    expect(Object.keys(twist.properties)).toEqual(['linear', 'angular']);
    expect(twist.properties.linear!.properties.x!.type).toBe('number');
    expect(byName.enable_gripper!.inputSchema.properties).toEqual({ data: expect.objectContaining({ type: 'boolean' }) });
    const battery = byName.battery!.outputSchema as unknown as { properties: { message: { properties: Record<string, unknown> } } };
    expect(battery.properties.message.properties).toHaveProperty('percentage');
    expect(byName.battery!.description).toContain('Battery of the base');
    expect(byName.battery!.annotations?.readOnlyHint).toBe(true);
    expect(byName.twist_out!.annotations?.readOnlyHint).toBe(false);
  });

  it('reads the latest message of a latched topic with its age, as a tool and a resource', async () => {
    const r = await call(world.client, 'battery');
    expect(r.isError, text(r)).toBeFalsy();
    const out = structured(r);
    expect(out).toMatchObject({ topic: '/battery_state', type: 'sensor_msgs/BatteryState' });
    expect(out.message.percentage).toBeCloseTo(0.8, 5);
    expect(out.message.serial_number).toBe('BAT-42');
    expect(out.message.header.stamp).toEqual({ secs: 1700000000, nsecs: 250000000 });
    expect(out.age_s).toBeGreaterThanOrEqual(0);
    const resource = await world.client.readResource({ uri: 'ros://topics/battery' });
    const body = JSON.parse((resource.contents[0] as { text: string }).text);
    expect(body.message.cell_voltage.map((v: number) => Math.round(v * 10) / 10)).toEqual([4.1, 4.2, 4.2]);
  });

  it('returns camera images as image content', async () => {
    const raw = await call(world.client, 'camera');
    expect(raw.isError, text(raw)).toBeFalsy();
    expect(structured(raw).message).toMatchObject({ width: 4, height: 2, encoding: 'bgr8' });
    expect(structured(raw).message).not.toHaveProperty('data');
    const image = raw.content.find((c) => c.type === 'image') as { data: string; mimeType: string };
    expect(image.mimeType).toBe('image/png');
    const png = decodePng(Buffer.from(image.data, 'base64'));
    expect([png.width, png.height]).toEqual([4, 2]);
    // Pixel (3, 1) is red 180, green 100, blue 7 whatever the wire order (bgr8 here).
    expect([...png.rgb.slice((1 * 4 + 3) * 3, (1 * 4 + 3) * 3 + 3)]).toEqual([180, 100, 7]);
    const compressed = await call(world.client, 'camera_png');
    const content = compressed.content.find((c) => c.type === 'image') as { data: string; mimeType: string };
    expect(content.mimeType).toBe('image/png');
    expect([...decodePng(Buffer.from(content.data, 'base64')).rgb]).toEqual([255, 0, 0]);
  });

  it('a topic nobody publishes times out with a clear error', async () => {
    const r = await call(world.client, 'silent');
    expect(r.isError).toBe(true);
    expect(structured(r).error.code).toBe('timeout');
    expect(text(r)).toMatch(/^no message on \/nobody\/publishes \(std_msgs\/String\) within 300 ms/);
  });

  it('calls a rospy service and the service really receives the request', async () => {
    const r = await call(world.client, 'enable_gripper', { data: true });
    expect(r.isError, text(r)).toBeFalsy();
    expect(structured(r)).toEqual({ service: '/gripper/enable', type: 'std_srvs/SetBool', response: { success: true, message: 'enabled' } });
    expect(structured(await call(world.client, 'gripper_state')).message).toEqual({ data: true });
    const missing = await call(world.client, 'missing_service');
    expect(structured(missing).error.code).toBe('timeout');
    expect(text(missing)).toContain('/nobody/serves');
  });

  it('converts every field kind both ways through rospy', async () => {
    const info = await roundTrip('info', {
      header: { stamp, frame_id: 'cam' },
      height: 480,
      width: 4294967295,
      distortion_model: 'plumb_bob',
      D: [0.1, -0.25, 0, 0, 1e-9],
      K: [500, 0, 320, 0, 500, 240, 0, 0, 1],
      roi: { x_offset: 1, y_offset: 2, height: 3, width: 4, do_rectify: true },
    });
    expect(info).toMatchObject({ header: { stamp, frame_id: 'cam' }, height: 480, width: 4294967295, distortion_model: 'plumb_bob', K: [500, 0, 320, 0, 500, 240, 0, 0, 1] });
    expect(info.D).toEqual([0.1, -0.25, 0, 0, 1e-9]);
    expect(info.R).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]); // a fixed array left out is zeros
    expect(info.roi.do_rectify).toBe(true);
    expect((await roundTrip('i64', { data: '-9007199254740993' })).data).toBe('-9007199254740993');
    expect((await roundTrip('i64', { data: -42 })).data).toBe(-42);
    expect((await roundTrip('u64', { data: '18446744073709551615' })).data).toBe('18446744073709551615');
    expect((await roundTrip('i8', { data: -128 })).data).toBe(-128);
    expect((await roundTrip('dur', { data: { secs: -3, nsecs: 500 } })).data).toEqual({ secs: -3, nsecs: 500 });
    const pixels = Buffer.from([0, 1, 2, 250, 251, 255]).toString('base64');
    const img = await roundTrip('img', { height: 1, width: 2, encoding: 'rgb8', step: 6, data: pixels });
    expect(img).toMatchObject({ height: 1, width: 2, encoding: 'rgb8' });
    const bytes = await roundTrip('bytes', { layout: { dim: [{ label: 'x', size: 3, stride: 3 }], data_offset: 0 }, data: Buffer.from([9, 8, 7]).toString('base64') });
    expect(bytes).toEqual({ layout: { dim: [{ label: 'x', size: 3, stride: 3 }], data_offset: 0 }, data: 'CQgH' });
    const poses = await roundTrip('poses', { header: { frame_id: 'map' }, poses: [{ position: { x: 1, y: 2, z: 3 } }, { orientation: { w: 1 } }] });
    expect(poses.poses).toEqual([
      { position: { x: 1, y: 2, z: 3 }, orientation: { x: 0, y: 0, z: 0, w: 0 } },
      { position: { x: 0, y: 0, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } },
    ]);
    expect(await roundTrip('twist', { linear: { x: 0.5 }, angular: { z: -1.25 } })).toEqual({ linear: { x: 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: -1.25 } });
  }, 30_000);

  it('tells a subscriber of ros://topics/<name> when a new message arrives', async () => {
    const updates: string[] = [];
    world.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    await expect(world.client.subscribeResource({ uri: 'ros://topics/nothing_here' })).rejects.toThrow();
    await world.client.subscribeResource({ uri: 'ros://topics/twist_in' });
    for (let i = 0; i < 50 && !updates.includes('ros://topics/twist_in'); i++) {
      await call(world.client, 'twist_out', { linear: { x: i } });
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(updates).toContain('ros://topics/twist_in');
    expect(updates.every((u) => u === 'ros://topics/twist_in')).toBe(true);
    await world.client.unsubscribeResource({ uri: 'ros://topics/twist_in' });
  });

  it('refuses arguments that do not fit the message, naming the field', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['twist_out', { linear: { x: 'fast' } }, /linear\.x/],
      ['twist_out', { linear: { q: 1 } }, /q/],
      ['i8_out', { data: 200 }, /data/],
      ['u64_out', { data: '-1' }, /data/],
      ['u64_out', { data: '18446744073709551616' }, /data/],
      ['info_out', { K: [1, 2, 3] }, /K/],
      ['img_out', { data: 'not base64!' }, /data/],
      ['enable_gripper', { data: 3 }, /data/],
      ['dur_out', { data: { secs: 1, nsecs: 1_000_000_000 } }, /data\.nsecs/],
    ];
    for (const [tool, args, field] of cases) {
      const r = await call(world.client, tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(structured(r).error.code, tool).toBe('invalid_argument');
      expect(text(r), tool).toMatch(field);
    }
  });
});
