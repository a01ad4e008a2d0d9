import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LATEST_PROTOCOL_VERSION, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { serveHttp, type HttpServerHandle } from '../../src/mcp/transports/http.js';
import { createSimulatedRobot, type SimulatedRobot } from '../../src/runtime/simulated-robot.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

function robotServer(sr: SimulatedRobot) {
  return createRobotMcpServer({ robot: sr.robot, wallClock: () => Date.UTC(2026, 10, 22, 12), rng: sr.toolRng, version: '0.0.0-test' });
}

async function connect(): Promise<{ client: Client; updated: string[] }> {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
  const conn = await connectInProcess(robotServer(sr));
  closers.push(conn.close);
  const updated: string[] = [];
  conn.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
  return { client: conn.client, updated };
}

/** Lets queued notifications arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('resource subscriptions tell the truth', () => {
  it('capture_image tells robot://camera/latest subscribers', async () => {
    const { client, updated } = await connect();
    await client.subscribeResource({ uri: 'robot://camera/latest' });
    await client.callTool({ name: 'capture_image', arguments: {} });
    await settle();
    expect(updated).toContain('robot://camera/latest');
  });

  it('a parameter resource is told only when that parameter changes', async () => {
    const { client, updated } = await connect();
    await client.subscribeResource({ uri: 'robot://parameters/max_linear_speed' });
    await client.callTool({ name: 'set_parameter', arguments: { name: 'detection_confidence', value: 0.5 } });
    await settle();
    expect(updated).toEqual([]);
    await client.callTool({ name: 'set_parameter', arguments: { name: 'max_linear_speed', value: 0.5 } });
    await settle();
    expect(updated).toEqual(['robot://parameters/max_linear_speed']);
  });

  it('subscribing to a resource that does not exist is -32002, a malformed URI -32602', async () => {
    const { client } = await connect();
    await expect(client.subscribeResource({ uri: 'robot://nowhere' })).rejects.toMatchObject({ code: -32002, data: { uri: 'robot://nowhere' } });
    await expect(client.subscribeResource({ uri: 'robot://parameters/flux' })).rejects.toMatchObject({ code: -32002 });
    await expect(client.subscribeResource({ uri: 'not a uri' })).rejects.toMatchObject({ code: -32602 });
    await expect(client.subscribeResource({ uri: 'robot://nowhere' })).rejects.toThrow(/^MCP error -32002: Resource not found: robot:\/\/nowhere/);
  });

  it('advertises no listChanged: the tool, resource and prompt lists never change', async () => {
    const { client } = await connect();
    const caps = client.getServerCapabilities()!;
    expect(caps.tools?.listChanged).not.toBe(true);
    expect(caps.resources?.listChanged).not.toBe(true);
    expect(caps.prompts?.listChanged).not.toBe(true);
    expect(caps.resources?.subscribe).toBe(true);
  });
});

describe('robot events during a call reach an HTTP client without a standalone stream', () => {
  it('sends notifications/message on the POST that is running', async () => {
    const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
    const handle: HttpServerHandle = await serveHttp(() => robotServer(sr), { port: 0 });
    closers.push(() => handle.close());
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const post = (body: unknown, session?: string) =>
      fetch(handle.url, { method: 'POST', headers: { ...headers, ...(session ? { 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': LATEST_PROTOCOL_VERSION } : {}) }, body: JSON.stringify(body) });
    const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'no-get', version: '0' } } });
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status).toBe(202);
    // No GET stream is opened. arm logs a safety event while the call runs.
    const armed = await (await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'arm', arguments: {} } }, session)).text();
    const messages = armed.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
    const log = messages.find((m) => m.method === 'notifications/message');
    expect(log, armed).toMatchObject({ params: { level: 'warning', logger: 'robot.safety' } });
    expect(messages.filter((m) => m.id === 2)).toHaveLength(1);
  });
});
