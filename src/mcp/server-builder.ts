/**
 * Builds MCP tools from declarations: registers each with the SDK's McpServer and converts the
 * handler's outcome into a CallToolResult. Transport-agnostic.
 *
 * Argument validation is the SDK's (McpServer validates `arguments` against the input schema
 * before the handler runs and returns a failure as an `isError` result, not a protocol error).
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  TOOL_CATEGORIES,
  isToolFailure,
  type AnyToolDeclaration,
  type ToolCallExtra,
  type ToolCategory,
  type ToolOutcome,
} from './tool-declaration.js';

/** Keys under which each tool's `_meta` (visible in tools/list) carries our extra metadata. */
export const TOOL_META_KEYS = {
  category: 'robot-agent/category',
  needsConfirmation: 'robot-agent/needsConfirmation',
  timeoutSeconds: 'robot-agent/timeoutSeconds',
} as const;

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export interface RegisterToolsOptions {
  /** Called when a handler throws (a programming error); the caller still gets an isError result. */
  onInternalError?: (toolName: string, error: unknown) => void;
}

/** The part of the SDK's request-handler `extra` that we use. */
interface SdkCallExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification: (notification: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>;
}

export function registerTools<TContext>(
  server: McpServer,
  declarations: readonly AnyToolDeclaration<NoInfer<TContext>>[],
  ctx: TContext,
  options: RegisterToolsOptions = {},
): RegisteredTool[] {
  const seen = new Set<string>();
  return declarations.map((declaration) => {
    const { name } = declaration;
    if (!TOOL_NAME.test(name)) {
      throw new Error(`invalid tool name "${name}": use 1-64 letters, digits, "_" or "-"`);
    }
    if (seen.has(name)) throw new Error(`tool "${name}" is declared twice`);
    seen.add(name);

    const callback = async (args: unknown, sdkExtra: unknown): Promise<CallToolResult> => {
      const extra = toToolCallExtra(sdkExtra as SdkCallExtra);
      let outcome: ToolOutcome<unknown>;
      try {
        outcome = await declaration.handler(ctx, args as never, extra);
      } catch (error) {
        options.onInternalError?.(name, error);
        return errorResult(`internal error in tool ${name}: ${describeError(error)}`);
      }
      return outcomeToResult(outcome);
    };

    return server.registerTool(
      name,
      {
        title: declaration.title,
        description: declaration.description,
        // Strict: a misspelt argument name is an error that names it, not silently dropped.
        inputSchema: z.strictObject(declaration.input),
        outputSchema: declaration.output,
        annotations: { title: declaration.title, ...declaration.annotations },
        _meta: {
          [TOOL_META_KEYS.category]: declaration.category,
          [TOOL_META_KEYS.needsConfirmation]: declaration.needsConfirmation,
          [TOOL_META_KEYS.timeoutSeconds]: declaration.timeoutSeconds,
        },
      },
      // The SDK's callback type is generic over the schema; ours is checked by defineTool.
      callback as never,
    );
  });
}

/** Converts a handler outcome into the MCP result: structured content plus a text block (the
 *  summary, if any, then the JSON) for clients that read only text; failures become isError. */
export function outcomeToResult(outcome: ToolOutcome<unknown>): CallToolResult {
  if (isToolFailure(outcome)) return errorResult(outcome.error);
  const content: CallToolResult['content'] = [];
  if (outcome.summary) content.push({ type: 'text', text: outcome.summary });
  content.push({ type: 'text', text: JSON.stringify(outcome.output) });
  if (outcome.image) {
    content.push({ type: 'image', data: outcome.image.data, mimeType: outcome.image.mimeType });
  }
  return { content, structuredContent: outcome.output as Record<string, unknown> };
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Our metadata as published in a tools/list entry, for clients (the agent). */
export interface ToolMeta {
  category: ToolCategory | undefined;
  needsConfirmation: boolean;
  timeoutSeconds: number | undefined;
}

export function readToolMeta(tool: Pick<Tool, '_meta'>): ToolMeta {
  const meta = tool._meta ?? {};
  const category = meta[TOOL_META_KEYS.category];
  const timeout = meta[TOOL_META_KEYS.timeoutSeconds];
  return {
    category: (TOOL_CATEGORIES as readonly unknown[]).includes(category)
      ? (category as ToolCategory)
      : undefined,
    needsConfirmation: meta[TOOL_META_KEYS.needsConfirmation] === true,
    timeoutSeconds: typeof timeout === 'number' && timeout > 0 ? timeout : undefined,
  };
}

function toToolCallExtra(sdkExtra: SdkCallExtra): ToolCallExtra {
  const progressToken = sdkExtra._meta?.progressToken;
  let last = -Infinity;
  return {
    signal: sdkExtra.signal,
    async reportProgress(progress, total, message) {
      if (progressToken === undefined || sdkExtra.signal.aborted) return;
      if (!Number.isFinite(progress) || progress <= last) return; // spec: progress must increase
      last = progress;
      const params: { progressToken: string | number; progress: number; total?: number; message?: string } = {
        progressToken,
        progress,
      };
      if (total !== undefined) params.total = total;
      if (message !== undefined) params.message = message;
      try {
        await sdkExtra.sendNotification({ method: 'notifications/progress', params });
      } catch {
        // Progress is advisory: a closed connection must not fail the tool.
      }
    },
  };
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
