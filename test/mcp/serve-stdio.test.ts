/**
 * `robot-agent serve --stdio` as a real process (the built program: run `npm run build` first),
 * driven by the SDK's StdioClientTransport and by raw JSON-RPC lines. Tool behaviour itself is
 * covered in-process by robot-server.test.ts; this is about the command and the transport.
 */
import { once } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { initializeRequest, ROOT, SERVE_STDIO, spawnStdioServer } from './transport-helpers.js';

const SCENARIO = ['--scenario', 'warehouse', '--seed', '1'];

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function connectSdkClient(): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...SERVE_STDIO, ...SCENARIO], cwd: ROOT, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += String(d)));
  const client = new Client({ name: 'serve-stdio-test', version: '0.0.0' });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, stderr: () => stderr };
}

/** The server as a bare child process: JSON-RPC lines in, every stdout line collected. */
function spawnRaw() {
  const raw = spawnStdioServer(SCENARIO);
  cleanups.push(raw.stop);
  return raw;
}

const structured = (r: unknown) => (r as CallToolResult).structuredContent as Record<string, any>;

describe('robot-agent serve --stdio (spawned)', () => {
  it('serves tools, progress, resources and prompts to the SDK client', async () => {
    const { client, stderr } = await connectSdkClient();
    expect(client.getServerVersion()?.name).toBe('robot-agent');
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get_robot_status', 'navigate_to', 'detect_objects', 'calculator']));

    const status = structured(await client.callTool({ name: 'get_robot_status', arguments: {} }));
    expect(status).toMatchObject({ state: 'IDLE', armed: false, zone: 'home' });

    await client.callTool({ name: 'arm', arguments: {} });
    const progress: number[] = [];
    const nav = (await client.callTool({ name: 'navigate_to', arguments: { x: 3, y: 2 } }, undefined, {
      onprogress: (p) => void progress.push(p.progress),
    })) as CallToolResult;
    expect(nav.isError).toBeFalsy();
    expect(structured(nav).operation.status).toBe('succeeded');
    // Over stdio the SDK client may drop the last progress notification of a call (it can arrive
    // after the response has removed the handler): only "some, increasing" is asserted.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const state = await client.readResource({ uri: 'robot://state' });
    const content = state.contents[0] as { mimeType?: string; text: string };
    expect(content.mimeType).toBe('application/json');
    expect(JSON.parse(content.text)).toMatchObject({ armed: true, state: 'IDLE' });

    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['robot_control', 'robot_status', 'robot_configure', 'robot_debug']));

    expect(stderr()).toMatch(/robot-agent MCP server on stdio \(scenario warehouse, seed 1/);
  });

  it('answers malformed lines and bad params with JSON-RPC errors, keeps serving, and writes only protocol on stdout', async () => {
    const raw = spawnRaw();
    raw.send(initializeRequest(1));
    expect((await raw.next()).result.serverInfo.name).toBe('robot-agent');
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

    raw.send('{"jsonrpc": "2.0", "id": 2, "method": ');
    expect(await raw.next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    raw.send('[1, 2');
    expect((await raw.next()).error.code).toBe(-32700);

    raw.send({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: {} });
    const bad = await raw.next();
    expect(bad).toMatchObject({ id: 3, error: { code: -32602 } });
    expect(bad.error.message).toMatch(/uri/);

    raw.send({ jsonrpc: '2.0', id: 4, method: 'no/such/method' });
    expect(await raw.next()).toMatchObject({ id: 4, error: { code: -32601 } });

    raw.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_robot_status', arguments: {} } });
    const status = await raw.next();
    expect(status.id).toBe(5);
    expect(status.result.structuredContent.state).toBe('IDLE');

    raw.send({ jsonrpc: '2.0', id: 6, method: 'ping' });
    expect(await raw.next()).toEqual({ jsonrpc: '2.0', id: 6, result: {} });

    // The client going away (end of stdin) ends the server cleanly.
    raw.child.stdin.end();
    const [code] = await once(raw.child, 'exit');
    expect(code).toBe(0);
    expect(raw.tail()).toBe('');
    for (const line of raw.stdoutLines) expect(JSON.parse(line), line).toMatchObject({ jsonrpc: '2.0' });
    expect(raw.stderr()).toMatch(/Parse error/);
  });

  it('stops on SIGTERM with exit 0', async () => {
    const raw = spawnRaw();
    raw.send(initializeRequest(1));
    await raw.next();
    raw.child.kill('SIGTERM');
    const [code] = await once(raw.child, 'exit');
    expect(code).toBe(0);
    expect(raw.stderr()).toMatch(/SIGTERM: shutting down/);
  });
});
