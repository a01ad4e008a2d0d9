import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema, LoggingMessageNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { createSimulatedRobot, type SimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { sharedDetector } from '../helpers/shared-detector.js';

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers) await c();
  closers = [];
});

async function connect(scenario = 'warehouse', seed = 1): Promise<{ client: Client; sr: SimulatedRobot }> {
  const sr = createSimulatedRobot({ scenario, seed, sharedDetector: await sharedDetector() });
  const server = createRobotMcpServer({ robot: sr.robot, wallClock: () => Date.UTC(2026, 10, 22, 12), rng: sr.toolRng, version: '0.0.0-test' });
  const conn = await connectInProcess(server);
  closers.push(conn.close);
  return { client: conn.client, sr };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}, opts: Parameters<Client['callTool']>[2] = {}) {
  return (await client.callTool({ name, arguments: args }, undefined, opts)) as CallToolResult;
}
const structured = (r: CallToolResult) => r.structuredContent as Record<string, any>;
const text = (r: CallToolResult) => (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n');

describe('robot MCP server: tools', () => {
  it('lists every tool with schemas, annotations and our metadata', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of ['get_robot_status', 'get_state', 'arm', 'disarm', 'emergency_stop', 'reset_emergency_stop', 'navigate_to', 'navigate_to_zone', 'approach_object', 'rotate', 'stop', 'get_operation', 'cancel_operation', 'list_operations', 'detect_objects', 'scan_surroundings', 'capture_image', 'grasp_object', 'release_object', 'list_parameters', 'get_parameter', 'set_parameter', 'query_events', 'calculator', 'get_time', 'roll_dice']) {
      expect(names).toContain(n);
    }
    for (const t of tools) {
      expect(t.outputSchema, t.name).toBeDefined();
      expect(t.annotations?.readOnlyHint === true && t.annotations?.destructiveHint === true, t.name).toBe(false);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.navigate_to!.annotations?.destructiveHint).toBe(true);
    expect(byName.emergency_stop!.annotations?.destructiveHint).toBe(true);
    expect(byName.get_robot_status!.annotations?.readOnlyHint).toBe(true);
    expect(byName.reset_emergency_stop!._meta?.['robot-agent/needsConfirmation']).toBe(true);
    expect(byName.calculator!._meta?.['robot-agent/category']).toBe('utility');
  });

  it('reports status and refuses motion before arm with an actionable error', async () => {
    const { client } = await connect();
    const status = structured(await call(client, 'get_robot_status'));
    expect(status).toMatchObject({ state: 'IDLE', armed: false, emergency_stop: false, zone: 'home', gripper: 'open', holding: null });
    const refused = await call(client, 'navigate_to', { x: 3, y: 1 });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/disarmed; call arm first/);
  });

  it('turns every kind of invalid argument into an isError result saying what is allowed', async () => {
    const { client } = await connect();
    await call(client, 'arm');
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['navigate_to', { y: 1 }, /x/],
      ['navigate_to', { x: 'three', y: 1 }, /x/],
      ['navigate_to', { x: null, y: 1 }, /x/],
      ['navigate_to', { x: 40, y: 1 }, /outside the room; x must be between 0 and 10/],
      ['navigate_to_zone', { zone: 'kitchen' }, /unknown zone "kitchen"; zones on this map: home, shelf, bin_a/],
      ['get_operation', { id: 'op-404' }, /no operation "op-404"/],
      ['cancel_operation', { id: 'op-404' }, /no operation "op-404"/],
      ['approach_object', { object_id: 'unicorn#1' }, /no seen object matches id "unicorn#1"/],
      ['set_parameter', { name: 'max_linear_speed', value: 9 }, /from 0\.05 to 1 m\/s/],
      ['get_parameter', { name: 'flux' }, /unknown parameter "flux"/],
      ['rotate', { angle_deg: 5000 }, /angle_deg/],
      ['release_object', {}, /gripper is empty/],
    ];
    for (const [name, args, message] of cases) {
      const r = await call(client, name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(text(r), name).toMatch(message);
    }
    // The server keeps serving after all of that.
    expect(structured(await call(client, 'get_state')).state).toBe('IDLE');
  });

  it('caps the length of every free-text argument and does not echo an over-long one back', async () => {
    const { client } = await connect();
    await call(client, 'arm');
    const long = 'z'.repeat(900_000);
    const cases: Array<[string, Record<string, unknown>]> = [
      ['navigate_to_zone', { zone: long }],
      ['approach_object', { object_id: long }],
      ['approach_object', { label: long }],
      ['release_object', { zone: long }],
      ['grasp_object', { object_id: long }],
      ['get_operation', { id: long }],
      ['cancel_operation', { id: long }],
      ['get_parameter', { name: long }],
      ['set_parameter', { name: 'conflict_policy', value: long }],
      ['detect_objects', { labels: [long] }],
    ];
    for (const [name, args] of cases) {
      const r = await call(client, name, args);
      expect(r.isError, name).toBe(true);
      expect(text(r), name).toMatch(/^invalid arguments for \w+: [\w.]+: Too big: expected (string|array) to have <=200 characters$/);
      expect(structured(r).error.code, name).toBe('invalid_argument');
      expect(text(r).length, name).toBeLessThan(2000);
    }
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'navigate_to_zone')?.inputSchema.properties?.zone).toMatchObject({ type: 'string', maxLength: 200 });
    await expect(client.getPrompt({ name: 'robot_control', arguments: { task: long } })).rejects.toThrow(/^MCP error -32602: Invalid arguments for prompt robot_control/);
  });

  it('tells the model the id an object goes by after further sightings relabelled it', async () => {
    const { client, sr } = await connect();
    await call(client, 'arm');
    // The vision memory as the camera would leave it: a far sighting read as a cube, then closer
    // and clearer ones as a cylinder, which relabel the object.
    sr.vision.tracker.update([{ label: 'red_cube', x: 2, y: 3, confidence: 0.6, rangeM: 4 }], 0);
    sr.vision.tracker.update([{ label: 'red_cylinder', x: 2, y: 3, confidence: 0.9, rangeM: 1.5 }], 1);
    for (const name of ['approach_object', 'grasp_object']) {
      const r = await call(client, name, { object_id: 'red_cube#1' });
      expect(r.isError, name).toBe(true);
      expect(text(r), name).toMatch(/^red_cube#1 now goes by red_cylinder#1: further sightings showed a red_cylinder, not a red_cube\. Use object_id "red_cylinder#1"/);
    }
    // Looked at long enough to swing back, it is a cube under a third id; the old ids follow it.
    sr.vision.tracker.update([{ label: 'red_cube', x: 2, y: 3, confidence: 0.95, rangeM: 0.5 }], 2);
    sr.vision.tracker.update([{ label: 'red_cube', x: 2, y: 3, confidence: 0.95, rangeM: 0.5 }], 3);
    expect(text(await call(client, 'approach_object', { object_id: 'red_cube#1' }))).toMatch(/^red_cube#1 now goes by red_cube#2: further sightings relabelled it and then back to red_cube\./);
    expect(text(await call(client, 'grasp_object', { object_id: 'red_cylinder#1' }))).toMatch(/^red_cylinder#1 now goes by red_cube#2: further sightings showed a red_cube/);
    expect(structured(await call(client, 'get_state')).state).toBe('IDLE');
  });

  it('gives every failure a code as data that the SDK Client validates against the listed output schemas', async () => {
    const { client, sr } = await connect();
    await client.listTools(); // the Client checks structuredContent against these, isError or not
    const error = (r: CallToolResult) => (r.structuredContent as { error: Record<string, unknown> }).error;
    const notArmed = await call(client, 'navigate_to', { x: 3, y: 1 });
    expect(notArmed.isError).toBe(true);
    expect(error(notArmed)).toEqual({ code: 'not_armed', message: text(notArmed) });
    await call(client, 'arm');
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['navigate_to_zone', { zone: 'kitchen' }, { code: 'unknown_zone', zones: expect.arrayContaining(['home', 'bin_a', 'charging_dock']) }],
      ['navigate_to', { x: 40, y: 1 }, { code: 'out_of_workspace' }],
      ['approach_object', { object_id: 'unicorn#1' }, { code: 'unknown_object' }],
      ['release_object', { zone: 'bin_a' }, { code: 'not_holding' }],
      ['get_operation', { id: 'op-404' }, { code: 'unknown_operation' }],
      ['cancel_operation', { id: 'op-404' }, { code: 'unknown_operation' }],
      ['set_parameter', { name: 'max_linear_speed', value: 9 }, { code: 'invalid_parameter' }],
      ['calculator', { expression: '1;2' }, { code: 'invalid_argument' }],
    ];
    for (const [name, args, expected] of cases) {
      const r = await call(client, name, args);
      expect(r.isError, name).toBe(true);
      expect(error(r), name).toMatchObject({ ...expected, message: text(r) });
    }
    sr.vision.tracker.update([{ label: 'red_cube', x: 2, y: 3, confidence: 0.6, rangeM: 4 }], 0);
    sr.vision.tracker.update([{ label: 'red_cylinder', x: 2, y: 3, confidence: 0.9, rangeM: 1.5 }], 1);
    expect(error(await call(client, 'grasp_object', { object_id: 'red_cube#1' }))).toMatchObject({ code: 'object_relabelled', renamed_to: 'red_cylinder#1' });
    expect(error(await call(client, 'grasp_object', { object_id: 'red_cylinder#1' }))).toMatchObject({ code: 'out_of_reach' });
    // An operation that ends without success records its code (motion tools return it as error.code).
    const started = structured(await call(client, 'navigate_to_zone', { zone: 'shelf', wait: false }));
    const cancelled = structured(await call(client, 'cancel_operation', { id: started.operation.id }));
    expect(cancelled).toMatchObject({ status: 'cancelled', error: 'cancelled on request', error_code: 'cancelled' });
  });

  it('refuses an unknown parameter name with invalid_parameter, not as an internal error', async () => {
    const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1, sharedDetector: await sharedDetector() });
    const internal: string[] = [];
    const server = createRobotMcpServer({ robot: sr.robot, wallClock: () => 0, rng: sr.toolRng, version: '0.0.0-test', onInternalError: (tool) => void internal.push(tool) });
    const conn = await connectInProcess(server);
    closers.push(conn.close);
    await conn.client.listTools();
    const r = await call(conn.client, 'get_parameter', { name: 'flux' });
    expect(r.isError).toBe(true);
    expect((r.structuredContent as { error: Record<string, unknown> }).error).toEqual({ code: 'invalid_parameter', message: text(r) });
    expect(text(r)).toMatch(/^unknown parameter "flux"; known parameters: .*max_linear_speed/);
    expect(internal).toEqual([]);
  });

  it('sends progress notifications while navigating and arrives within tolerance', async () => {
    const { client } = await connect();
    await call(client, 'arm');
    const progress: number[] = [];
    const r = await call(client, 'navigate_to', { x: 3, y: 2, heading: 90 }, { onprogress: (p) => void progress.push(p.progress) });
    expect(r.isError).toBeFalsy();
    const out = structured(r);
    expect(out.operation.status).toBe('succeeded');
    expect(out.operation.result.errorM).toBeLessThanOrEqual(0.05);
    expect(out.pose.heading_deg).toBeCloseTo(90, 0);
    expect(progress.length).toBeGreaterThan(3);
  });

  it('runs wait:false operations that get_operation can wait for, and cancels them', async () => {
    const { client, sr } = await connect();
    await call(client, 'arm');
    const started = structured(await call(client, 'navigate_to_zone', { zone: 'bin_a', wait: false }));
    expect(started.operation.status).toBe('running');
    const id = started.operation.id as string;
    const partial = structured(await call(client, 'get_operation', { id, wait_seconds: 2 }));
    expect(partial.status).toBe('running');
    expect(partial.progress).toBeGreaterThan(0);
    const busy = await call(client, 'navigate_to', { x: 2, y: 2 });
    expect(text(busy)).toMatch(/still running; wait for it, cancel it/);
    expect(structured(await call(client, 'list_operations', { active_only: true })).operations).toHaveLength(1);
    expect(structured(await call(client, 'cancel_operation', { id })).status).toBe('cancelled');
    await sr.sim.backend.sleep(1);
    expect(Math.abs(sr.sim.backend.readState().linear)).toBeLessThan(1e-9);
  });

  it('cancels the operation and stops the robot when the MCP request is cancelled', async () => {
    const { client, sr } = await connect();
    await call(client, 'arm');
    const ctrl = new AbortController();
    let seen = 0;
    const pending = call(client, 'navigate_to', { x: 8.5, y: 5 }, {
      signal: ctrl.signal,
      onprogress: () => {
        if (++seen === 3) ctrl.abort();
      },
    });
    await expect(pending).rejects.toThrow();
    // Let the server process notifications/cancelled.
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    const ops = sr.robot.operations.list();
    expect(ops[0]!.status).toBe('cancelled');
    expect(sr.robot.state).toBe('STOPPING');
    await sr.sim.backend.sleep(1);
    expect(Math.abs(sr.sim.backend.readState().linear)).toBeLessThan(1e-9);
    expect(sr.robot.state).toBe('IDLE');
  });

  it('latches the emergency stop through MCP until reset and re-arm', async () => {
    const { client } = await connect();
    await call(client, 'arm');
    expect(structured(await call(client, 'emergency_stop', { reason: 'test' })).emergency_stop).toBe(true);
    expect(text(await call(client, 'arm'))).toMatch(/emergency stop is latched/);
    expect(text(await call(client, 'navigate_to', { x: 2, y: 2 }))).toMatch(/emergency stop is latched/);
    expect(structured(await call(client, 'reset_emergency_stop')).armed).toBe(false);
    expect(structured(await call(client, 'arm')).armed).toBe(true);
  });

  it('detects objects with the vision pipeline, not ground truth: a moved object is no longer reported', async () => {
    const { client, sr } = await connect();
    await call(client, 'arm');
    // Face the blue cube at (4.6, 1.3) from 2 m.
    await call(client, 'navigate_to', { x: 2.6, y: 1.3, heading: 0 });
    const seen = structured(await call(client, 'detect_objects'));
    const blue = seen.detections.find((d: any) => d.label === 'blue_cube');
    expect(blue).toBeDefined();
    expect(Math.hypot(blue.position.x - 4.6, blue.position.y - 1.3)).toBeLessThan(0.15);
    expect(blue.id).toBe('blue_cube#1');
    // Same object, same tracker id on a second look.
    expect(structured(await call(client, 'detect_objects', { labels: ['blue cube'] })).detections[0].id).toBe('blue_cube#1');
    // Move it out of view behind the robot (ground truth changes, the camera must notice).
    const cube = sr.sim.world.object('blue_cube')!;
    cube.x = 1.0;
    cube.y = 2.5;
    const after = structured(await call(client, 'detect_objects'));
    expect(after.detections.find((d: any) => d.label === 'blue_cube')).toBeUndefined();
  });

  it('captures a PNG image', async () => {
    const { client } = await connect();
    const r = await call(client, 'capture_image');
    const image = (r.content as Array<{ type: string; data?: string; mimeType?: string }>).find((c) => c.type === 'image')!;
    expect(image.mimeType).toBe('image/png');
    expect(Buffer.from(image.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(structured(r)).toMatchObject({ width: 320, height: 240 });
  });

  it('carries out a full seed-style mission: status, scan, approach, grasp, navigate, release', async () => {
    const { client, sr } = await connect();
    expect(structured(await call(client, 'get_robot_status')).battery).toBeGreaterThan(0.5);
    await call(client, 'arm');
    const scan = structured(await call(client, 'scan_surroundings'));
    const blue = scan.detections.find((d: any) => d.label === 'blue_cube');
    expect(blue, JSON.stringify(scan.detections)).toBeDefined();
    const approach = await call(client, 'approach_object', { object_id: blue.id });
    expect(approach.isError, text(approach)).toBeFalsy();
    const grasp = await call(client, 'grasp_object', { object_id: blue.id });
    expect(grasp.isError, text(grasp)).toBeFalsy();
    expect(structured(grasp).holding).toBe(blue.id);
    expect(sr.sim.world.object('blue_cube')!.heldBy).toBe('robot');
    const release = await call(client, 'release_object', { zone: 'bin_a' });
    expect(release.isError, text(release)).toBeFalsy();
    expect(structured(release).landed_in_zone).toBe('bin_a');
    const cube = sr.sim.world.object('blue_cube')!;
    expect(cube.heldBy).toBeNull();
    expect(sr.sim.world.zoneAt(cube)?.name).toBe('bin_a');
  });

  it('manages parameters and answers "what happened"', async () => {
    const { client } = await connect();
    const list = structured(await call(client, 'list_parameters')).parameters;
    expect(list.find((p: any) => p.name === 'max_linear_speed')).toMatchObject({ type: 'number', unit: 'm/s', min: 0.05, max: 1 });
    expect(structured(await call(client, 'set_parameter', { name: 'conflict_policy', value: 'queue' }))).toMatchObject({ value: 'queue', previous: 'error' });
    expect(structured(await call(client, 'get_parameter', { name: 'conflict_policy' })).value).toBe('queue');
    await call(client, 'arm');
    const events = structured(await call(client, 'query_events', { since_seconds: 30, kinds: ['safety', 'parameter'] })).events;
    expect(events.map((e: any) => e.message)).toEqual(expect.arrayContaining(['armed', 'conflict_policy: error -> queue']));
  });

  it('offers the utility tools with injected clock and rng', async () => {
    const { client } = await connect();
    expect(structured(await call(client, 'calculator', { expression: '2 + 3 * 4' })).result).toBe(14);
    expect((await call(client, 'calculator', { expression: 'process.exit()' })).isError).toBe(true);
    expect(structured(await call(client, 'get_time', { timezone: 'UTC', format: 'iso' })).iso).toMatch(/^2026-11-22T12:00/);
    const a = structured(await call(client, 'roll_dice', { notation: '3d6' }));
    expect(a.rolls).toHaveLength(3);
  });
});

