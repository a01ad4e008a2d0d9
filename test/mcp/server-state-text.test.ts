import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../src/mcp/client/hub.js';
import { serverStateText, toolSummary } from '../../src/mcp/client/status-line.js';

const status = (s: Partial<ServerStatus>): ServerStatus => ({ name: 'web', transport: 'http', state: 'connected', toolCount: 0, ...s });

describe('serverStateText, the one wording of a server state in /mcp, mcp list and doctor', () => {
  it('says each state in a few words, with why and what comes next', () => {
    expect(serverStateText(status({ toolCount: 13, connectMs: 412 }))).toBe('connected (13 tools, 412 ms)');
    expect(serverStateText(status({ toolCount: 1 }))).toBe('connected (1 tool)');
    expect(serverStateText(status({ state: 'connecting' }))).toBe('connecting');
    expect(serverStateText(status({ state: 'connecting', reconnecting: { attempt: 2, of: 5 } }))).toBe('reconnecting (attempt 2 of 5)');
    expect(serverStateText(status({ state: 'disconnected', error: 'the server stopped answering\nmore', reconnecting: { attempt: 2, of: 5, inMs: 1000 } }))).toBe(
      'disconnected: the server stopped answering; reconnecting in 1s (attempt 2 of 5)',
    );
    expect(serverStateText(status({ state: 'failed', error: 'timed out: not ready within 0.8s (--mcp-timeout)' }))).toBe('failed: timed out: not ready within 0.8s (--mcp-timeout)');
    expect(serverStateText(status({ state: 'disabled' }))).toBe('disabled');
  });

  it('summarises a tool by the first line of its description, cut to the room there is', () => {
    expect(toolSummary('  Answers pong.\nSecond line.', 40)).toBe('Answers pong.');
    expect(toolSummary('abcdefghij', 5)).toBe('abcd…');
    expect(toolSummary(undefined, 10)).toBe('');
  });
});
