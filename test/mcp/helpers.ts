import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { registerTools } from '../../src/mcp/server-builder.js';
import { utilityTools, type UtilityContext } from '../../src/mcp/tools/utility/index.js';
import { SeededRng } from '../../src/core/rng.js';

/** 2023-11-14T22:13:20.123Z */
export const FIXED_EPOCH_MS = 1_700_000_000_123;

export function utilityContext(overrides: Partial<UtilityContext> = {}): UtilityContext {
  return { wallClock: () => FIXED_EPOCH_MS, rng: new SeededRng(42), ...overrides };
}

export function utilityServer(ctx: UtilityContext = utilityContext()): McpServer {
  const server = new McpServer({ name: 'robot-agent-test', version: '0.0.0' });
  registerTools(server, utilityTools, ctx);
  return server;
}

/** The text of a result's first content block. */
export function firstText(result: unknown): string {
  const block = (result as CallToolResult).content[0];
  if (!block || block.type !== 'text') throw new Error(`no text block in ${JSON.stringify(result)}`);
  return block.text;
}
