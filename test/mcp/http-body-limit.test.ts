/**
 * HTTP (#17): a body over the limit is refused 413 from its Content-Length, before it is read.
 * Every client must see that answer, including undici's fetch, which used to report only
 * "fetch failed" when the server answered and closed while the body was still being sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../src/mcp/transports/http.js';
import { ACCEPT, initializeRequest, serveToolServer } from './transport-helpers.js';

const LIMIT = 64 * 1024;
let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

/** An initialize padded to about `bytes` (an unknown params field; 0 sends it plain). */
async function postBytes(url: string, bytes: number): Promise<Response> {
  const request = initializeRequest(1);
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
    body: JSON.stringify(bytes === 0 ? request : { ...request, params: { ...request.params, pad: 'x'.repeat(bytes) } }),
    signal: AbortSignal.timeout(20_000),
  });
}

describe('HTTP body limit seen through fetch', () => {
  it.each([2 * LIMIT, 64 * LIMIT, 256 * LIMIT])('a %i-byte body gets the 413 answer, and the server keeps serving', async (bytes) => {
    ({ handle } = await serveToolServer({ maxBodyBytes: LIMIT }));
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await postBytes(handle.url, bytes);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(`Request body too large: at most ${LIMIT} bytes are accepted`);
    }
    const ok = await postBytes(handle.url, 0);
    expect(ok.status).toBe(200);
    await ok.text();
  });

  it('a streamed body (no Content-Length) over the limit gets the 413 answer too', async () => {
    ({ handle } = await serveToolServer({ maxBodyBytes: LIMIT }));
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 256 * LIMIT) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(handle.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
      body,
      duplex: 'half',
      signal: AbortSignal.timeout(20_000),
    } as RequestInit);
    expect(res.status).toBe(413);
    await res.text();
  });
});
