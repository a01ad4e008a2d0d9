import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
} from '@modelcontextprotocol/sdk/types.js';

interface RequestSchema {
  shape: { method: { value: string } };
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** The SDK's own schema for every request the robot server answers (it has every one of these
 *  capabilities). Methods outside this table go through untouched, so an unknown one still gets
 *  the SDK's -32601. */
const SCHEMAS = new Map<string, RequestSchema>(
  [
    InitializeRequestSchema,
    PingRequestSchema,
    SetLevelRequestSchema,
    ListToolsRequestSchema,
    CallToolRequestSchema,
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema,
    SubscribeRequestSchema,
    UnsubscribeRequestSchema,
    ListPromptsRequestSchema,
    GetPromptRequestSchema,
    CompleteRequestSchema,
  ].map((schema): [string, RequestSchema] => [schema.shape.method.value, schema as unknown as RequestSchema]),
);

const PAGINATED = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);

/**
 * JSON-RPC conformance the SDK (1.32) leaves out, answered before the SDK sees the request: one
 * whose params fail the method's schema gets -32602 Invalid params with a line naming the field
 * (the SDK answers -32603 "Internal error" with a zod dump), and a list request with a cursor gets
 * -32602 too — every list fits in one page, so any cursor is one we never issued, and the spec
 * wants -32602 for that where the SDK ignores it. Checked with the SDK's exported request schemas
 * on the way in, through the public Transport interface only.
 */
export class InvalidParamsReplies implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(private readonly inner: Transport) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    // Callbacks the inner transport's owner set before connecting keep running, as the SDK's
    // own connect() keeps them.
    const ownerClose = this.inner.onclose;
    const ownerError = this.inner.onerror;
    this.inner.onclose = () => {
      ownerClose?.();
      this.onclose?.();
    };
    this.inner.onerror = (error) => {
      ownerError?.(error);
      this.onerror?.(error);
    };
    this.inner.onmessage = (message, extra) => {
      const problem = isJSONRPCRequest(message) ? invalidParams(message) : undefined;
      if (problem === undefined) return this.onmessage?.(message, extra);
      const { id } = message as JSONRPCRequest;
      this.inner
        .send({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidParams, message: problem } })
        .catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
    };
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** What is wrong with a request's params, or undefined when the SDK may have it. */
export function invalidParams(request: JSONRPCRequest): string | undefined {
  const { method } = request;
  if (PAGINATED.has(method) && request.params?.cursor !== undefined) {
    return `invalid cursor: ${method} returns everything in one page; omit "cursor"`;
  }
  const parsed = SCHEMAS.get(method)?.safeParse(request);
  if (parsed === undefined || parsed.success) return undefined;
  const what = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || 'params'}: ${i.message}`).join('; ');
  return `invalid params for ${method}: ${what}`;
}
