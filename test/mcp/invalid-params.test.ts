import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createRobotMcpServer, type RobotMcpServer } from '../../src/mcp/robot-server.js';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { sharedDetector } from '../helpers/shared-detector.js';

let server: RobotMcpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The robot server on a raw in-memory transport, driven with hand-written JSON-RPC. */
async function raw() {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1, sharedDetector: await sharedDetector() });
  server = createRobotMcpServer({ robot: sr.robot, wallClock: () => 0, rng: sr.toolRng, version: '0.0.0-test' });
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const ownerSawClose: string[] = [];
  serverSide.onclose = () => ownerSawClose.push('closed');
  await server.connect(serverSide);
  const replies = new Map<unknown, any>();
  client.onmessage = (m: JSONRPCMessage) => {
    if ('id' in m) replies.set(m.id, m);
  };
  await client.start();
  let nextId = 1;
  const request = async (method: string, params?: Record<string, unknown>): Promise<any> => {
    const id = nextId++;
    await client.send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    for (let i = 0; i < 200 && !replies.has(id); i++) await new Promise((r) => setTimeout(r, 1));
    return replies.get(id);
  };
  await request('initialize', { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '0' } });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { request, client, ownerSawClose };
}

describe('invalid params (answered before the SDK sees them)', () => {
  it('answers params that fail the method schema with -32602 naming the field', async () => {
    const { request } = await raw();
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['resources/read', {}, /^invalid params for resources\/read: params\.uri: /],
      ['prompts/get', {}, /^invalid params for prompts\/get: params\.name: /],
      ['tools/call', { arguments: 3 }, /^invalid params for tools\/call: params\.name: .*; params\.arguments: /],
      ['logging/setLevel', { level: 'loud' }, /^invalid params for logging\/setLevel: params\.level: /],
      ['resources/subscribe', { uri: 7 }, /params\.uri/],
    ];
    for (const [method, params, message] of cases) {
      const reply = await request(method, params);
      expect(reply.error, method).toMatchObject({ code: -32602, message: expect.stringMatching(message) });
    }
  });

  it('answers any cursor on a list with -32602: every list is one page', async () => {
    const { request } = await raw();
    for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
      expect((await request(method, { cursor: 'x' })).error, method).toEqual({
        code: -32602,
        message: `invalid cursor: ${method} returns everything in one page; omit "cursor"`,
      });
      expect((await request(method)).result, method).toBeDefined();
    }
  });

  it('lets good requests and unknown methods through to the SDK', async () => {
    const { request } = await raw();
    expect((await request('tools/call', { name: 'get_robot_status', arguments: {} })).result.structuredContent.state).toBe('IDLE');
    expect((await request('resources/read', { uri: 'robot://state' })).result.contents).toHaveLength(1);
    expect((await request('teleport', { to: 'mars' })).error.code).toBe(-32601);
    expect((await request('ping')).result).toEqual({});
  });

  it('answers resources/read with the spec codes: -32602 for a malformed URI, -32002 with the URI in data for an unknown one', async () => {
    const { request } = await raw();
    expect((await request('resources/read', { uri: 'not a uri' })).error).toEqual({
      code: -32602,
      message: 'invalid params for resources/read: params.uri: not a URI: not a uri',
    });
    expect((await request('resources/read', { uri: 'robot://teleporter' })).error).toEqual({
      code: -32002,
      message: 'Resource not found: robot://teleporter; resources/list and resources/templates/list name the ones there are',
      data: { uri: 'robot://teleporter' },
    });
    const unknownParameter = (await request('resources/read', { uri: 'robot://parameters/warp_speed' })).error;
    expect(unknownParameter).toMatchObject({ code: -32002, data: { uri: 'robot://parameters/warp_speed' } });
    expect(unknownParameter.message).toMatch(/^Resource not found: robot:\/\/parameters\/warp_speed; known parameters: max_linear_speed, .*conflict_policy$/);
    expect(unknownParameter.message).not.toMatch(/\bat \S+:\d+/); // no stack trace
    const huge = `robot://${'x'.repeat(100_000)}`;
    const hugeError = (await request('resources/read', { uri: huge })).error;
    expect(hugeError.code).toBe(-32002);
    expect(JSON.stringify(hugeError).length).toBeLessThan(1000);
    expect((await request('resources/read', { uri: 'robot://parameters/max_linear_speed' })).result.contents).toHaveLength(1);
  });

  it('sends error messages without the SDK\'s "MCP error <code>:" prefix, which clients add themselves', async () => {
    const { request } = await raw();
    expect((await request('prompts/get', { name: 'sing' })).error).toEqual({ code: -32602, message: 'Prompt sing not found' });
    const completion = await request('completion/complete', { ref: { type: 'ref/resource', uri: 'robot://x/{a}' }, argument: { name: 'a', value: '' } });
    expect(completion.error.code).toBe(-32602);
    expect(completion.error.message).not.toMatch(/^MCP error/);
  });

  it('keeps the callbacks the transport owner set before connecting', async () => {
    const { client, ownerSawClose } = await raw();
    await client.close();
    expect(ownerSawClose).toEqual(['closed']);
  });
});
