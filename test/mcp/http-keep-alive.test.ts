/**
 * HTTP: an idle keep-alive connection outlasts the clients' own idle expiry (Python's httpx keeps
 * one 5 s, Node's server used to close it at 5 s), so a client's next call never lands on a
 * connection the server is closing: that answered "other side closed" instead of the result.
 */
import { request, Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../src/mcp/transports/http.js';
import { serveToolServer } from './transport-helpers.js';

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

/** GET /healthz over `agent`; whether it went on a connection kept from before, and what it said. */
function health(url: string, agent: Agent): Promise<{ reused: boolean; keepAlive: string | string[] | undefined; status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL('/healthz', url), { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ reused: req.reusedSocket, keepAlive: String(res.headers['keep-alive']), status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTP keep-alive', () => {
  it('keeps an idle connection past 5 s, and says for how long', async () => {
    ({ handle } = await serveToolServer());
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await health(handle.url, agent);
      expect(first).toMatchObject({ status: 200, reused: false, keepAlive: 'timeout=65' });
      await new Promise((resolve) => setTimeout(resolve, 5_600));
      const second = await health(handle.url, agent);
      expect(second).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
