/**
 * The server side of MCP's stdio transport: one JSON-RPC message (or, in 2025-03-26, one batch)
 * per line on stdin, answers as lines on stdout.
 *
 * It replaces the SDK's StdioServerTransport (1.32), which answers nothing it cannot parse (it
 * reports it through onerror, without the request's id), rejects every batch, and, when a line
 * outgrows its 10 MiB read buffer, closes itself without a word while the process stays up. Here
 * every line gets an answer or reaches the server: -32700 for a line that is not JSON, -32600 for
 * JSON that fails the SDK's message schemas (see json-rpc-envelope.ts) and for a line over
 * `maxLineBytes`, which is logged once, dropped up to its newline, and the connection keeps serving.
 * The lifecycle rules (initialize first and once, batches, request ids) are SessionLifecycle's,
 * the same as HTTP's.
 */
import type { Readable, Writable } from 'node:stream';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, type MessageExtraInfo, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { asMessage, cancelledRequestId, errorReply, readEnvelope, requestsIn, type ErrorReply } from './json-rpc-envelope.js';
import { SessionLifecycle } from './session-lifecycle.js';
import type { EarlyAnswer } from './stdio-fast-initialize.js';

export interface StdioLineTransportOptions {
  /** Longest line accepted, bytes. Default: the SDK's stdio read-buffer limit (10 MiB). */
  maxLineBytes?: number;
  log?: (line: string) => void;
  /** An initialize already answered before the server loaded (stdio-fast-initialize.ts): the
   *  server's own reply to it is not written again. */
  answeredEarly?: EarlyAnswer;
}

const NEWLINE = 0x0a;

export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  private readonly maxLineBytes: number;
  private readonly log: (line: string) => void;
  private readonly lifecycle = new SessionLifecycle();
  /** Requests the server has and has not answered. */
  private readonly running = new Set<RequestId>();
  /** Request id → the batch whose one array line it is answered in. */
  private readonly batches = new Map<RequestId, { waiting: Set<RequestId>; answers: JSONRPCMessage[] }>();
  private parts: Buffer[] = [];
  private size = 0;
  /** Inside a line that went over the limit: bytes are dropped up to its newline. */
  private dropping = false;
  private closed = false;
  private answeredEarly: EarlyAnswer | undefined;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    options: StdioLineTransportOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
    this.log = options.log ?? (() => {});
    this.answeredEarly = options.answeredEarly;
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.lifecycle.noteSent(message);
    const id = 'id' in message && !('method' in message) ? message.id : undefined;
    if (id !== undefined) this.running.delete(id);
    if (id !== undefined && id === this.answeredEarly?.id) return this.dropEarlyAnswered(message);
    const batch = id === undefined ? undefined : this.batches.get(id);
    if (!batch || id === undefined) return this.write(message);
    this.batches.delete(id);
    batch.waiting.delete(id);
    batch.answers.push(message);
    if (batch.waiting.size === 0) return this.write(batch.answers);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    // Let the process exit once nothing else reads stdin (as the SDK's transport does).
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.parts = [];
    this.onclose?.();
  }

  /** The client already has this answer; a difference (which the tests rule out) is worth a line. */
  private dropEarlyAnswered(message: JSONRPCMessage): void {
    const early = this.answeredEarly;
    this.answeredEarly = undefined;
    if (early && serializeMessage(message) !== early.line) this.log(`stdio: the early initialize answer differs from the server's: ${serializeMessage(message).trimEnd()}`);
  }

  private readonly onStdinError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let start = 0; start < bytes.length; ) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline;
      if (!this.dropping) {
        if (this.size + end - start > this.maxLineBytes) this.overflow();
        else {
          this.parts.push(bytes.subarray(start, end));
          this.size += end - start;
        }
      }
      if (newline === -1) break;
      if (!this.dropping) this.line(Buffer.concat(this.parts, this.size).toString('utf8'));
      this.parts = [];
      this.size = 0;
      this.dropping = false;
      start = newline + 1;
    }
  };

  /** Answered as soon as the limit is passed, not at the newline, which may never come. */
  private overflow(): void {
    this.parts = [];
    this.size = 0;
    this.dropping = true;
    const message = `Invalid Request: the line is over ${this.maxLineBytes} bytes, the most accepted; it was dropped`;
    this.log(`stdio: ${message}`);
    this.reply(errorReply(null, ErrorCode.InvalidRequest, message));
  }

  private line(text: string): void {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.refuse(errorReply(null, ErrorCode.ParseError, 'Parse error: the line is not valid JSON'));
    }
    const envelope = readEnvelope(value);
    if (!envelope.ok) return this.refuse(envelope.reply);
    const refusal = this.lifecycle.admit(envelope.messages, envelope.batch, (id) => this.running.has(id));
    if (refusal) return this.refuse(refusal);
    const ids = requestsIn(envelope.messages).map((m) => m.id);
    if (envelope.batch && ids.length > 0) {
      const batch = { waiting: new Set(ids), answers: [] };
      for (const id of ids) this.batches.set(id, batch);
    }
    for (const id of ids) this.running.add(id);
    // The client already has the answer to an initialize answered early: the session is ready now.
    const early = this.answeredEarly;
    if (early && envelope.messages.some((m) => 'method' in m && m.method === 'initialize' && 'id' in m && m.id === early.id)) {
      this.lifecycle.noteSent(JSON.parse(early.line) as JSONRPCMessage);
    }
    for (const message of envelope.messages) {
      this.noteCancellation(message);
      this.onmessage?.(message);
    }
  }

  /** The server sends nothing for a request the client cancelled: it is no longer running. */
  private noteCancellation(message: JSONRPCMessage): void {
    const requestId = cancelledRequestId(message);
    if (requestId === undefined) return;
    this.running.delete(requestId);
    const batch = this.batches.get(requestId);
    if (!batch) return;
    this.batches.delete(requestId);
    batch.waiting.delete(requestId);
    if (batch.waiting.size === 0 && batch.answers.length > 0) void this.write(batch.answers);
  }

  private refuse(reply: ErrorReply): void {
    this.log(`stdio: ${reply.error.message}`);
    this.reply(reply);
  }

  private reply(reply: ErrorReply): void {
    this.write(asMessage(reply)).catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
  }

  private write(message: JSONRPCMessage | JSONRPCMessage[]): Promise<void> {
    const line = Array.isArray(message) ? `${JSON.stringify(message)}\n` : serializeMessage(message);
    return new Promise((resolve) => {
      if (this.stdout.write(line)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
