import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp, type HttpServeOptions, type HttpServerHandle } from '../../src/mcp/transports/http.js';
import { utilityServer } from './helpers.js';

const TOKEN = 'test-token-0123456789abcdef';
const ACCEPT = 'application/json, text/event-stream';

let handle: HttpServerHandle | undefined;
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await handle?.close();
  handle = undefined;
});

async function start(options: HttpServeOptions = {}): Promise<HttpServerHandle> {
  handle = await serveHttp(() => utilityServer(), { port: 0, ...options });
  return handle;
}

async function connectClient(url: string, token?: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
  });
  const client = new Client({ name: 'http-test', version: '0.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

const initializeBody = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};

function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
    body,
  });
}

const jsonOf = (res: Response): Promise<any> => res.json();

/** A raw request with an arbitrary Host header (fetch does not let us set Host). */
function rawRequest(url: string, headers: Record<string, string>, body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: body ? 'POST' : 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('Streamable HTTP transport', () => {
  it('serves initialize and tools/list to a real SDK client, with a session', async () => {
    const { url } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client, transport } = await connectClient(url);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['calculator', 'get_time', 'roll_dice']);
    const result = await client.callTool({ name: 'calculator', arguments: { expression: '6*7' } });
    expect(result.structuredContent).toMatchObject({ result: 42 });
  });

  it('keeps sessions apart and ends one on DELETE', async () => {
    const { url } = await start();
    const a = await connectClient(url);
    const b = await connectClient(url);
    expect(a.transport.sessionId).not.toBe(b.transport.sessionId);
    expect(handle!.sessionCount()).toBe(2);
    const endedId = a.transport.sessionId!;
    await a.transport.terminateSession();
    expect(handle!.sessionCount()).toBe(1);
    const stale = await post(url, JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }), {
      'Mcp-Session-Id': endedId,
      'Mcp-Protocol-Version': LATEST_PROTOCOL_VERSION,
    });
    expect(stale.status).toBe(404);
    expect((await b.client.listTools()).tools).toHaveLength(3);
  });


  it('refuses requests without a session that are not initialize', async () => {
    const { url } = await start();
    const res = await post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(res.status).toBe(400);
    expect(await jsonOf(res)).toMatchObject({ id: 1, error: { code: -32000, message: expect.stringMatching(/Server not initialized: send initialize first/) } });
  });

  it('answers GET /healthz', async () => {
    const { url } = await start({ token: TOKEN });
    const res = await fetch(new URL('/healthz', url));
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ status: 'ok' });
    expect((await fetch(new URL('/elsewhere', url))).status).toBe(404);
  });

  it('requires the bearer token when one is set: 401 without or with a wrong one', async () => {
    const { url } = await start({ token: TOKEN });
    const missing = await post(url, JSON.stringify(initializeBody));
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="robot-agent"');
    expect((await jsonOf(missing)).error.message).toMatch(/Authorization: Bearer <token>/);

    const wrong = await post(url, JSON.stringify(initializeBody), { Authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    const basic = await post(url, JSON.stringify(initializeBody), { Authorization: `Basic ${TOKEN}` });
    expect(basic.status).toBe(401);

    await expect(connectClient(url, 'wrong')).rejects.toThrow();
    const { client } = await connectClient(url, TOKEN);
    expect((await client.listTools()).tools).toHaveLength(3);
  });

  it('rejects a foreign Origin and a foreign Host with 403 (DNS rebinding protection)', async () => {
    const { url, port } = await start();
    const evilOrigin = await post(url, JSON.stringify(initializeBody), { Origin: 'http://evil.example' });
    expect(evilOrigin.status).toBe(403);
    expect((await jsonOf(evilOrigin)).error.message).toMatch(/Origin "http:\/\/evil.example" is not allowed/);
    expect((await post(url, JSON.stringify(initializeBody), { Origin: 'null' })).status).toBe(403);

    const headers = { 'Content-Type': 'application/json', Accept: ACCEPT };
    const evilHost = await rawRequest(url, { ...headers, Host: `evil.example:${port}` }, JSON.stringify(initializeBody));
    expect(evilHost.status).toBe(403);
    expect(JSON.parse(evilHost.body).error.message).toMatch(/Host "evil.example:\d+" is not allowed/);
    const wrongPort = await rawRequest(url, { ...headers, Host: `localhost:${port + 1}` }, JSON.stringify(initializeBody));
    expect(wrongPort.status).toBe(403);
    expect((await rawRequest(new URL('/healthz', url).href, { Host: 'evil.example' })).status).toBe(403);

    const viaLocalhost = await rawRequest(url, { ...headers, Host: `localhost:${port}` }, JSON.stringify(initializeBody));
    expect(viaLocalhost.status).toBe(200);
    const sameOrigin = await post(url, JSON.stringify(initializeBody), { Origin: `http://localhost:${port}` });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBe(`http://localhost:${port}`);
  });

  it('accepts configured extra hosts and origins', async () => {
    const { url, port } = await start({ allowedHosts: ['robot.local'], allowedOrigins: ['http://localhost:6274'] });
    const headers = { 'Content-Type': 'application/json', Accept: ACCEPT };
    expect((await rawRequest(url, { ...headers, Host: 'robot.local:9999' }, JSON.stringify(initializeBody))).status).toBe(200);
    expect((await post(url, JSON.stringify(initializeBody), { Origin: 'http://localhost:6274' })).status).toBe(200);
    expect((await rawRequest(url, { ...headers, Host: `other.local:${port}` }, JSON.stringify(initializeBody))).status).toBe(403);
  });

  it('refuses an oversize body with 413', async () => {
    const { url } = await start({ maxBodyBytes: 1024 });
    const big = JSON.stringify({ ...initializeBody, params: { ...initializeBody.params, pad: 'x'.repeat(2000) } });
    const declared = await post(url, big);
    expect(declared.status).toBe(413);
    expect((await jsonOf(declared)).error.message).toMatch(/at most 1024 bytes/);

    // Chunked, no Content-Length: the limit is enforced while reading.
    const chunked = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);

    const { client } = await connectClient(url);
    expect((await client.listTools()).tools).toHaveLength(3);
  });

  it('answers malformed JSON with -32700 and keeps serving, in and out of a session', async () => {
    const { url } = await start();
    const bad = await post(url, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(bad.status).toBe(400);
    const body = await jsonOf(bad);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(body.error.message).toMatch(/^Parse error: the request body is not valid JSON/);

    const { client, transport } = await connectClient(url);
    const inSession = await post(url, 'not json at all', {
      'Mcp-Session-Id': transport.sessionId!,
      'Mcp-Protocol-Version': LATEST_PROTOCOL_VERSION,
    });
    expect(inSession.status).toBe(400);
    expect((await jsonOf(inSession)).error.code).toBe(-32700);
    const notJsonRpc = await post(url, '{"hello": "world"}', {
      'Mcp-Session-Id': transport.sessionId!,
      'Mcp-Protocol-Version': LATEST_PROTOCOL_VERSION,
    });
    expect(notJsonRpc.status).toBe(400);
    expect((await client.callTool({ name: 'calculator', arguments: { expression: '1+1' } })).structuredContent).toMatchObject({
      result: 2,
    });
  });

  it('refuses to listen on a non-loopback address without a token', async () => {
    await expect(serveHttp(() => utilityServer(), { host: '0.0.0.0', port: 0 })).rejects.toThrow(
      /refusing to serve MCP on 0\.0\.0\.0 without a token.*--token-env NAME or --token-file PATH/,
    );
    await expect(serveHttp(() => utilityServer(), { host: '127.0.0.1', port: 0, token: '' })).rejects.toThrow(/token is empty/);
  });

  it('serves on a non-loopback address when a token is set, still guarding Host', async () => {
    const { url, port } = await start({ host: '0.0.0.0', token: TOKEN });
    expect(url).toBe(`http://0.0.0.0:${port}/mcp`);
    const { client } = await connectClient(`http://127.0.0.1:${port}/mcp`, TOKEN);
    expect((await client.listTools()).tools).toHaveLength(3);
  });
});
