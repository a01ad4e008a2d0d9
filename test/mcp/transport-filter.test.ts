import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { InvalidParamsReplies } from '../../src/mcp/invalid-params.js';
import { PlainErrorMessages } from '../../src/mcp/plain-error-messages.js';
import type { TransportFilter } from '../../src/mcp/transports/transport-filter.js';
import { utilityServer } from './helpers.js';

const settle = () => new Promise((r) => setTimeout(r, 5));

describe.each([
  ['InvalidParamsReplies', (inner: InMemoryTransport): TransportFilter => new InvalidParamsReplies(inner)],
  ['PlainErrorMessages', (inner: InMemoryTransport): TransportFilter => new PlainErrorMessages(inner)],
] as const)('%s in front of a transport', (_name, wrap) => {
  it("passes traffic both ways and keeps every callback the transport's owner set before connecting", async () => {
    const [client, inner] = InMemoryTransport.createLinkedPair();
    const owner: string[] = [];
    inner.onmessage = (m) => void owner.push(`message ${'method' in m ? m.method : ''}`);
    inner.onerror = (e) => void owner.push(`error ${e.message}`);
    inner.onclose = () => void owner.push('close');
    const replies: JSONRPCMessage[] = [];
    client.onmessage = (m) => void replies.push(m);
    const server = utilityServer();
    await server.connect(wrap(inner));
    await client.start();

    await client.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    await settle();
    expect(replies).toEqual([expect.objectContaining({ id: 1, result: expect.objectContaining({ serverInfo: expect.objectContaining({ name: 'robot-agent-test' }) }) })]);
    inner.onerror?.(new Error('wire trouble'));
    await client.close();
    await settle();
    expect(owner).toEqual(['message initialize', 'error wire trouble', 'close']);
    expect(server.isConnected()).toBe(false);
  });
});

describe('the filters answer what the server never sees', () => {
  it('InvalidParamsReplies answers bad params with -32602, and the owner still sees the request', async () => {
    const [client, inner] = InMemoryTransport.createLinkedPair();
    const owner: string[] = [];
    inner.onmessage = (m) => void owner.push('method' in m ? m.method : '');
    const replies: any[] = [];
    client.onmessage = (m) => void replies.push(m);
    await utilityServer().connect(new InvalidParamsReplies(inner));
    await client.start();
    await client.send({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { cursor: 'x' } });
    await settle();
    expect(replies).toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32602, message: expect.stringMatching(/^invalid cursor/) } }]);
    expect(owner).toEqual(['tools/list']);
    await client.close();
  });

});
