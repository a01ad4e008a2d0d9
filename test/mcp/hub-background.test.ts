import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfigText, type ServerConfig } from '../../src/config/config-file.js';
import { McpHub, type ServerStatusChange } from '../../src/mcp/client/hub.js';
import { statusLine } from '../../src/mcp/client/status-line.js';
import { readFailure } from '../../src/mcp/tool-result.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const slowFixture = path.join(fixtures, 'slow-mcp-server.mjs');
const crashingFixture = path.join(fixtures, 'crashing-mcp-server.mjs');

const stdio = (name: string, script: string, args: string[] = []): ServerConfig => ({
  name,
  transport: 'stdio',
  command: process.execPath,
  args: [script, ...args],
  env: {},
  disabled: false,
});
const slow = (name: string, delayMs: number) => stdio(name, slowFixture, ['--delay-ms', String(delayMs)]);
const hung = (name: string) => stdio(name, slowFixture, ['--hang']);
const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

/** A hub whose every status change is kept, as `<server> <state>`, in order. */
function watched(hub: McpHub) {
  const changes: ServerStatusChange[] = [];
  hub.onStatusChange((c) => changes.push(c));
  const seen = () => changes.map((c) => `${c.status.name} ${c.status.state}`);
  const until = (what: string) =>
    new Promise<void>((resolve) => {
      if (seen().includes(what)) return resolve();
      const off = hub.onStatusChange((c) => {
        if (`${c.status.name} ${c.status.state}` === what) {
          off();
          resolve();
        }
      });
    });
  return { changes, seen, until };
}

let open: McpHub[] = [];
afterEach(async () => {
  await Promise.all(open.map((h) => h.close()));
  open = [];
});
function hubOf(options: ConstructorParameters<typeof McpHub>[0]): McpHub {
  const hub = new McpHub(options);
  open.push(hub);
  return hub;
}

describe('McpHub connects external servers in parallel and in the background', () => {
  it('starts without waiting for them, and both slow servers are connecting at once', async () => {
    const hub = hubOf({ servers: [slow('a', 400), slow('b', 400)] });
    const log = watched(hub);
    await hub.start();
    // start() is done while both are still on their way: the mission would begin now.
    expect(hub.status().map((s) => `${s.name} ${s.state}`)).toEqual(['a connecting', 'b connecting']);
    expect(hub.listTools()).toEqual([]);
    await hub.settled();
    // Overlap, not wall time: the second was connecting before the first was ready.
    expect(log.seen().slice(0, 2)).toEqual(['a connecting', 'b connecting']);
    expect(log.seen().slice(2).sort()).toEqual(['a connected', 'b connected']);
    expect(hub.listTools().map((t) => t.name)).toEqual(['a__hello', 'b__hello']);
    const connected = log.changes.find((c) => c.status.name === 'a' && c.status.state === 'connected')!;
    expect(connected.addedTools).toEqual(['a__hello']);
    expect(connected.status.connectMs).toBeGreaterThan(0);
    expect(statusLine(connected).text).toMatch(/^MCP server "a" connected \(1 tool, \d+ ms\)$/);
  });

  it('reports a hung server as timed out within the limit, while the others connect', async () => {
    // The limit leaves a loaded machine time to start the quick one; the hung one uses it all.
    const hub = hubOf({ servers: [hung('stuck'), slow('quick', 0)], connectTimeoutMs: 8000 });
    const log = watched(hub);
    await hub.start();
    await log.until('quick connected');
    expect(hub.status().find((s) => s.name === 'stuck')?.state).toBe('connecting');
    await hub.settled();
    expect(log.seen()).toEqual(['stuck connecting', 'quick connecting', 'quick connected', 'stuck failed']);
    const failed = log.changes.at(-1)!;
    expect(failed.status.error).toMatch(/^timed out: not ready within 8s \(--mcp-timeout\); stderr: slow fixture: hanging on purpose$/);
    expect(statusLine(failed)).toEqual({ level: 'warning', text: `MCP server "stuck" failed: ${failed.status.error}; carrying on without it` });
    expect(text(await hub.callTool('quick__hello'))).toBe('hello');
    const refused = await hub.callTool('stuck__hello');
    expect(readFailure(refused)?.code).toBe('unavailable');
  });

  it('fails only the server whose env: header is unset, with the line that says so', async () => {
    const [web, ok] = parseConfigText(
      JSON.stringify({ mcpServers: { web: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'env:ROBOT_AGENT_TEST_UNSET' } }, ok: { command: process.execPath, args: [slowFixture] } } }),
      'robot-agent.json',
      {},
      '/',
    );
    const hub = hubOf({ servers: [web!, ok!] });
    const log = watched(hub);
    await hub.settled();
    expect(log.seen()).toEqual(['web failed', 'ok connecting', 'ok connected']);
    expect(statusLine(log.changes[0]!).text).toBe(
      'MCP server "web" failed: environment variable ROBOT_AGENT_TEST_UNSET is not set (mcpServers.web.headers.Authorization in robot-agent.json is "env:ROBOT_AGENT_TEST_UNSET"); set it, or give the server "disabled": true; carrying on without it',
    );
    expect(text(await hub.callTool('ok__hello'))).toBe('hello');
    expect(text(await hub.callTool('web__anything'))).toMatch(/MCP server "web" failed to start \(environment variable ROBOT_AGENT_TEST_UNSET is not set/);
  });
});

