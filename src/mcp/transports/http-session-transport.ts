/**
 * The server side of one Streamable HTTP session, on Node's http module directly.
 *
 * It replaces the SDK's StreamableHTTPServerTransport (1.32), which converts every Node request
 * into a web-standard Request, answers through a ReadableStream piped back by @hono/node-server and
 * always opens an SSE stream: about three socket writes and a dozen promise hops per call, which
 * capped the robot server near 1,200 calls/s on two cores. Each POST with requests is an Exchange
 * (http-exchange.ts): one JSON body when the answers are ready at once, SSE otherwise.
 *
 * Every request is answered exactly once, or the client is told it never will be: the envelope is
 * checked with the SDK's schemas before the server sees it (json-rpc-envelope.ts; what the SDK would
 * drop is answered -32600 here), SessionLifecycle refuses what stdio refuses (initialize twice,
 * batches outside 2025-03-26, an id still in use — which would otherwise take over the running
 * request's exchange), a cancelled request's exchange ends without it, and an exchange open longer
 * than `maxExchangeMs` answers its requests with a timeout and cancels them.
 *
 * Protocol rules kept from the SDK transport: Accept and Content-Type checks (406, 415),
 * Mcp-Session-Id (400 without, 404 when wrong), Mcp-Protocol-Version (400 when unsupported),
 * notifications-only POSTs (202), one standalone GET stream per session (409), DELETE ends the
 * session. Not supported: resumability (Last-Event-ID), which the spec leaves optional.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { Exchange, keepAlive, sseHeaders, writeEvent } from './http-exchange.js';
import { headerValue as header, sendJson, sendJsonRpcError as replyError } from './http-io.js';
import { asMessage, cancelledRequestId, errorReply, requestsIn, type Envelope } from './json-rpc-envelope.js';
import { SessionLifecycle, notInitialized } from './session-lifecycle.js';

export interface HttpSessionTransportOptions {
  sessionIdGenerator: () => string;
  /** Called once the session has an id (during its initialize request). */
  onsessioninitialized?: (sessionId: string) => void;
  /** A POST not answered after this many ms becomes an SSE stream. Default 100. */
  streamAfterMs?: number;
  /** SSE comment sent this often on open streams so proxies keep them. Default 15 000. */
  keepAliveMs?: number;
  /** The longest a POST stays open; its unanswered requests then get a timeout error and are
   *  cancelled. Default 900 000 (15 min: longer than any robot tool's own time limit). */
  maxExchangeMs?: number;
}

export const DEFAULT_MAX_EXCHANGE_MS = 900_000;

export class HttpSessionTransport implements Transport {
  sessionId?: string;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** Something happened: a request came in, an exchange or stream ended (for idle timing). */
  onactivity?: () => void;
  /** A client hung up with requests still running and no stream left to answer them on. */
  onabandoned?: () => void;
  /** Why the session is closing, for the answers still owed (set before close()). */
  closeReason = 'the server is shutting down';

  private closed = false;
  private readonly lifecycle = new SessionLifecycle();
  /** Request id → the POST that answers it. */
  private readonly exchanges = new Map<RequestId, Exchange>();
  /** Requests still running whose POST the client hung up on: their answers have nowhere to go. */
  private readonly orphans = new Set<RequestId>();
  private standalone?: { res: ServerResponse; keepAlive?: NodeJS.Timeout };
  private readonly streamAfterMs: number;
  private readonly keepAliveMs: number;
  private readonly maxExchangeMs: number;

  constructor(private readonly options: HttpSessionTransportOptions) {
    this.streamAfterMs = options.streamAfterMs ?? 100;
    this.keepAliveMs = options.keepAliveMs ?? 15_000;
    this.maxExchangeMs = options.maxExchangeMs ?? DEFAULT_MAX_EXCHANGE_MS;
  }

  async start(): Promise<void> {}

  /** True while a request runs or a stream is open: such a session is never idle. */
  get busy(): boolean {
    return this.exchanges.size > 0 || this.orphans.size > 0 || this.standalone !== undefined;
  }

