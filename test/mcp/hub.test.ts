import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runMcpList } from '../../src/cli/commands/mcp-list.js';
import { asUserError } from '../../src/cli/user-errors.js';
import type { ServerConfig } from '../../src/config/config-file.js';
import { ExternalServer } from '../../src/mcp/client/external-server.js';
import { McpHub, type ServerStatusChange } from '../../src/mcp/client/hub.js';
import { readFailure } from '../../src/mcp/tool-result.js';

const require = createRequire(import.meta.url);
const everythingEntry = path.join(path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
const crashingFixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'crashing-mcp-server.mjs');
const SECRET = 'top-secret-token';

const stdio = (name: string, args: string[], extra: Partial<ServerConfig> = {}): ServerConfig =>
  ({ name, transport: 'stdio', command: process.execPath, args, env: { FIXTURE_SECRET: SECRET }, disabled: false, ...extra }) as ServerConfig;
const everything = (): ServerConfig => stdio('everything', [everythingEntry, 'stdio']);
const crashing = (): ServerConfig => stdio('crashy', [crashingFixture]);
const httpServer = (url: string, timeoutMs?: number): ServerConfig => ({
  name: 'web',
  transport: 'http',
  url,
  headers: { Authorization: `Bearer ${SECRET}` },
  disabled: false,
  ...(timeoutMs === undefined ? {} : { timeoutMs }),
});