describe('robot MCP server: resources and prompts', () => {
  it('lists and reads every resource; the map holds no objects', async () => {
    const { client } = await connect();
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    for (const u of ['robot://state', 'robot://pose', 'robot://safety', 'robot://battery', 'robot://parameters', 'robot://map', 'robot://camera/latest', 'robot://detections/latest', 'robot://events', 'robot://operations', 'robot://parameters/max_linear_speed']) {
      expect(uris).toContain(u);
    }
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('robot://parameters/{name}');
    for (const uri of uris.filter((u) => u !== 'robot://camera/latest')) {
      const r = await client.readResource({ uri });
      expect(JSON.parse((r.contents[0] as { text: string }).text), uri).toBeDefined();
    }
    const map = JSON.parse(((await client.readResource({ uri: 'robot://map' })).contents[0] as { text: string }).text);
    expect(map.zones.map((z: any) => z.name)).toContain('bin_a');
    expect(JSON.stringify(map)).not.toMatch(/red_cube|blue_cube/);
    const param = JSON.parse(((await client.readResource({ uri: 'robot://parameters/arrival_tolerance' })).contents[0] as { text: string }).text);
    expect(param).toMatchObject({ name: 'arrival_tolerance', value: 0.05, unit: 'm' });
    await call(client, 'capture_image');
    const cam = await client.readResource({ uri: 'robot://camera/latest' });
    expect(cam.contents[0]).toMatchObject({ mimeType: 'image/png' });
  });

  it('notifies subscribers when state, pose and operations change, and logs notable events', async () => {
    const { client } = await connect();
    const updated: string[] = [];
    const logs: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(String((n.params.data as { message: string }).message)));
    await client.setLoggingLevel('info');
    await client.subscribeResource({ uri: 'robot://state' });
    await client.subscribeResource({ uri: 'robot://pose' });
    await client.subscribeResource({ uri: 'robot://operations' });
    await call(client, 'arm');
    await call(client, 'navigate_to', { x: 2.5, y: 1.5 });
    await new Promise((r) => setImmediate(r));
    expect(updated).toContain('robot://state');
    expect(updated).toContain('robot://operations');
    const poseUpdates = updated.filter((u) => u === 'robot://pose').length;
    expect(poseUpdates).toBeGreaterThan(2);
    expect(logs).toContain('armed');
    await client.unsubscribeResource({ uri: 'robot://pose' });
    const before = updated.length;
    await call(client, 'set_parameter', { name: 'max_linear_speed', value: 0.4 });
    await new Promise((r) => setImmediate(r));
    expect(updated.slice(before)).not.toContain('robot://pose');
  });

  it('logs failed operations and safety events as warnings, from the event data and not its wording', async () => {
    const { client, sr } = await connect();
    const logs: Array<{ level: string; message: string }> = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push({ level: n.params.level, message: String((n.params.data as { message: string }).message) }));
    await client.setLoggingLevel('info');
    await call(client, 'arm');
    await call(client, 'navigate_to', { x: 8, y: 2, wait: false });
    sr.robot.stop('the test failed on purpose');
    const grasp = await call(client, 'grasp_object');
    expect(grasp.isError).toBe(true);
    await new Promise((r) => setImmediate(r));
    const levelOf = (pattern: RegExp) => logs.find((l) => pattern.test(l.message))?.level;
    expect(levelOf(/^armed$/)).toBe('warning');
    expect(levelOf(/navigate cancelled: the test failed on purpose/)).toBe('info');
    expect(levelOf(/grasp failed/)).toBe('warning');
    expect(levelOf(/grasp requested/)).toBe('info');
  });

  it('builds prompts from live data', async () => {
    const { client } = await connect();
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['robot_configure', 'robot_control', 'robot_debug', 'robot_status']);
    const control = await client.getPrompt({ name: 'robot_control', arguments: { task: 'pick up the red cube' } });
    const controlText = (control.messages[0]!.content as { text: string }).text;
    expect(controlText).toMatch(/Task: pick up the red cube/);
    expect(controlText).toMatch(/approach_object/);
    expect(controlText).toMatch(/charging_dock/);
    const configure = await client.getPrompt({ name: 'robot_configure', arguments: { goal: 'slow' } });
    expect((configure.messages[0]!.content as { text: string }).text).toMatch(/max_linear_speed = 0\.6 \(a number from 0\.05 to 1 m\/s\)/);
    await call(client, 'arm');
    await call(client, 'navigate_to', { x: 4.2, y: 4.6 });
    const debug = await client.getPrompt({ name: 'robot_debug', arguments: { problem: 'it will not move' } });
    expect((debug.messages[0]!.content as { text: string }).text).toMatch(/armed/);
    const status = await client.getPrompt({ name: 'robot_status' });
    expect((status.messages[0]!.content as { text: string }).text).toMatch(/"state":"IDLE"/);
  });
});
