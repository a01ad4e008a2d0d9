/**
 * stdio start-up (#17): `serve --stdio` answers a plain `initialize` before the SDK loads
 * (src/mcp/transports/stdio-fast-initialize.ts). That early answer must be the real server's,
 * byte for byte, for every protocol version the SDK supports and for ones it does not (this test
 * is what catches drift in its hand-kept constants); the built program then answers it once, and
 * anything else as the first line is the real server's to answer. Run `npm run build` first.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { serveStdio } from '../../src/mcp/transports/stdio.js';
import * as fast from '../../src/mcp/transports/stdio-fast-initialize.js';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { sharedDetector } from '../helpers/shared-detector.js';
import { initializeRequest, spawnStdioServer } from './transport-helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** The first line the real robot server (no early answer) writes for this request line. */
async function realServerLine(requestLine: string): Promise<string> {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1, sharedDetector: await sharedDetector() });
  const server = createRobotMcpServer({ robot: sr.robot, wallClock: () => 0, rng: sr.toolRng, version: '9.8.7-test' });
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const handle = await serveStdio(server, { stdin, stdout, log: () => {} });
  cleanups.push(() => handle.close());
  stdin.write(`${requestLine}\n`);
  let out = '';
  while (!out.includes('\n')) out += String((await once(stdout, 'data'))[0]);
  return out;
}

describe('the early initialize answer', () => {
  it('uses the SDK\'s protocol versions', () => {
    expect(fast.LATEST_PROTOCOL_VERSION).toBe(LATEST_PROTOCOL_VERSION);
    expect(fast.SUPPORTED_PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
  });

  const versions = [...SUPPORTED_PROTOCOL_VERSIONS, '2099-01-01', '1.0', ''];
  it.each(versions)('is the real server\'s, byte for byte, for protocol version "%s"', async (version) => {
    for (const id of [7, 'init-a']) {
      const line = JSON.stringify(initializeRequest(id, version));
      expect(fast.initializeAnswerLine(id, version, '9.8.7-test')).toBe(await realServerLine(line));
    }
  });
});

describe('answerInitializeEarly', () => {
  async function early(input: string) {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (d) => (written += String(d)));
    const relay = fast.answerInitializeEarly(stdin, stdout, '1.2.3');
    let relayed = '';
    relay.input.on('data', (d) => (relayed += String(d)));
    const ended = once(relay.input, 'end');
    // In two chunks, split inside the first line.
    stdin.write(input.slice(0, 10));
    stdin.end(input.slice(10));
    await ended;
    return { written, relayed, answered: fast.earlyInitializeOf(relay.input) };
  }

  it('answers a plain initialize and still relays every byte to the real server', async () => {
    const input = `${JSON.stringify(initializeRequest(3, '2025-06-18'))}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n`;
    const { written, relayed, answered } = await early(input);
    expect(written).toBe(fast.initializeAnswerLine(3, '2025-06-18', '1.2.3'));
    expect(relayed).toBe(input);
    expect(answered).toEqual({ id: 3, line: written });
  });

  const notAnswered = {
    'a ping': '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    'a line that is not JSON': '{"jsonrpc":"2.0",',
    'a batch': `[${JSON.stringify(initializeRequest(1))}]`,
    'an initialize without clientInfo': '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}',
    'an initialize with a null id': JSON.stringify({ ...initializeRequest(1), id: null }),
    'an initialize with a capability the SDK would refuse': JSON.stringify({ ...initializeRequest(1), params: { ...initializeRequest(1).params, capabilities: { sampling: { context: true } } } }),
    'an initialize with an extra field': JSON.stringify({ ...initializeRequest(1), extra: 1 }),
  };
  it.each(Object.entries(notAnswered))('leaves %s to the real server', async (_name, line) => {
    const { written, relayed, answered } = await early(`${line}\n`);
    expect(written).toBe('');
    expect(relayed).toBe(`${line}\n`);
    expect(answered).toBeUndefined();
  });
});

describe('robot-agent serve --stdio with the early answer', () => {
  it('answers initialize once, then serves as usual, with nothing logged about a difference', async () => {
    const server = spawnStdioServer();
    cleanups.push(server.stop);
    server.send(initializeRequest(1, '2025-06-18'));
    const first = await server.next();
    expect(first.result.protocolVersion).toBe('2025-06-18');
    server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    server.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const second = await server.next();
    expect(second.id).toBe(2);
    expect(second.result.tools.length).toBeGreaterThan(0);
    // A second initialize is still refused by the real server's lifecycle.
    server.send(initializeRequest(3));
    expect((await server.next()).error.code).toBe(-32600);
    server.child.stdin.end();
    await once(server.child, 'exit');
    expect(server.stderr()).not.toContain('differs');
  });

  it('leaves a request before initialize to the real server, which refuses it', async () => {
    const server = spawnStdioServer();
    cleanups.push(server.stop);
    server.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const refusal = await server.next();
    expect(refusal.id).toBe(1);
    expect(refusal.error).toBeDefined();
    server.send(initializeRequest(2));
    expect((await server.next()).result.serverInfo.name).toBe('robot-agent');
  });
});
