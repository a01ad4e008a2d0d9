/**
 * HTTP fault classes against `robot-agent serve --http` as a real process: session ids, bearer
 * tokens, Host and Origin, oversized bodies, slow and vanishing clients, duplicate in-flight ids.
 * Each is a property over generated values; after each the server must still answer.
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUZZ, fuzz } from './fuzz-run.js';
import { expectHealthy } from './properties.js';
import { INITIALIZE, httpTarget, leaksInternals, messagesIn, type HttpTarget } from './targets.js';

const TOKEN = 'fuzz-token-0123456789abcdef';
let open: HttpTarget;
let guarded: HttpTarget;
let rssAtStart = 0;
beforeAll(async () => {
  [open, guarded] = await Promise.all([httpTarget(), httpTarget(['--token-env', 'FUZZ_TOKEN'], { FUZZ_TOKEN: TOKEN }, { Authorization: `Bearer ${TOKEN}` })]);
  rssAtStart = open.rss();
}, 30_000);
afterAll(async () => {
  await Promise.all([open?.stop(), guarded?.stop()]);
});

const ping = (id: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const headerText = fc.string({ minLength: 1, maxLength: 60 }).filter((s) => /^[\x21-\x7e][\x20-\x7e]*$/.test(s) && !/\s$/.test(s));

/** A POST through node:http, which lets a test set Host and pace the body. */
function rawPost(url: string, headers: Record<string, string>, chunks: string[], gapMs = 0, abortAfter?: number): Promise<{ status: number; text: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, type: String(res.headers['content-type'] ?? '') }));
    });
    req.on('error', (e) => (abortAfter !== undefined ? resolve({ status: 0, text: '', type: '' }) : reject(e)));
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    void (async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (abortAfter === i) return void req.destroy();
        req.write(chunk);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
      req.end();
    })();
  });
}

async function stillServes(target: HttpTarget): Promise<void> {
  const { status, messages } = await target.post(ping('alive'));
  expect(status).toBe(200);
  expect(messages).toHaveLength(1);
}

describe('fuzz: HTTP fault classes', () => {
  it('session ids: a missing, unknown or garbled one is 400/404 with a JSON-RPC error', async () => {
    await fuzz('http session ids', fc.oneof(fc.uuid(), headerText), async (sessionId) => {
      const res = await fetch(open.url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': sessionId }, body: ping('s') });
      const text = await res.text();
      if (sessionId === open.session) return;
      expect([400, 404], text).toContain(res.status);
      expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
      expect(leaksInternals(text)).toBe(false);
    });
    await stillServes(open);
  }, FUZZ.timeoutMs);

  it('tokens: anything but the bearer token is 401', async () => {
    const auth = fc.oneof(headerText, headerText.map((t) => `Bearer ${t}`), fc.constant(`Bearer ${TOKEN}x`), fc.constant(`bearer ${TOKEN.slice(1)}`));
    await fuzz('http tokens', auth, async (authorization) => {
      const res = await fetch(guarded.url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: authorization }, body: JSON.stringify(INITIALIZE) });
      const text = await res.text();
      expect(res.status, `${authorization}: ${text}`).toBe(401);
      expect(leaksInternals(text)).toBe(false);
    });
    await stillServes(guarded);
  }, FUZZ.timeoutMs);

  it('Host and Origin: names not allowed are 403', async () => {
    const port = new URL(open.url).port;
    const host = fc.domain().filter((d) => d !== 'localhost');
    const kind = fc.oneof(host.map((h) => ({ Host: `${h}:${port}` })), host.map((h) => ({ Host: `127.0.0.1:${port}`, Origin: `http://${h}` })));
    await fuzz('http host/origin', kind, async (headers) => {
      const res = await rawPost(open.url, headers, [JSON.stringify(INITIALIZE)]);
      expect(res.status, `${JSON.stringify(headers)}: ${res.text}`).toBe(403);
      expect(leaksInternals(res.text)).toBe(false);
    });
    await stillServes(open);
  }, FUZZ.timeoutMs);

  it('oversized bodies are 413, and the server keeps serving', async () => {
    await fuzz('http oversized bodies', fc.integer({ min: 1024 * 1024 + 1, max: 3 * 1024 * 1024 }), async (size) => {
      const body = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(size)}"}}`;
      // node:http reads the early 413 even while the body is still going out (fetch gives up).
      const res = await rawPost(open.url, { 'Mcp-Session-Id': open.session, 'Mcp-Protocol-Version': '2025-06-18' }, [body]);
      expect(res.status).toBe(413);
      expect(leaksInternals(res.text)).toBe(false);
    }, Math.ceil(FUZZ.count / 3)); // a few MiB each: fewer than the other properties
    await stillServes(open);
  }, FUZZ.timeoutMs);

  it('slow clients are answered once; clients that vanish mid-body leave the server serving', async () => {
    const pace = fc.record({ pieces: fc.integer({ min: 2, max: 5 }), gapMs: fc.integer({ min: 10, max: 120 }), vanish: fc.boolean() });
    await fuzz('http slow clients', pace, async ({ pieces, gapMs, vanish }) => {
      const body = ping(`slow-${pieces}-${gapMs}`);
      const size = Math.ceil(body.length / pieces);
      const chunks = Array.from({ length: pieces }, (_, i) => body.slice(i * size, (i + 1) * size));
      const headers = { 'Mcp-Session-Id': open.session, 'Mcp-Protocol-Version': '2025-06-18' };
      const res = await rawPost(open.url, headers, chunks, gapMs, vanish ? pieces - 1 : undefined);
      if (!vanish) expect(messagesIn(res.text, res.type), res.text).toHaveLength(1);
      await stillServes(open);
    }, Math.ceil(FUZZ.count / 2.5)); // each takes wall-clock time
  }, FUZZ.timeoutMs);

  it('a duplicate in-flight id: each POST gets exactly one answer, the running request its own result', async () => {
    await fuzz('http duplicate ids', fc.integer({ min: 1, max: 1e9 }), async (id) => {
      // detect_objects runs the ONNX detector: long enough for the second to arrive while the first runs.
      const call = (args: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'detect_objects', arguments: args } });
      const [first, second] = await Promise.all([open.post(call({})), open.post(call({}))]);
      // A refused duplicate is answered with id null: its id belongs to the request still running.
      const answers = (res: { messages: unknown[] }) => res.messages.filter((m) => 'result' in (m as object) || 'error' in (m as object)) as Array<{ id: unknown; result?: unknown }>;
      for (const res of [first, second]) expect(answers(res), res.text).toHaveLength(1);
      // Whichever arrived first gets its result; the other is refused, or runs once the first ended.
      const both = [answers(first)[0]!, answers(second)[0]!];
      expect(both.filter((a) => a.id === id && a.result !== undefined).length).toBeGreaterThanOrEqual(1);
      for (const a of both) expect([id, null]).toContain(a.id);
    }, Math.ceil(FUZZ.count / 2.5)); // each takes wall-clock time
    await stillServes(open);
    expectHealthy(open, rssAtStart);
  }, FUZZ.timeoutMs);
});