/** The stand-in for the embedded robot server: in-process, over a linked transport pair. */
async function embeddedClient(): Promise<Client> {
  const server = new McpServer({ name: 'robot', version: '1.0.0' });
  server.registerTool('get_status', { description: 'Robot status', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'battery 0.9' }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** A tiny Streamable HTTP MCP server on 127.0.0.1 with `add` and `wait`. */
async function startHttpServer() {
  const mcp = new McpServer({ name: 'web-fixture', version: '1.0.0' });
  mcp.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  mcp.registerTool('wait', { description: 'Waits', inputSchema: { ms: z.number() } }, async ({ ms }) => {
    await new Promise((r) => setTimeout(r, ms));
    return { content: [{ type: 'text', text: 'done' }] };
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  const authorizations: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    void transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    authorizations,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await mcp.close();
    },
  };
}

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

function nextChange(hub: McpHub, server: string): Promise<ServerStatusChange> {
  return new Promise((resolve) => {
    const off = hub.onStatusChange((change) => {
      if (change.status.name === server) {
        off();
        resolve(change);
      }
    });
  });
}

describe('McpHub with real external servers', () => {
  let hub: McpHub;
  let embedded: Client;
  let web: Awaited<ReturnType<typeof startHttpServer>>;

  beforeAll(async () => {
    embedded = await embeddedClient();
    web = await startHttpServer();
    hub = new McpHub({
      embedded,
      servers: [
        everything(),
        httpServer(web.url, 500),
        stdio('broken', [], { command: 'robot-agent-no-such-command-xyz' }),
        stdio('off', [], { disabled: true }),
      ],
      connectTimeoutMs: 20_000,
    });
    await hub.settled();
  });
  afterAll(async () => {
    await hub?.close();
    await embedded?.close();
    await web?.close();
  });

  it('reports each server and its state; a missing command fails alone', () => {
    const byName = Object.fromEntries(hub.status().map((s) => [s.name, s]));
    expect(byName.robot).toEqual({ name: 'robot', transport: 'embedded', state: 'connected', toolCount: 1 });
    expect(byName.everything).toMatchObject({ transport: 'stdio', state: 'connected' });
    expect(byName.everything.toolCount).toBeGreaterThan(5);
    expect(byName.web).toEqual({ name: 'web', transport: 'http', state: 'connected', toolCount: 2, connectMs: expect.any(Number) });
    expect(byName.broken).toMatchObject({ state: 'failed', toolCount: 0 });
    expect(byName.broken.error).toContain('command "robot-agent-no-such-command-xyz" not found');
    expect(byName.off).toEqual({ name: 'off', transport: 'stdio', state: 'disabled', toolCount: 0 });
  });

  it('lists embedded tools plainly and external tools namespaced, otherwise unchanged', async () => {
    const tools = hub.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain('get_status');
    expect(names).toEqual(expect.arrayContaining(['everything__echo', 'everything__get-sum', 'web__add', 'web__wait']));
    expect(names.some((n) => n === 'echo' || n.startsWith('broken__') || n.startsWith('off__'))).toBe(false);

    const original = (await embedded.listTools()).tools;
    expect(tools.find((t) => t.name === 'get_status')).toEqual(original[0]);
    const echo = tools.find((t) => t.name === 'everything__echo')!;
    expect(echo.description).toBe('Echoes back the input string');
    expect(echo.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } }, required: ['message'] });
    expect(echo.annotations).toMatchObject({ readOnlyHint: true });
    expect(hub.serverTools('web').map((t) => t.name)).toEqual(['web__add', 'web__wait']);
  });

  it('routes calls to the right server', async () => {
    expect(text(await hub.callTool('everything__echo', { message: 'hello' }))).toBe('Echo: hello');
    expect(text(await hub.callTool('everything__get-sum', { a: 2, b: 40 }))).toContain('42');
    expect(text(await hub.callTool('web__add', { a: 1, b: 2 }))).toBe('3');
    expect(text(await hub.callTool('get_status'))).toBe('battery 0.9');
  });

  it('sends the configured headers to an HTTP server', () => {
    expect(web.authorizations.length).toBeGreaterThan(0);
    expect(web.authorizations.every((a) => a === `Bearer ${SECRET}`)).toBe(true);
  });

  it('passes progress notifications through', async () => {
    const progress: Progress[] = [];
    const result = await hub.callTool(
      'everything__trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain('Long running operation completed');
    // The SDK may drop the final notification when it arrives in the same read as the result,
    // so this asserts the ones before it.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.slice(0, 2).map((p) => [p.progress, p.total])).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it("applies the server's own timeout and returns an error result", async () => {
    const result = await hub.callTool('web__wait', { ms: 3000 }, { timeoutMs: 60_000 });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "web__wait" timed out after 0.5s; the server did not answer in time.');
    expect(readFailure(result)?.code).toBe('timeout');
    expect(hub.status().find((s) => s.name === 'web')?.state).toBe('connected');
  });

  it('answers unknown and unavailable tools with error results that reveal no config', async () => {
    const unknown = await hub.callTool('teleport', {});
    expect(unknown).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('Unknown tool "teleport"') }] });
    expect(readFailure(unknown)).toEqual({ code: 'unknown_tool', message: text(unknown) });
    const failed = await hub.callTool('broken__anything', {});
    expect(text(failed)).toContain('MCP server "broken" failed to start');
    expect(readFailure(failed)?.code).toBe('unavailable');
    const disabled = await hub.callTool('off__x', {});
    expect(text(disabled)).toContain('is disabled');
    expect(readFailure(disabled)?.code).toBe('unavailable');
    const missing = await hub.callTool('web__nothing', {});
    expect(text(missing)).toContain('has no tool "nothing"');
    expect(readFailure(missing)?.code).toBe('unknown_tool');
    const everythingSaid = JSON.stringify([unknown, failed, hub.status()]);
    expect(everythingSaid).not.toContain(SECRET);
  });

  it('rethrows when the caller aborts', async () => {
    const controller = new AbortController();
    const call = hub.callTool('web__wait', { ms: 2000 }, { signal: controller.signal });
    controller.abort(new Error('user cancelled'));
    await expect(call).rejects.toThrow('user cancelled');
  });
});

