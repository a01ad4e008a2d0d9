/**
 * `robot-agent serve --http` as a real process (the built program: run `npm run build` first) on
 * 127.0.0.1 with a free port, driven by the SDK's StreamableHTTPClientTransport and raw fetch.
 * The transport's own edge cases are in http.test.ts (body limit, Host header) and the
 * transport-*.test.ts files (answers, sessions, stdio, lifecycle); the last
 * block here checks how the session transport answers (JSON or SSE), in-process.
 */
import { once } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LATEST_PROTOCOL_VERSION,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type CallToolResult,
  type LoggingLevel,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp, type HttpServerHandle } from '../../src/mcp/transports/http.js';
import { runCli } from '../helpers/run-cli.js';
import { spawnServeHttp, type Served } from '../helpers/spawn-serve.js';

const TOKEN = 'serve-test-token-5f0c2d9e';
const ACCEPT = 'application/json, text/event-stream';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Spawns `serve --http --port 0`; it is killed after the test, and must print nothing on stdout. */
async function serve(extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const served = await spawnServeHttp(extra, env);
  cleanups.push(served.stop);
  cleanups.push(() => expect(served.stdout()).toBe(''));
  return served;
}

async function connect(url: string, token?: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
  });
  const client = new Client({ name: 'serve-http-test', version: '0.0.0' });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, transport };
}

const initialize = (id = 1, protocolVersion = LATEST_PROTOCOL_VERSION) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  });

function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers }, body });
}

/** A JSON-RPC reply, whether the server answered with JSON or a one-event SSE stream. */
async function rpcReply(res: Response): Promise<any> {
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text);
  const data = text.split('\n').find((l) => l.startsWith('data: '));
  return JSON.parse(data!.slice('data: '.length));
}

/** A plain JSON body (an HTTP-level refusal, not a JSON-RPC reply stream). */
const jsonBody = (res: Response): Promise<any> => res.json();
const structured = (r: unknown) => (r as CallToolResult).structuredContent as Record<string, any>;

