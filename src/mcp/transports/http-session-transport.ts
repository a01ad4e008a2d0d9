/**
 * The server side of one Streamable HTTP session, on Node's http module directly.
 *
 * It replaces the SDK's StreamableHTTPServerTransport (1.32), which converts every Node request
 * into a web-standard Request, answers through a ReadableStream piped back by @hono/node-server and
 * always opens an SSE stream: about three socket writes and a dozen promise hops per call, which
 * capped the robot server near 1,200 calls/s on two cores. Here a POST is answered with a single
 * JSON body when its answers are ready at once, and upgraded to an SSE stream as soon as anything
 * else has to go out first (a progress notification, a request to the client) or the answer takes
 * longer than `streamAfterMs` — so long tool calls still get their headers and keep-alives early.
 * Both forms are allowed by the spec and read by every conforming client.
 *
 * Protocol rules kept from the SDK transport: Accept and Content-Type checks (406, 415), one
 * initialize per session (400 -32600), Mcp-Session-Id (400 without, 404 when wrong),
 * Mcp-Protocol-Version (400 when unsupported), notifications-only POSTs (202), one standalone GET
 * stream per session (409), DELETE ends the session. Not supported: resumability (Last-Event-ID),
 * which the spec leaves optional.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type MessageExtraInfo, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { headerValue as header, sendJsonRpcError as replyError } from './http-io.js';

export interface HttpSessionTransportOptions {
  sessionIdGenerator: () => string;
  /** Called once the session has an id (during its initialize request). */
  onsessioninitialized?: (sessionId: string) => void;
  /** A POST not answered after this many ms becomes an SSE stream. Default 100. */
  streamAfterMs?: number;
  /** SSE comment sent this often on open streams so proxies keep them. Default 15 000. */
  keepAliveMs?: number;
}

/** One POST that carried requests, until all of them are answered. */
interface Exchange {
  res: ServerResponse;
  /** pending: nothing sent yet (answers are collected for one JSON body); sse: streaming. */
  mode: 'pending' | 'sse' | 'done';
  waiting: Set<RequestId>;
  answers: JSONRPCMessage[];
  batch: boolean;
  timer?: NodeJS.Timeout;
  keepAlive?: NodeJS.Timeout;
}

const SSE_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' };

export class HttpSessionTransport implements Transport {
  sessionId?: string;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  private initialized = false;
  private closed = false;
  /** Request id → the POST that answers it. */
  private readonly exchanges = new Map<RequestId, Exchange>();
  private standalone?: { res: ServerResponse; keepAlive?: NodeJS.Timeout };
  private readonly streamAfterMs: number;
  private readonly keepAliveMs: number;

  constructor(private readonly options: HttpSessionTransportOptions) {
    this.streamAfterMs = options.streamAfterMs ?? 100;
    this.keepAliveMs = options.keepAliveMs ?? 15_000;
  }

  async start(): Promise<void> {}

