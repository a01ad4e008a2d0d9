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
} from '@modelcontextprotocol/sdk/types.js';
import { TransportFilter } from './transports/transport-filter.js';

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
 * on the way in.
 */
export class InvalidParamsReplies extends TransportFilter {
  protected override intercept(message: JSONRPCMessage): boolean {
    if (!isJSONRPCRequest(message)) return false;
    const problem = invalidParams(message);
    if (problem === undefined) return false;
    this.reply({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InvalidParams, message: problem } });
    return true;
  }
}

/** What is wrong with a request's params, or undefined when the SDK may have it. */
function invalidParams(request: JSONRPCRequest): string | undefined {
  const { method } = request;
  if (PAGINATED.has(method) && request.params?.cursor !== undefined) {
    return `invalid cursor: ${method} returns everything in one page; omit "cursor"`;
  }
  const parsed = SCHEMAS.get(method)?.safeParse(request);
  if (parsed === undefined || parsed.success) return undefined;
  const what = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || 'params'}: ${i.message}`).join('; ');
  return `invalid params for ${method}: ${what}`;
}
