/**
 * The JSON-RPC envelope check both network transports share, and what both read of the messages
 * (their requests, a cancellation's request id): a parsed HTTP body or stdio line is checked with
 * the SDK's own message schemas, so nothing passed on to the server is a message the SDK would
 * drop unanswered (its Protocol ignores anything that fails JSONRPCRequestSchema, e.g.
 * `params: {"_meta": 5}` or an object as progressToken). What fails is answered here, -32600.
 */
import {
  CancelledNotificationSchema,
  ErrorCode,
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
  RequestIdSchema,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error reply. `id` is null when the request's id could not be read (JSON-RPC 2.0 §5). */
export interface ErrorReply {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: number; message: string };
}

export type Envelope = { ok: true; messages: JSONRPCMessage[]; batch: boolean } | { ok: false; reply: ErrorReply };

export function errorReply(id: RequestId | null, code: number, message: string): ErrorReply {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** The reply as the SDK's message type, for Transport.send (which has no id: null in its types). */
export function asMessage(reply: ErrorReply): JSONRPCMessage {
  return reply as unknown as JSONRPCMessage;
}

/** A request among the messages of one body or line: the server owes it an answer. */
export type IncomingRequest = JSONRPCMessage & { id: RequestId; method: string };

/** The requests among one body's or line's messages (notifications and answers are owed nothing). */
export function requestsIn(messages: readonly JSONRPCMessage[]): IncomingRequest[] {
  return messages.filter((m): m is IncomingRequest => 'method' in m && 'id' in m);
}

/** The id of the request a notifications/cancelled names; undefined for any other message. */
export function cancelledRequestId(message: JSONRPCMessage): RequestId | undefined {
  if (!('method' in message) || message.method !== 'notifications/cancelled') return undefined;
  return CancelledNotificationSchema.safeParse(message).data?.params.requestId;
}

/** The messages of one parsed body or line (an array is a batch), or the -32600 reply for it. */
export function readEnvelope(value: unknown): Envelope {
  const batch = Array.isArray(value);
  const items: unknown[] = batch ? value : [value];
  if (items.length === 0) return { ok: false, reply: errorReply(null, ErrorCode.InvalidRequest, 'Invalid Request: an empty batch') };
  const messages: JSONRPCMessage[] = [];
  for (const item of items) {
    const parsed = JSONRPCMessageSchema.safeParse(item);
    if (!parsed.success) return { ok: false, reply: invalidRequest(item) };
    messages.push(parsed.data);
  }
  return { ok: true, messages, batch };
}

/** -32600 naming the first field wrong, checked against the schema of the kind the item looks like
 *  (the union's own error says only "Invalid input"). The id is echoed when a request carried a
 *  valid one, so the client can match the refusal to its request. */
function invalidRequest(item: unknown): ErrorReply {
  const record = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
  if (!record || record.jsonrpc !== '2.0') {
    return errorReply(null, ErrorCode.InvalidRequest, 'Invalid Request: the JSON is not a JSON-RPC 2.0 message ("jsonrpc": "2.0" and a method, or a result or error)');
  }
  const isCall = typeof record.method === 'string' || 'params' in record;
  const schema = isCall
    ? 'id' in record
      ? JSONRPCRequestSchema
      : JSONRPCNotificationSchema
    : 'error' in record
      ? JSONRPCErrorResponseSchema
      : JSONRPCResultResponseSchema;
  const issue = schema.safeParse(item).error?.issues[0];
  const where = issue ? `${issue.path.map(String).join('.') || 'message'}: ${issue.message}` : 'not a request, notification or response';
  const id = isCall && RequestIdSchema.safeParse(record.id).success ? (record.id as RequestId) : null;
  return errorReply(id, ErrorCode.InvalidRequest, `Invalid Request: ${where}`);
}
