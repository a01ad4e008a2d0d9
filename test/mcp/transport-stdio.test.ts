/**
 * stdio (#17): a line over the 10 MiB limit is logged once on stderr and answered, and the server
 * keeps serving (the SDK's transport closed itself silently and left the process answering
 * nothing); end of input closes the server. The built `robot-agent serve --stdio` as a child
 * process (run `npm run build` first), and serveStdio in-process for the server's onclose.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStdio } from '../../src/mcp/transports/stdio.js';
import { utilityServer } from './helpers.js';
import { initializeRequest, spawnStdioServer } from './transport-helpers.js';

const LIMIT = 10 * 1024 * 1024;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('robot-agent serve --stdio: an over-long line', () => {
  it('is answered -32600, logged in one stderr line, and the server keeps serving', async () => {
    const server = spawnStdioServer();
    cleanups.push(server.stop);
    server.send(initializeRequest(1));
    expect((await server.next()).result.serverInfo.name).toBe('robot-agent');
    server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

    const pad = 'x'.repeat(LIMIT + 1024);
    server.send(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${pad}"}}`);
    expect(await server.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: `Invalid Request: the line is over ${LIMIT} bytes, the most accepted; it was dropped` },
    });
    server.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(await server.next()).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    const overflowLines = server.stderr().split('\n').filter((l) => l.includes(`over ${LIMIT} bytes`));
    expect(overflowLines).toHaveLength(1);
    expect(server.child.exitCode).toBeNull();

    server.child.stdin.end();
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(0);
  });

  it('is answered when the limit is passed, before its newline arrives', async () => {
    const server = spawnStdioServer();
    cleanups.push(server.stop);
    server.send(initializeRequest(1));
    await server.next();
    server.child.stdin.write(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${'y'.repeat(LIMIT)}`);
    expect((await server.next()).error.code).toBe(-32600);
    // The rest of that line is dropped up to its newline; the next line is read as usual.
    server.send(`${'y'.repeat(1000)}"}}`);
    server.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(await server.next()).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });
});

describe('serveStdio: end of input', () => {
  it('closes the server, so its onclose fires', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const server = utilityServer();
    let closed = 0;
    server.server.onclose = () => void (closed += 1);
    const handle = await serveStdio(server, { stdin, stdout, log: () => {} });
    stdin.end();
    await handle.closed;
    expect(closed).toBe(1);
  });
});
