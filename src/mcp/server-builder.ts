/**
 * Builds MCP tools from declarations: registers each with the SDK's McpServer and converts the
 * handler's outcome into a CallToolResult. Transport-agnostic.
 *
 * Argument validation is the SDK's (McpServer validates `arguments` against the input schema
 * before the handler runs and returns a failure as an `isError` result, not a protocol error).
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CallsInFlight, RequestNotifier } from './calls-in-flight.js';
import { z } from 'zod';
import { FAILURE_CODES } from '../core/failure.js';
import { isToolFailure, type AnyToolDeclaration, type ToolCallExtra, type ToolOutcome } from './tool-declaration.js';
import { toolMetaOf } from './tool-meta.js';
import { failureResult } from './tool-result.js';
import { detailValue } from './portable-schemas.js';

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export interface RegisterToolsOptions {
  /** Called when a handler throws (a programming error); the caller still gets an isError result. */
  onInternalError?: (toolName: string, error: unknown) => void;
  /** Where running calls are registered with their request-bound notifier (robot-log-messages). */
  callsInFlight?: CallsInFlight;
}

/** The part of the SDK's request-handler `extra` that we use. */
interface SdkCallExtra {
  signal: AbortSignal;
  requestId: string | number;
  _meta?: { progressToken?: string | number };
  sendNotification: RequestNotifier;
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
      const leave = options.callsInFlight?.enter((sdkExtra as SdkCallExtra).sendNotification);
      let outcome: ToolOutcome<unknown>;
      try {
        outcome = await declaration.handler(ctx, args as never, extra);
      } catch (error) {
        options.onInternalError?.(name, error);
        return failureResult('internal', `internal error in tool ${name}: ${describeError(error)}`);
      } finally {
        leave?.();
      }
      return outcomeToResult(outcome);
    };

    return server.registerTool(
      name,
      {
        title: declaration.title,
        description: declaration.description,
        inputSchema: inputSchemaOf(declaration),
        outputSchema: outputSchemaOf(declaration.output),
        annotations: { title: declaration.title, ...declaration.annotations },
        _meta: toolMetaOf(declaration),
      },
      // The SDK's callback type is generic over the schema; ours is checked by defineTool.
      callback as never,
    );
  });
}

const inputSchemas = new WeakMap<object, z.ZodObject>();

/** The arguments schema a declaration is registered with, built once: the SDK validates calls
 *  with it and ToolCallReplies refuses bad ones with it before the SDK does. Strict: a misspelt
 *  argument name is an error that names it, not silently dropped. */
export function inputSchemaOf(declaration: { input: z.ZodRawShape }): z.ZodObject {
  let schema = inputSchemas.get(declaration.input);
  if (!schema) inputSchemas.set(declaration.input, (schema = z.strictObject(declaration.input)));
  return schema;
}

/** Converts a handler outcome into the MCP result: structured content plus a text block (the
 *  summary, if any, then the JSON) for clients that read only text; failures become isError
 *  results whose `structuredContent.error` carries the code. */
export function outcomeToResult(outcome: ToolOutcome<unknown>): CallToolResult {
  if (isToolFailure(outcome)) {
    const { code, message, ...details } = outcome.error;
    return failureResult(code, message, details);
  }
  const content: CallToolResult['content'] = [];
  if (outcome.summary) content.push({ type: 'text', text: outcome.summary });
  content.push({ type: 'text', text: JSON.stringify(outcome.output) });
  if (outcome.image) {
    content.push({ type: 'image', data: outcome.image.data, mimeType: outcome.image.mimeType });
  }
  return { content, structuredContent: outcome.output as Record<string, unknown> };
}

const outputSchemas = new WeakMap<z.ZodObject, z.ZodObject>();

/** The output schema a declaration is registered with, built once per process: every connection
 *  (an HTTP session, a mission's in-process server) registers the same tools again. */
function outputSchemaOf(success: z.ZodObject): z.ZodObject {
  let schema = outputSchemas.get(success);
  if (!schema) outputSchemas.set(success, (schema = successOrFailure(success)));
  return schema;
}

/** `structuredContent.error` of a failed result, as every output schema declares it: the code,
 *  the message, and details (known zones, a new id, …) whose values are named, not free-form. */
const failureSchema = z
  .object({
    code: z.enum(FAILURE_CODES),
    message: z.string(),
  })
  .catchall(detailValue);

/**
 * The output schema a tool publishes: its success shape, or `{ error }`. The SDK Client checks
 * `structuredContent` against the published schema even on isError results, so a failure must
 * fit it too. Still one object schema (MCP wants `type: object` at the root): success fields
 * become optional, the JSON Schema's `anyOf` says which set is required, and a refinement keeps
 * the server's own check of a success as strict as the declared shape.
 */
function successOrFailure(success: z.ZodObject): z.ZodObject {
  // The fields a success must have: those that do not accept undefined (no output has defaults).
  // Read from the shape: converting every schema to JSON Schema here cost most of a server's build.
  const required = Object.entries(success.shape as Record<string, z.ZodType>)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
  // An operation's own `error` (its message) shares the name: either fits there.
  const own = success.shape.error as z.ZodType | undefined;
  return success
    .partial()
    .extend({ error: (own ? z.union([failureSchema, own]) : failureSchema).optional() })
    .superRefine((value, ctx) => {
      if (failureSchema.safeParse(value.error).success) return;
      const parsed = success.safeParse(value);
      if (!parsed.success) for (const { message, path } of parsed.error.issues) ctx.addIssue({ code: 'custom', message, path, input: value });
    })
    .meta({ anyOf: [{ required }, { required: ['error'] }] });
}

function toToolCallExtra(sdkExtra: SdkCallExtra): ToolCallExtra {
  const progressToken = sdkExtra._meta?.progressToken;
  let last = -Infinity;
  return {
    signal: sdkExtra.signal,
    requestId: sdkExtra.requestId,
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
