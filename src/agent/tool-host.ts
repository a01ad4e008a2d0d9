import type { CallToolResult, Progress, Tool } from '@modelcontextprotocol/sdk/types.js';

/** Where the loop's tool calls go: the MCP client hub (embedded robot server + external ones). */
export interface ToolCallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  timeoutMs?: number;
}

export interface ToolHost {
  listTools(): Tool[];
  callTool(name: string, args: Record<string, unknown>, options?: ToolCallOptions): Promise<CallToolResult>;
}

/** Asks a person to approve a tool call; resolves to whether it may run. */
export type ConfirmTool = (call: { name: string; args: Record<string, unknown> }) => Promise<boolean>;

/** How confirmation-needing tools are handled. */
export type ConfirmationPolicy =
  | { mode: 'approve-all' } // --yes
  | { mode: 'refuse' } // non-interactive without --yes
  | { mode: 'ask'; ask: ConfirmTool } // a person at a terminal
  | { mode: 'recorded'; next: () => ConfirmationDecision }; // a replay: the decisions as recorded

export interface ConfirmationDecision {
  approved: boolean;
  by: 'user' | 'flag' | 'policy';
}
