/**
 * Our metadata in each tool's `_meta` (visible in tools/list): protocol data the server
 * publishes (server-builder.ts) and the agent reads back (tool-scheduler.ts).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_CATEGORIES, type ToolCategory } from './tool-declaration.js';

/** Keys under which each tool's `_meta` carries our extra metadata. */
export const TOOL_META_KEYS = {
  category: 'robot-agent/category',
  needsConfirmation: 'robot-agent/needsConfirmation',
  timeoutSeconds: 'robot-agent/timeoutSeconds',
} as const;

/** Our metadata as published in a tools/list entry, for clients (the agent). */
export interface ToolMeta {
  category: ToolCategory | undefined;
  needsConfirmation: boolean;
  timeoutSeconds: number | undefined;
}

export function toolMetaOf(declaration: { category: ToolCategory; needsConfirmation: boolean; timeoutSeconds: number }): Record<string, unknown> {
  return {
    [TOOL_META_KEYS.category]: declaration.category,
    [TOOL_META_KEYS.needsConfirmation]: declaration.needsConfirmation,
    [TOOL_META_KEYS.timeoutSeconds]: declaration.timeoutSeconds,
  };
}

export function readToolMeta(tool: Pick<Tool, '_meta'>): ToolMeta {
  const meta = tool._meta ?? {};
  const category = meta[TOOL_META_KEYS.category];
  const timeout = meta[TOOL_META_KEYS.timeoutSeconds];
  return {
    category: (TOOL_CATEGORIES as readonly unknown[]).includes(category) ? (category as ToolCategory) : undefined,
    needsConfirmation: meta[TOOL_META_KEYS.needsConfirmation] === true,
    timeoutSeconds: typeof timeout === 'number' && timeout > 0 ? timeout : undefined,
  };
}
