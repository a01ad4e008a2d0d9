import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { toAnthropicTool } from '../../src/agent/tool-adapter.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { utilityServer } from '../mcp/helpers.js';

describe('toAnthropicTool', () => {
  it('offers a served tool with its name, description and whole input schema', async () => {
    const conn = await connectInProcess(utilityServer());
    try {
      const { tools } = await conn.client.listTools();
      const calculator = tools.find((t) => t.name === 'calculator')!;
      const offered = toAnthropicTool(calculator);
      expect(offered).toEqual({
        name: 'calculator',
        description: calculator.description,
        input_schema: { ...calculator.inputSchema, type: 'object', required: ['expression'] },
      });
      expect(offered.input_schema.properties).toEqual(calculator.inputSchema.properties);
      expect(Object.keys(offered.input_schema.properties as object)).toEqual(['expression']);
    } finally {
      await conn.close();
    }
  });

  it('sends absent properties and required as null and leaves out an absent description', () => {
    const bare: McpTool = { name: 'ping', inputSchema: { type: 'object', additionalProperties: false } };
    expect(toAnthropicTool(bare)).toEqual({
      name: 'ping',
      input_schema: { type: 'object', additionalProperties: false, properties: null, required: null },
    });
    expect('description' in toAnthropicTool(bare)).toBe(false);
  });
});