  /** Handles POST (with the body already parsed as JSON), GET and DELETE on the MCP endpoint. */
  async handleRequest(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void> {
    if (this.closed) return replyError(res, 404, -32001, 'Session not found');
    if (req.method === 'POST') return this.post(req, res, parsedBody);
    if (req.method === 'GET') return this.get(req, res);
    if (req.method === 'DELETE') return this.delete(req, res);
    res.setHeader('Allow', 'GET, POST, DELETE');
    return replyError(res, 405, -32000, 'Method not allowed');
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const answer = isAnswer(message);
    const id = answer ? (message as { id?: RequestId }).id : options?.relatedRequestId;
    const exchange = id === undefined ? undefined : this.exchanges.get(id);
    if (!exchange) {
      // An answer nobody waits for (the client hung up), or a message for the standalone stream
      // (server notifications, or one related to a request already answered).
      if (!answer) this.toStandalone(message);
      return;
    }
    if (!answer) {
      this.openStream(exchange);
      writeEvent(exchange.res, message);
      return;
    }
    exchange.waiting.delete(id!);
    this.exchanges.delete(id!);
    if (exchange.mode === 'sse') {
      writeEvent(exchange.res, message);
    } else {
      exchange.answers.push(message);
    }
    if (exchange.waiting.size > 0) return;
    if (exchange.mode === 'pending') {
      const text = JSON.stringify(exchange.batch ? exchange.answers : exchange.answers[0]);
      const headers: Record<string, string | number> = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) };
      if (this.sessionId !== undefined) headers['mcp-session-id'] = this.sessionId;
      if (!exchange.res.destroyed) exchange.res.writeHead(200, headers).end(text);
    }
    this.finish(exchange);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Requests still running get an answer rather than a stream that just ends (which SDK clients
    // sit on until their request timeout).
    for (const exchange of new Set(this.exchanges.values())) {
      for (const id of [...exchange.waiting]) {
        void this.send({ jsonrpc: '2.0', id, error: { code: -32000, message: 'The session closed (server shutting down) before the request finished' } });
      }
    }
    this.exchanges.clear();
    if (this.standalone) {
      clearInterval(this.standalone.keepAlive);
      this.standalone.res.end();
      this.standalone = undefined;
    }
    this.onclose?.();
  }

