import { PassThrough } from 'node:stream';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { serveStdio } from '../../src/mcp/transports/stdio.js';
import { utilityServer } from './helpers.js';

/** Drives serveStdio over in-memory streams, one JSON-RPC line at a time. */
function harness() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const lines: unknown[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let index: number;
    while ((index = buffer.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buffer.slice(0, index)));
      buffer = buffer.slice(index + 1);
      waiters.splice(0).forEach((w) => w());
    }
  });
  const next = async (): Promise<any> => {
    while (lines.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
    return lines.shift();
  };
  const send = (message: unknown) => stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  return { stdin, stdout, next, send };
}

describe('stdio transport', () => {
  it('speaks only protocol on stdout, answers bad lines with JSON-RPC errors, and ends with stdin', async () => {
    const io = harness();
    const logs: string[] = [];
    const handle = await serveStdio(utilityServer(), { stdin: io.stdin, stdout: io.stdout, log: (l) => logs.push(l) });

    io.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    expect((await io.next()).result.serverInfo.name).toBe('robot-agent-test');
    io.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

    io.send('{"jsonrpc": "2.0", "id": 2, "method": ');
    expect(await io.next()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not valid JSON' } });
    io.send('{"hello": "world"}');
    expect((await io.next()).error.code).toBe(-32600);

    io.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'calculator', arguments: { expression: '2+2' } } });
    const call = await io.next();
    expect(call.id).toBe(3);
    expect(call.result.structuredContent).toMatchObject({ result: 4 });
    expect(logs.some((l) => l.includes('Parse error'))).toBe(true);

    io.stdin.end();
    await handle.closed;
  });
});