describe('McpHub closing', () => {
  it('never reports a disconnect, neither of connected servers nor of ones still connecting', async () => {
    const hub = hubOf({ servers: [slow('ready', 0), hung('stuck')], connectTimeoutMs: 60_000 });
    const log = watched(hub);
    await hub.start();
    await log.until('ready connected');
    const before = log.seen();
    await hub.close();
    // Whatever was pending had its chance to be told: nothing is.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.seen()).toEqual(before);
    expect(before).toEqual(['ready connecting', 'stuck connecting', 'ready connected']);
    // And a hung server does not hold the close for its minute of connect time.
    expect(hub.status().map((s) => s.state)).toEqual(['disconnected', 'disconnected']);
  });
});

describe('McpHub when a server goes away', () => {
  it('reports a stdio server that exits once, and does not restart it', async () => {
    const hub = hubOf({ servers: [stdio('crashy', crashingFixture)], reconnect: { attempts: 3, firstDelayMs: 10, maxDelayMs: 10 } });
    const log = watched(hub);
    await hub.settled();
    expect(readFailure(await hub.callTool('crashy__crash'))?.code).toBe('unavailable');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(log.seen()).toEqual(['crashy connecting', 'crashy connected', 'crashy disconnected']);
    expect(log.changes[2]!.status.reconnecting).toBeUndefined();
    expect(statusLine(log.changes[2]!).text).toMatch(/^MCP server "crashy" disconnected: the server process exited; stderr: .*about to crash on purpose; its tools are withdrawn$/);
  });

  it('reconnects an HTTP server that restarted, and its tools come back', async () => {
    const first = await startHttpServer(0);
    const hub = hubOf({ servers: [{ name: 'web', transport: 'http', url: first.url, headers: {}, disabled: false }], reconnect: { attempts: 5, firstDelayMs: 20, maxDelayMs: 100 } });
    const log = watched(hub);
    await hub.settled();
    expect(text(await hub.callTool('web__add', { a: 1, b: 2 }))).toBe('3');
    // Listening before the server goes: the hub may find it gone and reconnect on its own at once.
    const back = new Promise<void>((resolve) => hub.onStatusChange((c) => c.previousState !== 'connected' && c.status.state === 'connected' && resolve()));
    await first.close();
    const second = await startHttpServer(first.port);
    try {
      // The restarted server does not know the old session: the next call finds out.
      const during = await hub.callTool('web__add', { a: 1, b: 2 });
      expect(readFailure(during)?.code).toBe('unavailable');
      await back;
      expect(log.seen().slice(2)).toEqual(['web disconnected', 'web connecting', 'web connected']);
      expect(log.changes[2]!.status.reconnecting).toEqual({ attempt: 1, of: 5, inMs: 20 });
      expect(statusLine(log.changes[2]!).text).toMatch(/^MCP server "web" disconnected: .*; its tools are withdrawn; reconnecting in 0\.02s \(attempt 1 of 5\)$/);
      expect(statusLine(log.changes[3]!).text).toBe('MCP server "web" reconnecting (attempt 1 of 5)');
      expect(log.changes[4]!.addedTools).toEqual(['web__add']);
      expect(text(await hub.callTool('web__add', { a: 2, b: 2 }))).toBe('4');
    } finally {
      await second.close();
    }
  });

  it('notices an HTTP server that restarted without a call: its event stream broke, a ping finds it gone', async () => {
    const first = await startHttpServer(0);
    const hub = hubOf({ servers: [{ name: 'web', transport: 'http', url: first.url, headers: {}, disabled: false }], reconnect: { attempts: 10, firstDelayMs: 20, maxDelayMs: 200 } });
    const log = watched(hub);
    await hub.settled();
    const back = new Promise<void>((resolve) => hub.onStatusChange((c) => c.previousState === 'connecting' && c.status.state === 'connected' && resolve()));
    await first.close();
    const second = await startHttpServer(first.port);
    try {
      await back;
      expect(log.seen().slice(2, 4)).toEqual(['web disconnected', 'web connecting']);
      expect(log.seen().at(-1)).toBe('web connected');
      expect(text(await hub.callTool('web__add', { a: 3, b: 4 }))).toBe('7');
    } finally {
      await second.close();
    }
  });

  it('gives up after the bounded attempts, each one later than the one before', async () => {
    const web = await startHttpServer(0);
    const hub = hubOf({ servers: [{ name: 'web', transport: 'http', url: web.url, headers: {}, disabled: false }], reconnect: { attempts: 3, firstDelayMs: 10, maxDelayMs: 1000 } });
    const log = watched(hub);
    await hub.settled();
    await web.close();
    const gaveUp = log.until('web failed');
    await hub.callTool('web__add', { a: 1, b: 1 });
    await gaveUp;
    expect(log.seen().slice(2)).toEqual([
      'web disconnected',
      'web connecting',
      'web disconnected',
      'web connecting',
      'web disconnected',
      'web connecting',
      'web failed',
    ]);
    const waits = log.changes.filter((c) => c.status.state === 'disconnected').map((c) => c.status.reconnecting);
    expect(waits).toEqual([
      { attempt: 1, of: 3, inMs: 10 },
      { attempt: 2, of: 3, inMs: 20 },
      { attempt: 3, of: 3, inMs: 40 },
    ]);
    expect(log.changes.at(-1)!.status.error).toMatch(/^gave up after 3 reconnect attempts; the last: cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp \(ECONNREFUSED\)$/);
    expect(statusLine(log.changes[4]!).text).toMatch(/^MCP server "web" still unreachable: cannot reach .*; reconnecting in 0\.02s \(attempt 2 of 3\)$/);
  });
});

/** A Streamable HTTP MCP server on 127.0.0.1 (`port` 0 picks one) with `add`; a restart on the same port forgets every session. */
async function startHttpServer(port: number) {
  const mcp = new McpServer({ name: 'web-fixture', version: '1.0.0' });
  mcp.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  const server = http.createServer((req, res) => void transport.handleRequest(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}/mcp`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await mcp.close();
    },
  };
}
