import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { readReply } from '../../src/agent/planner/planner-session.js';
import { toToolResultBlock } from '../../src/agent/tool-adapter.js';
import { failureResult } from '../../src/mcp/tool-result.js';

/** How the planner reads a tool result that reached it through the agent loop's conversion. */
const replyTo = (result: CallToolResult) => readReply([{ role: 'user', content: [toToolResultBlock('toolu_1', result)] }]);

describe("the planner's reading of a tool result", () => {
  it('a coded failure: its code and details to decide on, its message to quote', () => {
    const reply = replyTo(failureResult('battery_reserve', 'refused: below the reserve', { reserve: 0.15 }));
    expect(reply).toMatchObject({ ok: false, text: 'refused: below the reserve', error: { code: 'battery_reserve', message: 'refused: below the reserve', reserve: 0.15 } });
  });

  it('a failure with no code (another MCP server) reads as failed', () => {
    const reply = replyTo({ content: [{ type: 'text', text: 'something broke' }], isError: true });
    expect(reply).toMatchObject({ ok: false, text: 'something broke', data: null, error: { code: 'failed', message: 'something broke' } });
  });

  it('a success: its data, and no failure', () => {
    const data = { battery: 0.5, armed: true };
    const reply = replyTo({ content: [{ type: 'text', text: 'battery 50%' }, { type: 'text', text: JSON.stringify(data) }], structuredContent: data });
    expect(reply).toEqual({ ok: true, text: 'battery 50%', data, error: null });
  });

  it('no tool result at all is a failure', () => {
    expect(readReply([{ role: 'user', content: 'hello' }]).error?.code).toBe('failed');
  });
});