  /** Handles POST (with its envelope already read), GET and DELETE on the MCP endpoint. */
  async handleRequest(req: IncomingMessage, res: ServerResponse, envelope?: Envelope & { ok: true }): Promise<void> {
    if (this.closed) return replyError(res, 404, -32001, 'Session not found: it ended; send initialize again');
    this.onactivity?.();
    if (req.method === 'POST' && envelope) return this.post(req, res, envelope);
    if (req.method === 'GET') return this.get(req, res);
    if (req.method === 'DELETE') return this.delete(req, res);
    res.setHeader('Allow', 'GET, POST, DELETE');
    return replyError(res, 405, -32000, 'Method not allowed');
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.lifecycle.noteSent(message);
    const answer = isAnswer(message);
    const id = answer ? (message as { id?: RequestId }).id : options?.relatedRequestId;
    if (answer && id !== undefined) this.orphans.delete(id);
    const exchange = id === undefined ? undefined : this.exchanges.get(id);
    if (!exchange) {
      // An answer nobody waits for (the client hung up), or a message for the standalone stream
      // (server notifications, or one related to a request already answered).
      if (!answer) this.toStandalone(message);
      return;
    }
    if (!answer) return exchange.push(message);
    this.exchanges.delete(id!);
    exchange.answer(id!, message);
    if (exchange.done) this.onactivity?.();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Requests still running get an answer rather than a stream that just ends (which SDK clients
    // sit on until their request timeout).
    for (const [id, exchange] of [...this.exchanges]) {
      exchange.answer(id, asMessage(errorReply(id, -32000, `The session closed before the request finished: ${this.closeReason}`)));
    }
    this.exchanges.clear();
    this.orphans.clear();
    if (this.standalone) {
      clearInterval(this.standalone.keepAlive);
      this.standalone.res.end();
      this.standalone = undefined;
    }
    this.onclose?.();
  }

  private post(req: IncomingMessage, res: ServerResponse, { messages, batch }: Envelope & { ok: true }): void {
    const accept = header(req, 'accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return replyError(res, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (!/^application\/json\s*(;|$)/i.test(header(req, 'content-type') ?? '')) {
      return replyError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const initialize = messages.some((m) => 'method' in m && m.method === 'initialize');
    if (!initialize) {
      const problem = this.sessionProblem(req);
      if (problem) return replyError(res, ...problem);
    }
    const refusal = this.lifecycle.admit(messages, batch, (id) => this.exchanges.has(id) || this.orphans.has(id));
    if (refusal) return sendJson(res, 400, refusal);
    if (initialize) {
      this.sessionId = this.options.sessionIdGenerator();
      this.options.onsessioninitialized?.(this.sessionId);
    }
    const extra: MessageExtraInfo = { requestInfo: { headers: req.headers } };
    const ids = requestsIn(messages).map((m) => m.id);
    if (ids.length === 0) {
      res.writeHead(202).end();
      this.deliver(messages, extra);
      return;
    }
    const exchange = new Exchange(res, ids, batch, {
      streamAfterMs: this.streamAfterMs,
      keepAliveMs: this.keepAliveMs,
      maxLifeMs: this.maxExchangeMs,
      headers: () => this.sessionHeaders(),
      onExpire: (expired) => this.expire(expired),
    });
    for (const id of ids) this.exchanges.set(id, exchange);
    res.on('close', () => this.hungUp(exchange));
    this.deliver(messages, extra);
  }

  private deliver(messages: JSONRPCMessage[], extra: MessageExtraInfo): void {
    for (const m of messages) {
      const cancelled = cancelledRequestId(m);
      if (cancelled !== undefined) this.cancelled(cancelled);
      this.onmessage?.(m, extra);
    }
  }

  /** The server sends nothing for a request the client cancelled: its exchange stops waiting. */
  private cancelled(requestId: RequestId): void {
    this.orphans.delete(requestId);
    const exchange = this.exchanges.get(requestId);
    if (!exchange) return;
    this.exchanges.delete(requestId);
    exchange.drop(requestId);
    if (exchange.done) this.onactivity?.();
  }

  /** Requests past the exchange's time limit: answered with a timeout, and cancelled (through the
   *  SDK's own notifications/cancelled handling) so nothing keeps running for an answer no one
   *  will get — a robot motion among them. */
  private expire(ids: RequestId[]): void {
    const seconds = Math.round(this.maxExchangeMs / 1000);
    for (const id of ids) {
      const exchange = this.exchanges.get(id);
      if (!exchange) continue;
      this.exchanges.delete(id);
      exchange.answer(id, asMessage(errorReply(id, -32001, `Request timed out: no answer after ${seconds} s, the longest a request is kept open; it was cancelled`)));
      this.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: `no answer after ${seconds} s` } });
    }
    this.onactivity?.();
  }

  /** The client closed the POST before all its answers went out. A disconnect is not a
   *  cancellation: the requests keep running while the session has a stream to answer on. */
  private hungUp(exchange: Exchange): void {
    if (exchange.done) return;
    for (const id of exchange.waiting) {
      if (this.exchanges.get(id) !== exchange) continue;
      this.exchanges.delete(id);
      this.orphans.add(id);
    }
    exchange.finish();
    this.afterStreamEnded();
  }

  private afterStreamEnded(): void {
    this.onactivity?.();
    if (this.orphans.size > 0 && this.exchanges.size === 0 && !this.standalone && !this.closed) this.onabandoned?.();
  }

  private get(req: IncomingMessage, res: ServerResponse): void {
    if (!(header(req, 'accept') ?? '').includes('text/event-stream')) {
      return replyError(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    }
    const problem = this.sessionProblem(req);
    if (problem) return replyError(res, ...problem);
    if (this.standalone) return replyError(res, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
    res.writeHead(200, sseHeaders(this.sessionHeaders()));
    res.flushHeaders();
    const stream: { res: ServerResponse; keepAlive?: NodeJS.Timeout } = { res, keepAlive: keepAlive(res, this.keepAliveMs) };
    this.standalone = stream;
    res.on('close', () => {
      clearInterval(stream.keepAlive);
      if (this.standalone !== stream) return;
      this.standalone = undefined;
      this.afterStreamEnded();
    });
  }

  private async delete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const problem = this.sessionProblem(req);
    if (problem) return replyError(res, ...problem);
    res.writeHead(200).end();
    this.closeReason = 'the client ended the session (DELETE)';
    await this.close();
  }

  /** [status, code, message] when the request may not use this session. */
  private sessionProblem(req: IncomingMessage): [number, number, string] | undefined {
    if (this.sessionId === undefined) {
      const { code, message } = notInitialized(null).error;
      return [400, code, message];
    }
    const id = header(req, 'mcp-session-id');
    if (!id) return [400, -32000, 'Bad Request: Mcp-Session-Id header is required'];
    if (id !== this.sessionId) return [404, -32001, 'Session not found'];
    const version = header(req, 'mcp-protocol-version');
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return [400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`];
    }
    return undefined;
  }

  private toStandalone(message: JSONRPCMessage): void {
    if (this.standalone) writeEvent(this.standalone.res, message);
  }

  private sessionHeaders(): Record<string, string> {
    return this.sessionId === undefined ? {} : { 'mcp-session-id': this.sessionId };
  }
}

function isAnswer(message: JSONRPCMessage): boolean {
  return !('method' in message) && ('result' in message || 'error' in message);
}
