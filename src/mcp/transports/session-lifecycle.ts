/**
 * What stdio and HTTP refuse before the server sees it, with the same JSON-RPC code and message
 * on both (HTTP adds a 400 status): requests before initialize, a second initialize, batches the
 * negotiated protocol version does not have, and a request id still in use. The SDK's Server
 * itself executes requests before initialize, re-runs initialize, and lets a second request with
 * a running request's id take over its cancellation.
 */
import { ErrorCode, isJSONRPCErrorResponse, isJSONRPCResultResponse, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { errorReply, requestsIn, type ErrorReply } from './json-rpc-envelope.js';

/** JSON-RPC batches are in exactly one MCP version: 2025-03-26 added them ("MUST support receiving
 *  JSON-RPC batches") and 2025-06-18 removed them; 2024-11-05 never had them. A batch is accepted
 *  only when that version was negotiated, and refused -32600 otherwise — on stdio and HTTP alike. */
const BATCH_VERSIONS = new Set(['2025-03-26']);

/** The same refusal for a request that comes before initialize, on every transport. */
export function notInitialized(id: RequestId | null): ErrorReply {
  return errorReply(id, ErrorCode.ConnectionClosed, 'Bad Request: Server not initialized: send initialize first (over HTTP, then send its Mcp-Session-Id with every request)');
}

function alreadyInitialized(id: RequestId): ErrorReply {
  return errorReply(id, ErrorCode.InvalidRequest, 'Invalid Request: Server already initialized: initialize is sent once per session');
}

type Stage = 'new' | 'initializing' | 'ready';

export class SessionLifecycle {
  private stage: Stage = 'new';
  private initializeId?: RequestId;
  private version?: string;

  /** The reply refusing these messages (one line or one POST), or undefined when the server may
   *  have them. `running(id)` says whether a request with this id is still unanswered. */
  admit(messages: readonly JSONRPCMessage[], batch: boolean, running: (id: RequestId) => boolean): ErrorReply | undefined {
    const requests = requestsIn(messages);
    const initialize = requests.find((r) => r.method === 'initialize');
    if (initialize) {
      if (this.stage !== 'new') return alreadyInitialized(initialize.id);
      if (batch) return errorReply(null, ErrorCode.InvalidRequest, 'Invalid Request: initialize must be sent alone, not in a batch');
    } else if (this.stage !== 'ready') {
      const early = requests.find((r) => r.method !== 'ping');
      if (early) return notInitialized(batch ? null : early.id);
    }
    if (batch && this.stage === 'ready' && !BATCH_VERSIONS.has(this.version ?? '')) {
      return errorReply(null, ErrorCode.InvalidRequest, `Invalid Request: protocol version ${this.version} has no JSON-RPC batches (only 2025-03-26 does); send one message at a time`);
    }
    const seen = new Set<RequestId>();
    for (const { id } of requests) {
      // The refusal's id is null: with the running request's id, the client would take it as that
      // request's answer.
      if (running(id) || seen.has(id)) {
        return errorReply(null, ErrorCode.InvalidRequest, `Invalid Request: request id ${JSON.stringify(id)} is already in use by a request still running; give every request a new id`);
      }
      seen.add(id);
    }
    if (initialize) {
      this.stage = 'initializing';
      this.initializeId = initialize.id;
    }
    return undefined;
  }

  /** Watches outgoing messages for the answer to initialize: a result makes the session ready at
   *  the protocol version it names; an error lets the client try initialize again. */
  noteSent(message: JSONRPCMessage): void {
    if (this.stage !== 'initializing' || !('id' in message) || message.id !== this.initializeId) return;
    if (isJSONRPCResultResponse(message)) {
      this.stage = 'ready';
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      this.version = typeof version === 'string' ? version : undefined;
    } else if (isJSONRPCErrorResponse(message)) {
      this.stage = 'new';
    }
  }

  get protocolVersion(): string | undefined {
    return this.version;
  }
}