describe('robot-agent serve --http (spawned)', () => {
  it('serves the robot without a token on loopback, with /healthz and Origin checks', async () => {
    const { url, stderr } = await serve();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(stderr()).toMatch(/\(scenario warehouse, seed 1, virtual time, no token\)/);

    const health = await fetch(new URL('/healthz', url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const { client } = await connect(url);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('get_robot_status');
    expect(structured(await client.callTool({ name: 'get_robot_status', arguments: {} }))).toMatchObject({ state: 'IDLE', armed: false });
    await client.callTool({ name: 'arm', arguments: {} });
    const progress: number[] = [];
    const nav = await client.callTool({ name: 'navigate_to', arguments: { x: 3, y: 2 } }, undefined, { onprogress: (p) => void progress.push(p.progress) });
    expect(structured(nav).operation.status).toBe('succeeded');
    expect(progress.length).toBeGreaterThan(0); // on the request's SSE stream

    const foreign = await post(url, initialize(), { Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await jsonBody(foreign)).error.message).toMatch(/Origin "http:\/\/evil\.example" is not allowed/);
    const local = await post(url, initialize(), { Origin: new URL(url).origin });
    expect(local.status).toBe(200);
  });

  it('answers invalid params and unknown methods with JSON-RPC errors and keeps serving', async () => {
    const { url } = await serve();
    const init = await post(url, initialize());
    const sessionId = init.headers.get('mcp-session-id')!;
    expect(sessionId).toBeTruthy();
    await init.text();
    const headers = { 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': LATEST_PROTOCOL_VERSION };
    await (await post(url, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), headers)).text();

    const badParams = await rpcReply(await post(url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: {} }), headers));
    expect(badParams).toMatchObject({ id: 2, error: { code: -32602 } });
    const badCursor = await rpcReply(await post(url, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { cursor: 'x' } }), headers));
    expect(badCursor).toMatchObject({ id: 3, error: { code: -32602 } });
    const unknown = await rpcReply(await post(url, JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'teleport' }), headers));
    expect(unknown).toMatchObject({ id: 4, error: { code: -32601 } });
    const notJson = await post(url, '{"jsonrpc": "2.0", "id": 5', headers);
    expect(notJson.status).toBe(400);
    expect((await jsonBody(notJson)).error.code).toBe(-32700);
    const notRpc = await post(url, JSON.stringify({ hello: 'world' }), headers);
    expect(notRpc.status).toBe(400);
    expect((await jsonBody(notRpc)).error.code).toBe(-32600);
    const badArgs = await rpcReply(
      await post(url, JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'navigate_to', arguments: { x: 'far' } } }), headers),
    );
    expect(badArgs.result.isError).toBe(true);

    const status = await rpcReply(
      await post(url, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_robot_status', arguments: {} } }), headers),
    );
    expect(status.result.structuredContent.state).toBe('IDLE');
  });

  it('shares one robot between concurrent sessions, each with its own subscriptions', async () => {
    const { url } = await serve();
    const a = await connect(url);
    const b = await connect(url);
    expect(a.transport.sessionId).not.toBe(b.transport.sessionId);

    const safetyUpdated = new Promise<void>((resolve) =>
      b.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        if (n.params.uri === 'robot://safety') resolve();
      }),
    );
    await b.client.subscribeResource({ uri: 'robot://safety' });

    await a.client.callTool({ name: 'arm', arguments: {} });
    expect(structured(await b.client.callTool({ name: 'get_robot_status', arguments: {} })).armed).toBe(true);
    await safetyUpdated; // sent to b's standalone SSE stream when a armed the robot

    // One session ending leaves the other (and the robot) alone.
    await a.transport.terminateSession();
    await a.client.close();
    await b.client.callTool({ name: 'disarm', arguments: {} });
    expect(structured(await b.client.callTool({ name: 'get_robot_status', arguments: {} })).armed).toBe(false);
  });

  it('honours logging/setLevel per session', async () => {
    const { url } = await serve();
    const quiet = await connect(url);
    const chatty = await connect(url);
    const levels = (client: Client) => {
      const seen: LoggingLevel[] = [];
      let onWarning = () => {};
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        seen.push(n.params.level);
        if (n.params.level === 'warning') onWarning();
      });
      /** Resolves at the count-th warning: messages of one session arrive in order on its stream. */
      const warnings = (count: number) =>
        new Promise<void>((resolve) => {
          onWarning = () => seen.filter((l) => l === 'warning').length >= count && resolve();
        });
      return { seen, warnings };
    };
    const q = levels(quiet.client);
    const c = levels(chatty.client);
    await quiet.client.setLoggingLevel('warning');

    const quietDone = q.warnings(2);
    const chattyDone = c.warnings(2);
    await quiet.client.callTool({ name: 'arm', arguments: {} }); // safety: warning
    await quiet.client.callTool({ name: 'navigate_to', arguments: { x: 3, y: 2 } }); // operation: info
    await quiet.client.callTool({ name: 'disarm', arguments: {} }); // safety: warning
    await Promise.all([quietDone, chattyDone]);
    expect(q.seen).not.toContain('info');
    expect(c.seen).toContain('info');
  });

  it('requires the bearer token when one is configured', async () => {
    const { url, stderr } = await serve(['--token-env', 'ROBOT_MCP_TOKEN'], { ROBOT_MCP_TOKEN: TOKEN });
    expect(stderr()).toMatch(/token required\)/);

    const missing = await post(url, initialize());
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const wrong = await post(url, initialize(), { Authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/invalid_token/);

    await expect(connect(url)).rejects.toThrow();
    const { client } = await connect(url, TOKEN);
    expect(structured(await client.callTool({ name: 'get_state', arguments: {} })).state).toBe('IDLE');
  });

  it('ends a session idle for --session-idle seconds', async () => {
    const { url, stderr } = await serve(['--session-idle', '1', '--verbose']);
    const init = await post(url, initialize());
    const headers = { 'Mcp-Session-Id': init.headers.get('mcp-session-id')!, 'Mcp-Protocol-Version': LATEST_PROTOCOL_VERSION };
    await init.text();
    for (let i = 0; i < 100 && !/closed \(idle for 1 s\)/.test(stderr()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(stderr()).toMatch(/session [0-9a-f-]+ closed \(idle for 1 s\)/);
    const stale = await post(url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }), headers);
    expect(stale.status).toBe(404);
  });

  it('shuts down cleanly on SIGINT and SIGTERM with exit 0', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const { url, child, stderr } = await serve();
      await connect(url); // an open session must not keep the process alive
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = await exited;
      expect(code).toBe(0);
      expect(stderr()).toContain(`${signal}: shutting down`);
    }
  });
});

