/**
 * The declaration every MCP tool is written as (docs/architecture.md, "Where to add things"):
 * a plain object with its schemas, annotations and a handler. `registerTools` (server-builder.ts)
 * turns a list of them into MCP tools; tests may also call `handler` directly.
 */
import type { z } from 'zod';
import { isFailureCode, type Failure, type FailureCode } from '../core/failure.js';

/** Longest name, id or label a tool argument may be. Well above any real one; without a limit a
 *  client could send megabytes that failure messages then echo back. */
export const MAX_NAME_LENGTH = 200;

export const TOOL_CATEGORIES = [
  'status',
  'safety',
  'motion',
  'perception',
  'manipulation',
  'parameters',
  'events',
  'utility',
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

/** MCP tool annotations. All four are required so every tool states them deliberately. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** An image returned next to the structured output (MCP image content). */
export interface ToolImage {
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

/** A successful call: structured output (validated against `outputSchema`), optionally a short
 *  human summary and an image. */
export interface ToolSuccess<TOutput> {
  output: TOutput;
  summary?: string;
  image?: ToolImage;
}

/** A failed call the caller can act on: a code for programs, and a message that says what was
 *  wrong and what is allowed. It becomes the result's `structuredContent.error`. */
export interface ToolFailure {
  error: Failure;
}

export type ToolOutcome<TOutput> = ToolSuccess<TOutput> | ToolFailure;

export function toolFailure(code: FailureCode, message: string, details: Record<string, unknown> = {}): ToolFailure {
  return { error: { ...details, code, message } };
}

/** Also tells a failure from any value a robot command returns (an Operation has a string
 *  `error` of its own, so the shape of `error` decides). */
export function isToolFailure(value: unknown): value is ToolFailure {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && isFailureCode((error as Failure).code);
}

/** What a handler gets from the request besides its arguments. */
export interface ToolCallExtra {
  /** Aborted when the MCP request is cancelled (notifications/cancelled) or the connection closes. */
  signal: AbortSignal;
  /** The MCP request's id: requests a handler sends the client (an elicitation) go with it, so
   *  they travel on that request's own stream. */
  requestId?: string | number;
  /** Sends notifications/progress when the caller asked for progress (a progressToken); a no-op
   *  otherwise. Best effort: never rejects, and values that do not increase are dropped. */
  reportProgress(progress: number, total?: number, message?: string): Promise<void>;
}

export interface ToolDeclaration<
  TContext,
  TInput extends z.ZodRawShape,
  TOutput extends z.ZodObject,
> {
  /** MCP tool name: letters, digits, `_` and `-`, at most 64 characters. */
  name: string;
  title: string;
  description: string;
  /** Zod shape of the arguments object. Unknown argument names are rejected. */
  input: TInput;
  /** Zod object schema of the structured output. */
  output: TOutput;
  annotations: ToolHints;
  category: ToolCategory;
  /** True when a person should confirm the call before it runs (the agent reads this). */
  needsConfirmation: boolean;
  /** How long a call may reasonably take. Published in `_meta` for clients to use as their
   *  request timeout; long-running tools enforce their own limits in (virtual) time. */
  timeoutSeconds: number;
  handler: (
    ctx: TContext,
    args: z.infer<z.ZodObject<TInput>>,
    extra: ToolCallExtra,
  ) => Promise<ToolOutcome<z.infer<TOutput>>>;
}

/** A declaration with its schemas erased, for heterogeneous lists. A declaration for a smaller
 *  context (e.g. UtilityContext) fits a list for a larger one (a context that extends it). */
export interface AnyToolDeclaration<TContext>
  extends Omit<ToolDeclaration<TContext, z.ZodRawShape, z.ZodObject>, 'handler'> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: (ctx: TContext, args: any, extra: ToolCallExtra) => Promise<ToolOutcome<any>>;
}

/**
 * Typed constructor for declarations: fixes the context type and infers the schemas, so the
 * handler's `args` and return value are checked against them.
 *
 *     export const rollDice = defineTool<UtilityContext>()({ name: 'roll_dice', ... });
 */
export function defineTool<TContext>() {
  return <TInput extends z.ZodRawShape, TOutput extends z.ZodObject>(
    declaration: ToolDeclaration<TContext, TInput, TOutput>,
  ): ToolDeclaration<TContext, TInput, TOutput> => declaration;
}
