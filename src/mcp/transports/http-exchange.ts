/**
 * One POST that carried requests, from its arrival until every request in it is answered,
 * cancelled or out of time — and then the response ends, always: an exchange is never left open.
 *
 * Its answers go out as one JSON body when they are all ready at once, or on an SSE stream as soon
 * as anything else has to go out first (a progress notification, a request to the client) or the
 * answers take longer than `streamAfterMs`, so long tool calls get their headers and keep-alives
 * early. Both forms are allowed by the spec and read by every conforming client.
 */
import type { ServerResponse } from 'node:http';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

export interface ExchangeOptions {
  streamAfterMs: number;
  keepAliveMs: number;
  /** The longest the exchange stays open; then `onExpire` is told which requests are unanswered. */
  maxLifeMs: number;
  /** Headers both forms carry (the session id). */
  headers: () => Record<string, string>;
  onExpire: (ids: RequestId[]) => void;
}

const SSE_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' };

export class Exchange {
  /** pending: nothing sent yet (answers are collected for one JSON body); sse: streaming. */
  private mode: 'pending' | 'sse' | 'done' = 'pending';
  readonly waiting: Set<RequestId>;
  private readonly answers: JSONRPCMessage[] = [];
  private readonly streamTimer: NodeJS.Timeout;
  private readonly lifeTimer: NodeJS.Timeout;
  private keepAlive?: NodeJS.Timeout;

  constructor(
    readonly res: ServerResponse,
    ids: readonly RequestId[],
    private readonly batch: boolean,
    private readonly options: ExchangeOptions,
  ) {
    this.waiting = new Set(ids);
    this.streamTimer = setTimeout(() => this.openStream(), options.streamAfterMs);
    this.lifeTimer = setTimeout(() => options.onExpire([...this.waiting]), options.maxLifeMs);
    this.lifeTimer.unref();
  }

  get done(): boolean {
    return this.mode === 'done';
  }

  /** A notification or request related to one of its requests: it goes out on the stream, now. */
  push(message: JSONRPCMessage): void {
    this.openStream();
    writeEvent(this.res, message);
  }

  /** The answer to one of its requests. */
  answer(id: RequestId, message: JSONRPCMessage): void {
    if (!this.waiting.delete(id)) return;
    if (this.mode === 'sse') writeEvent(this.res, message);
    else this.answers.push(message);
    if (this.waiting.size === 0) this.complete();
  }

  /** A request that will get no answer (the client cancelled it): no longer waited for. */
  drop(id: RequestId): void {
    if (this.waiting.delete(id) && this.waiting.size === 0) this.complete();
  }

  /** Stops the timers; an open stream is ended. Also what happens when the client hangs up. */
  finish(): void {
    clearTimeout(this.streamTimer);
    clearTimeout(this.lifeTimer);
    clearInterval(this.keepAlive);
    if (this.mode === 'sse' && !this.res.writableEnded) this.res.end();
    this.mode = 'done';
  }

  private complete(): void {
    if (this.mode === 'pending' && this.answers.length > 0) {
      const text = JSON.stringify(this.batch ? this.answers : this.answers[0]);
      const headers = { ...this.options.headers(), 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) };
      if (!this.res.destroyed) this.res.writeHead(200, headers).end(text);
    } else {
      // Nothing to send (every request was cancelled): an empty stream, ended at once.
      this.openStream();
    }
    this.finish();
  }

  /** Turns a pending exchange into an SSE stream (headers now, answers collected so far first). */
  private openStream(): void {
    if (this.mode !== 'pending') return;
    clearTimeout(this.streamTimer);
    this.mode = 'sse';
    if (this.res.destroyed) return;
    this.res.writeHead(200, { ...SSE_HEADERS, ...this.options.headers() });
    this.res.flushHeaders();
    for (const answer of this.answers.splice(0)) writeEvent(this.res, answer);
    this.keepAlive = keepAlive(this.res, this.options.keepAliveMs);
  }
}

/** An SSE stream's headers (with the session's). */
export function sseHeaders(extra: Record<string, string>): Record<string, string> {
  return { ...SSE_HEADERS, ...extra };
}

export function writeEvent(res: ServerResponse, message: JSONRPCMessage): void {
  if (!res.writableEnded && !res.destroyed) res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

/** An SSE comment every `ms` so proxies keep the stream; undefined when disabled. */
export function keepAlive(res: ServerResponse, ms: number): NodeJS.Timeout | undefined {
  if (!(ms > 0)) return undefined;
  const timer = setInterval(() => {
    if (!res.writableEnded && !res.destroyed) res.write(': keepalive\n\n');
  }, ms);
  timer.unref();
  return timer;
}