describe('McpHub when a server dies mid-mission', () => {
  it('withdraws a crashed stdio server, returns error results for it, and carries on', async () => {
    const embedded = await embeddedClient();
    const hub = new McpHub({ embedded, servers: [crashing()] });
    try {
      await hub.settled();
      expect(hub.listTools().map((t) => t.name)).toEqual(['get_status', 'crashy__ping', 'crashy__crash']);
      expect(text(await hub.callTool('crashy__ping', { text: 'hi' }))).toBe('pong hi');

      const change = nextChange(hub, 'crashy');
      const crashed = await hub.callTool('crashy__crash', {});
      expect(crashed.isError).toBe(true);
      expect(text(crashed)).toMatch(/MCP server "crashy" is gone \(the server process exited\)/);
      expect(readFailure(crashed)?.code).toBe('unavailable');

      const event = await change;
      expect(event.previousState).toBe('connected');
      expect(event.status).toMatchObject({ name: 'crashy', transport: 'stdio', state: 'disconnected', toolCount: 0 });
      expect(event.status.error).toContain('fixture: about to crash on purpose');
      expect(event.withdrawnTools).toEqual(['crashy__ping', 'crashy__crash']);

      expect(hub.listTools().map((t) => t.name)).toEqual(['get_status']);
      const after = await hub.callTool('crashy__ping', {});
      expect(after.isError).toBe(true);
      expect(text(after)).toContain('is gone');
      expect(text(await hub.callTool('get_status'))).toBe('battery 0.9');
    } finally {
      await hub.close();
      await embedded.close();
    }
  });

  it('marks an HTTP server that went away as disconnected', async () => {
    const web = await startHttpServer();
    const hub = new McpHub({ servers: [httpServer(web.url)] });
    try {
      await hub.settled();
      expect(text(await hub.callTool('web__add', { a: 2, b: 2 }))).toBe('4');
      await web.close();
      const change = nextChange(hub, 'web');
      const result = await hub.callTool('web__add', { a: 2, b: 2 });
      expect(result.isError).toBe(true);
      expect(text(result)).toContain('MCP server "web" is gone');
      expect((await change).status.state).toBe('disconnected');
      expect(hub.listTools()).toEqual([]);
    } finally {
      await hub.close();
    }
  });

  it("tells a lost connection by the error's code, not by fetch's wording", async () => {
    const web = await startHttpServer();
    const server = new ExternalServer(httpServer(web.url), { clientInfo: { name: 'test', version: '0' }, connectTimeoutMs: 5000, stderrLines: 5, onChange: () => {} });
    try {
      await server.connect();
      expect(server.state).toBe('connected');
      await web.close();
      // Both are TypeError "fetch failed": one refused by a closed port, one never sent.
      const refused = await fetch(web.url).catch((e: unknown) => e);
      const neverSent = await fetch('http://127.0.0.1:1/').catch((e: unknown) => e);
      expect([(refused as Error).message, (neverSent as Error).message]).toEqual(['fetch failed', 'fetch failed']);
      expect(server.isConnectionLoss(refused)).toBe(true);
      expect(server.isConnectionLoss(neverSent)).toBe(false);
      expect(server.isConnectionLoss(new Error('Not connected'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('robot-agent mcp list', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-agent-mcp-list-'));
    const config = {
      mcpServers: {
        crashy: { command: process.execPath, args: [crashingFixture] },
        broken: { command: 'robot-agent-no-such-command-xyz' },
        off: { url: 'env:UNSET_URL', disabled: true },
      },
    };
    await writeFile(path.join(dir, 'robot-agent.json'), JSON.stringify(config));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  function capture() {
    let out = '';
    const stdout = new Writable({
      write(chunk, _enc, done) {
        out += String(chunk);
        done();
      },
    });
    return { io: { stdout, stderr: stdout, env: {} }, output: () => out };
  }

  it('prints each server, its status and its tools', async () => {
    const { io, output } = capture();
    await runMcpList(io, { config: path.join(dir, 'robot-agent.json') }, embeddedClient);
    const lines = output().split('\n');
    // The same state words as /mcp and doctor (serverStateText).
    expect(lines).toContain('robot (embedded)  connected (1 tool)');
    expect(lines.some((l) => /^crashy \(stdio\) {2}connected \(2 tools, \d+ ms\)$/.test(l))).toBe(true);
    expect(lines.some((l) => /^ {2}crashy__ping +Answers pong\.$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('broken (stdio)  failed: command "robot-agent-no-such-command-xyz" not found'))).toBe(true);
    expect(lines).toContain('off (http)  disabled');
  });

  it('prints a JSON array with --json', async () => {
    const { io, output } = capture();
    await runMcpList(io, { config: path.join(dir, 'robot-agent.json'), json: true });
    const listing = JSON.parse(output());
    // By default the embedded robot server (the real one) comes first.
    expect(listing.map((s: { name: string; state: string }) => [s.name, s.state])).toEqual([
      ['robot', 'connected'],
      ['crashy', 'connected'],
      ['broken', 'failed'],
      ['off', 'disabled'],
    ]);
    expect(listing[0].tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['navigate_to', 'detect_objects', 'calculator']));
    expect(listing[1].tools[0]).toEqual({ name: 'crashy__ping', description: 'Answers pong.\nSecond line.' });
  });

  it('turns a config problem into a one-line user error', async () => {
    const { io } = capture();
    const error = await runMcpList(io, { config: path.join(dir, 'missing.json') }).catch((e: unknown) => e);
    expect(asUserError(error)).toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^config file .*missing\.json not found$/),
    });
  });
});