  private post(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const accept = header(req, 'accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return replyError(res, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (!/^application\/json\s*(;|$)/i.test(header(req, 'content-type') ?? '')) {
      return replyError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const batch = Array.isArray(body);
    const messages = (batch ? body : [body]) as unknown[];
    if (messages.length === 0 || !messages.every(isJsonRpcMessage)) {
      return replyError(res, 400, -32600, 'Invalid Request: the body is JSON but not a JSON-RPC 2.0 message');
    }
    const valid = messages as JSONRPCMessage[];
    if (valid.some((m) => 'method' in m && m.method === 'initialize')) {
      if (this.initialized) return replyError(res, 400, -32600, 'Invalid Request: Server already initialized');
      if (valid.length > 1) return replyError(res, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
      this.sessionId = this.options.sessionIdGenerator();
      this.initialized = true;
      this.options.onsessioninitialized?.(this.sessionId);
    } else {
      const problem = this.sessionProblem(req);
      if (problem) return replyError(res, ...problem);
    }
    const extra: MessageExtraInfo = { requestInfo: { headers: req.headers } };
    const ids = valid.filter((m) => 'method' in m && 'id' in m).map((m) => (m as { id: RequestId }).id);
    if (ids.length === 0) {
      res.writeHead(202).end();
      for (const m of valid) this.onmessage?.(m, extra);
      return;
    }
    const exchange: Exchange = { res, mode: 'pending', waiting: new Set(ids), answers: [], batch };
    for (const id of ids) this.exchanges.set(id, exchange);
    exchange.timer = setTimeout(() => this.openStream(exchange), this.streamAfterMs);
    res.on('close', () => {
      // The client hung up before all answers went out: forget the request (it keeps running;
      // a disconnect is not a cancellation).
      if (exchange.mode === 'done') return;
      for (const id of exchange.waiting) if (this.exchanges.get(id) === exchange) this.exchanges.delete(id);
      this.finish(exchange);
    });
    for (const m of valid) this.onmessage?.(m, extra);
  }

  private get(req: IncomingMessage, res: ServerResponse): void {
    if (!(header(req, 'accept') ?? '').includes('text/event-stream')) {
      return replyError(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    }
    const problem = this.sessionProblem(req);
    if (problem) return replyError(res, ...problem);
    if (this.standalone) return replyError(res, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
    res.writeHead(200, this.sseHeaders());
    res.flushHeaders();
    const stream: { res: ServerResponse; keepAlive?: NodeJS.Timeout } = { res, keepAlive: this.keepAlive(res) };
    this.standalone = stream;
    res.on('close', () => {
      clearInterval(stream.keepAlive);
      if (this.standalone === stream) this.standalone = undefined;
    });
  }

  private async delete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const problem = this.sessionProblem(req);
    if (problem) return replyError(res, ...problem);
    res.writeHead(200).end();
    await this.close();
  }

  /** [status, code, message] when the request may not use this session. */
  private sessionProblem(req: IncomingMessage): [number, number, string] | undefined {
    if (!this.initialized) return [400, -32000, 'Bad Request: Server not initialized'];
    const id = header(req, 'mcp-session-id');
    if (!id) return [400, -32000, 'Bad Request: Mcp-Session-Id header is required'];
    if (id !== this.sessionId) return [404, -32001, 'Session not found'];
    const version = header(req, 'mcp-protocol-version');
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return [400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`];
    }
    return undefined;
  }

  /** Turns a pending exchange into an SSE stream (headers now, answers collected so far first). */
  private openStream(exchange: Exchange): void {
    if (exchange.mode !== 'pending') return;
    clearTimeout(exchange.timer);
    exchange.mode = 'sse';
    if (exchange.res.destroyed) return;
    exchange.res.writeHead(200, this.sseHeaders());
    exchange.res.flushHeaders();
    for (const answer of exchange.answers.splice(0)) writeEvent(exchange.res, answer);
    exchange.keepAlive = this.keepAlive(exchange.res);
  }

  private finish(exchange: Exchange): void {
    clearTimeout(exchange.timer);
    clearInterval(exchange.keepAlive);
    if (exchange.mode === 'sse' && !exchange.res.writableEnded) exchange.res.end();
    exchange.mode = 'done';
  }

  private toStandalone(message: JSONRPCMessage): void {
    if (this.standalone) writeEvent(this.standalone.res, message);
  }

  private sseHeaders(): Record<string, string> {
    return this.sessionId === undefined ? SSE_HEADERS : { ...SSE_HEADERS, 'mcp-session-id': this.sessionId };
  }

  private keepAlive(res: ServerResponse): NodeJS.Timeout | undefined {
    if (!(this.keepAliveMs > 0)) return undefined;
    const timer = setInterval(() => {
      if (!res.writableEnded && !res.destroyed) res.write(': keepalive\n\n');
    }, this.keepAliveMs);
    timer.unref();
    return timer;
  }
}

function writeEvent(res: ServerResponse, message: JSONRPCMessage): void {
  if (!res.writableEnded && !res.destroyed) res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

function isAnswer(message: JSONRPCMessage): boolean {
  return !('method' in message) && ('result' in message || 'error' in message);
}

const isRequestId = (id: unknown) => typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const NOTIFICATION_KEYS = new Set(['jsonrpc', 'method', 'params']);
const RESULT_KEYS = new Set(['jsonrpc', 'id', 'result']);
const ERROR_KEYS = new Set(['jsonrpc', 'id', 'error']);

/** The JSON-RPC 2.0 envelope as the SDK's (strict) schemas define it, checked by hand: the zod
 *  parse per message was a measurable share of each call. The SDK validates params per method. */
function isJsonRpcMessage(m: unknown): boolean {
  if (!isPlainObject(m) || m.jsonrpc !== '2.0') return false;
  const keys = Object.keys(m);
  if (typeof m.method === 'string') {
    if (m.params !== undefined && !isPlainObject(m.params)) return false;
    if ('id' in m) return isRequestId(m.id) && keys.every((k) => REQUEST_KEYS.has(k));
    return keys.every((k) => NOTIFICATION_KEYS.has(k));
  }
  if ('result' in m) return isRequestId(m.id) && isPlainObject(m.result) && keys.every((k) => RESULT_KEYS.has(k));
  if ('error' in m) {
    const e = m.error;
    return (m.id === undefined || isRequestId(m.id)) && isPlainObject(e) && Number.isInteger(e.code) && typeof e.message === 'string' && keys.every((k) => ERROR_KEYS.has(k));
  }
  return false;
}
