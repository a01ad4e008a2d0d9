/**
 * HTTP sessions (#17): an idle timeout, never evicting a session with work in flight or an open
 * stream, 503 with Retry-After when the table is full, and every way a session ends closing its
 * McpServer (its onclose is what stops motion the session started). Real SDK server and client,
 * real HTTP on 127.0.0.1.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../src/mcp/transports/http.js';
import { ACCEPT, callTool, initializeRequest, messagesOf, openSession, post, serveToolServer, until } from './transport-helpers.js';

let handle: HttpServerHandle | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await handle?.close();
  handle = undefined;
});

async function start(options: Parameters<typeof serveToolServer>[0] = {}) {
  const served = await serveToolServer(options);
  handle = served.handle;
  cleanups.push(() => served.probe.release());
  return { url: served.handle.url, probe: served.probe };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A standalone GET stream on the session; returns a function that closes it. */
async function openStream(url: string, headers: Record<string, string>): Promise<() => void> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { ...headers, Accept: ACCEPT }, signal: controller.signal });
  expect(res.status).toBe(200);
  const close = () => controller.abort();
  cleanups.push(close);
  return close;
}

describe('HTTP sessions: idle timeout', () => {
  it('ends a session idle for sessionIdleMs and closes its server', async () => {
    const { url, probe } = await start({ sessionIdleMs: 200 });
    const headers = await openSession(url);
    expect(handle!.sessionCount()).toBe(1);
    await until(() => handle!.sessionCount() === 0, 'the idle session to end');
    expect(probe.closedServers()).toBe(1);
    const stale = await post(url, callTool(2, 'quick'), headers);
    expect(stale.status).toBe(404);
  });

  it('never ends a session with a request in flight; the idle time counts from its answer', async () => {
    const { url, probe } = await start({ sessionIdleMs: 200 });
    const headers = await openSession(url);
    const call = post(url, callTool(2, 'slow'), headers);
    await probe.started;
    await pause(600);
    expect(handle!.sessionCount()).toBe(1);
    probe.release();
    expect(await messagesOf(await call)).toEqual([expect.objectContaining({ id: 2, result: expect.anything() })]);
    await until(() => handle!.sessionCount() === 0, 'the session to end once idle');
    expect(probe.closedServers()).toBe(1);
  });

  it('never ends a session holding a standalone stream open', async () => {
    const { url, probe } = await start({ sessionIdleMs: 200 });
    const headers = await openSession(url);
    const closeStream = await openStream(url, headers);
    await pause(600);
    expect(handle!.sessionCount()).toBe(1);
    closeStream();
    await until(() => handle!.sessionCount() === 0, 'the session to end once its stream closed');
    expect(probe.closedServers()).toBe(1);
  });
});

describe('HTTP sessions: a full table', () => {
  it('refuses a new session with 503 and Retry-After, and evicts no one', async () => {
    const { url } = await start({ maxSessions: 1, sessionIdleMs: 60_000 });
    const headers = await openSession(url);
    const refused = await post(url, initializeRequest(5));
    expect(refused.status).toBe(503);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({
      id: 5,
      error: { code: -32000, message: expect.stringMatching(/^Too many sessions: all 1 are open \(1 idle, the first ends in \d+ s unless used\)/) },
    });
    expect(handle!.sessionCount()).toBe(1);
    const [answer] = await messagesOf(await post(url, callTool(2, 'quick'), headers));
    expect(answer).toMatchObject({ id: 2, result: expect.anything() });
  });

  it('says when every session is busy, and an SDK client sees the refusal', async () => {
    const { url, probe } = await start({ maxSessions: 1, sessionIdleMs: 30_000 });
    const headers = await openSession(url);
    const call = post(url, callTool(2, 'slow'), headers);
    await probe.started;
    const refused = await post(url, initializeRequest());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as any).error.message).toMatch(/all 1 are busy \(requests running or streams open\)/);
    const client = new Client({ name: 'sessions-test', version: '0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow(/Too many sessions/);
    probe.release();
    await call;
  });
});

describe('HTTP sessions: every way out closes the server', () => {
  it('DELETE', async () => {
    const { url, probe } = await start();
    const headers = await openSession(url);
    const res = await fetch(url, { method: 'DELETE', headers });
    expect(res.status).toBe(200);
    expect(handle!.sessionCount()).toBe(0);
    await until(() => probe.closedServers() === 1, 'the server to close');
  });

  it('a client that hangs up with a request running and no stream left to answer on', async () => {
    const { url, probe } = await start();
    const headers = await openSession(url);
    const hangUp = new AbortController();
    const call = post(url, callTool(2, 'slow'), headers, hangUp.signal).catch(() => undefined);
    await probe.started;
    hangUp.abort();
    await call;
    await until(() => handle!.sessionCount() === 0, 'the abandoned session to end');
    expect(probe.closedServers()).toBe(1);
    await probe.aborted; // closing the server aborted the running request
  });

  it('not while the session still has a stream: only when that goes too', async () => {
    const { url, probe } = await start();
    const headers = await openSession(url);
    const closeStream = await openStream(url, headers);
    const hangUp = new AbortController();
    const call = post(url, callTool(2, 'slow'), headers, hangUp.signal).catch(() => undefined);
    await probe.started;
    hangUp.abort();
    await call;
    await pause(200);
    expect(handle!.sessionCount()).toBe(1);
    closeStream();
    await until(() => handle!.sessionCount() === 0, 'the session to end with its last stream');
    expect(probe.closedServers()).toBe(1);
  });
});
