/**
 * stdio and HTTP agree (#17): a request before initialize, a second initialize and a batch get the
 * same JSON-RPC answer on both, from the built `robot-agent serve` (run `npm run build` first) as
 * child processes. stdio used to execute requests before initialize and re-run initialize, and
 * HTTP executed batches of any protocol version while stdio refused them all. Batches are accepted
 * only when 2025-03-26, the one MCP version that has them, was negotiated.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServeHttp } from '../helpers/spawn-serve.js';
import { initializeRequest, messagesOf, post, spawnStdioServer } from './transport-helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** One client speaking to one server over either transport: send a line/POST, get the answer. */
interface Wire {
  /** The answer (an object, or an array for a batch) and, over HTTP, its status. */
  exchange(message: unknown): Promise<{ answer: any; status?: number }>;
  /** Sends a notification, which gets no answer. */
  notify(message: unknown): Promise<void>;
}

async function stdioWire(): Promise<Wire> {
  const server = spawnStdioServer();
  cleanups.push(server.stop);
  return {
    async exchange(message) {
      server.send(message);
      return { answer: await server.next() };
    },
    async notify(message) {
      server.send(message);
    },
  };
}

async function httpWire(): Promise<Wire> {
  const served = await spawnServeHttp();
  cleanups.push(served.stop);
  let headers: Record<string, string> = {};
  return {
    async exchange(message) {
      const res = await post(served.url, message, headers);
      const sessionId = res.headers.get('mcp-session-id');
      if (sessionId && !headers['Mcp-Session-Id']) headers = { 'Mcp-Session-Id': sessionId };
      const messages = await messagesOf(res);
      return { answer: Array.isArray(message) && res.status === 200 ? messages : messages[0], status: res.status };
    },
    async notify(message) {
      const res = await post(served.url, message, headers);
      expect(res.status).toBe(202);
    },
  };
}

const request = (id: number, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };

describe.each([
  ['2025-11-25', false],
  ['2025-03-26', true],
] as const)('stdio and HTTP agree (protocol %s)', (version, batches) => {
  it('on requests before initialize, a second initialize and batches', async () => {
    const wires = { stdio: await stdioWire(), http: await httpWire() };
    const seen: Record<string, unknown[]> = { stdio: [], http: [] };
    for (const [name, wire] of Object.entries(wires)) {
      const record = async (message: unknown) => {
        const { answer, status } = await wire.exchange(message);
        seen[name]!.push(answer);
        return { answer, status };
      };
      const early = await record(request(1, 'tools/list'));
      expect(early.answer).toMatchObject({ id: 1, error: { code: -32000, message: expect.stringMatching(/Server not initialized: send initialize first/) } });
      if (name === 'http') expect(early.status).toBe(400);
      // ping is the one request allowed before initialize.
      expect((await record(request(2, 'ping'))).answer).toEqual({ jsonrpc: '2.0', id: 2, result: {} });

      const init = (await wire.exchange(initializeRequest(3, version))).answer;
      expect(init.result.protocolVersion).toBe(version);
      await wire.notify(initialized);

      const again = await record(initializeRequest(4, version));
      expect(again.answer).toMatchObject({ id: 4, error: { code: -32600, message: expect.stringMatching(/Server already initialized/) } });

      const batch = await record([request(5, 'ping'), request(6, 'ping')]);
      if (batches) {
        expect(batch.answer).toEqual(expect.arrayContaining([{ jsonrpc: '2.0', id: 5, result: {} }, { jsonrpc: '2.0', id: 6, result: {} }]));
      } else {
        expect(batch.answer).toMatchObject({ id: null, error: { code: -32600, message: `Invalid Request: protocol version ${version} has no JSON-RPC batches (only 2025-03-26 does); send one message at a time` } });
      }
    }
    expect(seen.stdio).toEqual(seen.http);
  });
});