describe('robot-agent serve: refusals', () => {
  const refuse = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const run = await runCli(['serve', ...args], env);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stdout).toBe('');
    return run.stderr;
  };

  it('needs exactly one of --stdio and --http', async () => {
    expect(await refuse([])).toMatch(/^robot-agent: serve needs exactly one of --stdio or --http/);
    expect(await refuse(['--stdio', '--http'])).toMatch(/exactly one of --stdio or --http/);
  });

  it('refuses a non-loopback address without a token, and bad token sources', async () => {
    expect(await refuse(['--http', '--host', '0.0.0.0'])).toMatch(/refusing to serve on 0\.0\.0\.0 without a token/);
    expect(await refuse(['--http', '--token-env', 'ROBOT_MCP_TOKEN'])).toMatch(/ROBOT_MCP_TOKEN \(from --token-env\) is not set/);
    expect(await refuse(['--http', '--token-file', '/nonexistent/token'])).toMatch(/token file \/nonexistent\/token not found/);
    expect(await refuse(['--http', '--port', '70000'])).toMatch(/--port 70000 is not a port number/);
    expect(await refuse(['--http', '--allowed-origin', 'not an origin'])).toMatch(/allowed origin "not an origin"/);
    expect(await refuse(['--stdio', '--token-env', 'X'])).toMatch(/applies to --http only/);
    expect(await refuse(['--stdio', '--session-idle', '5'])).toMatch(/^robot-agent: --session-idle applies to --http only/);
    expect(await refuse(['--http', '--session-idle', '0'])).toMatch(/--session-idle/);
    expect(await refuse(['--http', '--scenario', 'atlantis'])).toMatch(/unknown scenario "atlantis"/);
  });
});

describe('HTTP session transport: JSON when the answer is ready, SSE when it streams', () => {
  let handle: HttpServerHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  /** A server with a quick tool, a tool that reports progress, and one that waits for `release`. */
  async function start(protocolVersion = LATEST_PROTOCOL_VERSION) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    handle = await serveHttp(
      () => {
        const server = new McpServer({ name: 'transport-test', version: '0' });
        server.registerTool('quick', { inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'quick' }] }));
        server.registerTool('steps', { inputSchema: {} }, async (_args, extra) => {
          const token = extra._meta?.progressToken;
          if (token !== undefined) {
            for (const progress of [1, 2]) {
              await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, total: 2 } });
            }
          }
          return { content: [{ type: 'text', text: 'stepped' }] };
        });
        server.registerTool('slow', { inputSchema: {} }, async () => {
          await released;
          return { content: [{ type: 'text', text: 'slow done' }] };
        });
        return server;
      },
      { port: 0 },
    );
    const init = await post(handle.url, initialize(1, protocolVersion));
    const headers = { 'Mcp-Session-Id': init.headers.get('mcp-session-id')!, 'Mcp-Protocol-Version': protocolVersion };
    await init.text();
    await (await post(handle.url, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), headers)).text();
    const call = (id: number, name: string, meta?: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: {}, ...(meta ? { _meta: meta } : {}) },
    });
    return { url: handle.url, headers, call, release };
  }

  it('answers a quick call with one JSON body, and a batch with a JSON array', async () => {
    // 2025-03-26: the one protocol version with batches (see session-lifecycle.ts).
    const { url, headers, call } = await start('2025-03-26');
    const res = await post(url, JSON.stringify(call(2, 'quick')), headers);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 2, result: { content: [{ text: 'quick' }] } });

    const batch = await post(url, JSON.stringify([call(3, 'quick'), call(4, 'quick')]), headers);
    const answers = (await batch.json()) as Array<{ id: number }>;
    expect(answers.map((a) => a.id).sort()).toEqual([3, 4]);
  });

  it('streams progress and then the result as SSE', async () => {
    const { url, headers, call } = await start();
    const res = await post(url, JSON.stringify(call(5, 'steps', { progressToken: 'p' })), headers);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = (await res.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)));
    expect(events.map((e) => e.method ?? `result ${e.id}`)).toEqual(['notifications/progress', 'notifications/progress', 'result 5']);
  });

  it('opens an SSE stream for a call that takes a while, and delivers the answer on it', async () => {
    const { url, headers, call, release } = await start();
    // fetch resolves with the headers, which come before the answer: the call is still running.
    const res = await post(url, JSON.stringify(call(6, 'slow')), headers);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    release();
    expect(await res.text()).toContain('"text":"slow done"');
  });

  it('answers calls still running when the server closes, instead of leaving them hanging', async () => {
    const { url, headers, call } = await start();
    const res = await post(url, JSON.stringify(call(7, 'slow')), headers);
    await handle!.close();
    const data = (await res.text()).split('\n').find((l) => l.startsWith('data: '))!;
    expect(JSON.parse(data.slice(6))).toMatchObject({ id: 7, error: { code: -32000, message: expect.stringMatching(/session closed/) } });
  });
});
