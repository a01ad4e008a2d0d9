import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LATEST_PROTOCOL_VERSION, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { registerTools } from '../../src/mcp/server-builder.js';
import { defineTool } from '../../src/mcp/tool-declaration.js';
import { ToolListReplies } from '../../src/mcp/tool-list-replies.js';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Connects `connect` to a raw in-memory client and returns the text of its tools/list answer. */
async function listedText(connect: (transport: Transport) => Promise<void>): Promise<string> {
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  await connect(serverSide);
  const replies = new Map<unknown, JSONRPCMessage>();
  client.onmessage = (m) => void ('id' in m && replies.set(m.id, m));
  await client.start();
  closers.push(() => client.close());
  const request = async (id: number, method: string, params: Record<string, unknown>) => {
    await client.send({ jsonrpc: '2.0', id, method, params });
    for (let i = 0; i < 500 && !replies.has(id); i++) await new Promise((r) => setTimeout(r, 1));
    return replies.get(id) as { result?: unknown; error?: unknown };
  };
  await request(1, 'initialize', { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'test', version: '0' } });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const reply = await request(2, 'tools/list', {});
  expect(reply.error).toBeUndefined();
  return JSON.stringify(reply.result);
}

function robotServer() {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
  const server = createRobotMcpServer({ robot: sr.robot, wallClock: () => 0, rng: sr.toolRng, version: '0.0.0-test' });
  closers.push(() => server.close());
  return server;
}

describe('tools/list answered from the answer the SDK gave before', () => {
  it('is byte for byte what the SDK converts the robot tools to, for every later server of the process', async () => {
    const first = await listedText((t) => robotServer().connect(t));
    const later = await listedText((t) => robotServer().connect(t));
    // The SDK's McpServer on its own, none of our filters in front of it.
    const sdkOwn = await listedText((t) => robotServer().server.connect(t));
    expect(JSON.parse(sdkOwn).tools.length).toBeGreaterThan(20);
    expect(first).toBe(sdkOwn);
    expect(later).toBe(sdkOwn);
  });

  const tool = defineTool<object>();
  const declare = (description: string) =>
    tool({
      name: 'wave',
      title: 'Wave',
      description,
      input: { times: z.number().int().min(1) },
      output: z.object({ waved: z.number().int() }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      category: 'utility',
      needsConfirmation: false,
      timeoutSeconds: 1,
      handler: async (_ctx, { times }) => ({ output: { waved: times } }),
    });
  /** A server with `declarations`, ToolListReplies in front; returns its registered tools too. */
  function server(declarations: ReturnType<typeof declare>[]) {
    const mcp = new McpServer({ name: 'test', version: '0' });
    const registered = registerTools(mcp, declarations, {});
    closers.push(() => mcp.close());
    return { registered, connect: (t: Transport) => mcp.connect(new ToolListReplies(t, declarations)) };
  }

  it('reuses an answer only for the very same declarations', async () => {
    const wave = declare('Waves the arm.');
    const first = server([wave]);
    expect(JSON.parse(await listedText(first.connect)).tools[0].description).toBe('Waves the arm.');
    // Its answer is reused: the SDK of this server would leave out a disabled tool (ours never
    // disables any), the reused answer still names it.
    const again = server([wave]);
    again.registered[0]!.disable();
    expect(JSON.parse(await listedText(again.connect)).tools.map((t: { name: string }) => t.name)).toEqual(['wave']);
    // A declaration of the same name that is not the same object is converted afresh.
    const other = server([declare('Waves both arms.')]);
    expect(JSON.parse(await listedText(other.connect)).tools[0].description).toBe('Waves both arms.');
  });
});
