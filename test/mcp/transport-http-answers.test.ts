/**
 * Every HTTP request is answered exactly once (#17): the envelope is checked as the SDK checks it,
 * a duplicate in-flight id is refused without disturbing the first request, a cancelled request's
 * POST ends, and no POST stays open past the exchange time limit. Real SDK server, real HTTP on
 * 127.0.0.1 (raw fetch, to send what an SDK client never would, and the SDK client).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../src/mcp/transports/http.js';
import { callTool, messagesOf, openSession, post, serveToolServer } from './transport-helpers.js';

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function start(options: Parameters<typeof serveToolServer>[0] = {}) {
  const served = await serveToolServer(options);
  handle = served.handle;
  return { url: served.handle.url, probe: served.probe };
}

describe('HTTP: the envelope is checked with the SDK schemas', () => {
  it.each([
    ['params._meta a number', { _meta: 5 }, /params\._meta/],
    ['an object as progressToken', { _meta: { progressToken: {} } }, /params\._meta\.progressToken/],
  ])('answers a request with %s: 400 -32600 with its id, and keeps serving', async (_what, params, field) => {
    const { url } = await start();
    const headers = await openSession(url);
    for (const method of ['ping', 'tools/list', 'tools/call']) {
      const res = await post(url, { jsonrpc: '2.0', id: 2, method, params: { name: 'quick', arguments: {}, ...params } }, headers);
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: -32600 } });
      expect(body.error.message).toMatch(field);
    }
    const [answer] = await messagesOf(await post(url, callTool(3, 'quick'), headers));
    expect(answer).toMatchObject({ id: 3, result: { content: [{ text: 'quick' }] } });
  });

  it('refuses an initialize with a malformed _meta the same way, without opening a session', async () => {
    const { url } = await start();
    const res = await post(url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { _meta: 5, protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'r', version: '0' } } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(handle!.sessionCount()).toBe(0);
  });
});

describe('HTTP: a duplicate in-flight request id', () => {
  it('is refused with an error while the first request still gets its answer', async () => {
    const { url, probe } = await start();
    const headers = await openSession(url);
    const first = post(url, callTool(7, 'slow'), headers);
    await probe.started;
    const duplicate = await post(url, callTool(7, 'quick'), headers);
    expect(duplicate.status).toBe(400);
    const refusal = await duplicate.json();
    // id null: with id 7 the client would take the refusal as the first request's answer.
    expect(refusal).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/request id 7 is already in use/) } });
    probe.release();
    expect(await messagesOf(await first)).toEqual([expect.objectContaining({ id: 7, result: expect.objectContaining({ content: [{ type: 'text', text: 'slow done' }] }) })]);
  });

  it('leaves the first request cancellable: the cancel reaches its handler and its POST ends', async () => {
    const { url, probe } = await start();
    const headers = await openSession(url);
    const first = post(url, callTool(8, 'slow'), headers);
    await probe.started;
    expect((await post(url, callTool(8, 'quick'), headers)).status).toBe(400);
    const cancel = await post(url, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 8, reason: 'changed my mind' } }, headers);
    expect(cancel.status).toBe(202);
    expect(await probe.aborted).toBe('changed my mind');
    // The spec has no answer for a cancelled request: the stream ends without one.
    expect(await messagesOf(await first)).toEqual([]);
  });

  it('is refused within one batch too (2025-03-26, the version with batches)', async () => {
    const { url } = await start();
    const headers = await openSession(url, '2025-03-26');
    const res = await post(url, [callTool(4, 'quick'), callTool(4, 'quick')], headers);
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toMatch(/request id 4 is already in use/);
  });
});

describe('HTTP: an exchange has an upper bound on its life', () => {
  it('answers a request still running at the limit with a timeout error, cancels it, and ends the POST', async () => {
    const { url, probe } = await start({ maxExchangeMs: 300 });
    const headers = await openSession(url);
    const answers = await messagesOf(await post(url, callTool(9, 'slow'), headers));
    expect(answers).toEqual([{ jsonrpc: '2.0', id: 9, error: { code: -32001, message: expect.stringMatching(/^Request timed out: .*it was cancelled$/) } }]);
    expect(await probe.aborted).toMatch(/no answer after/);
  });

  it('gives an SDK client the timeout as its call error', async () => {
    const { url } = await start({ maxExchangeMs: 300 });
    const client = new Client({ name: 'answers-test', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      await expect(client.callTool({ name: 'slow', arguments: {} })).rejects.toThrow(/Request timed out/);
      expect((await client.callTool({ name: 'quick', arguments: {} })).content).toEqual([{ type: 'text', text: 'quick' }]);
    } finally {
      await client.close();
    }
  });
});
