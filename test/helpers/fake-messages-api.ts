/**
 * A local fake of the Anthropic Messages API (POST /v1/messages) for tests.
 *
 * The real `@anthropic-ai/sdk` is pointed at it through `baseURL`; nothing in the SDK is mocked,
 * so its request building, retry policy, SSE parsing and message accumulation are all exercised.
 *
 *   const api = await startFakeMessagesApi([
 *     fail.overloaded(),                       // 1st HTTP attempt: 529 (the SDK retries)
 *     turn([text('Looking.'), toolUse('scan', { sweep: 360 })]),
 *     turn([text('Done.')], { usage: { input_tokens: 900, output_tokens: 12 } }),
 *   ]);
 *   const client = new Anthropic({ apiKey: 'test', baseURL: api.baseURL });
 *   ...
 *   api.requests[1].body.tools  // what the SDK actually sent
 *   await api.close();
 *
 * Each HTTP attempt (retries included) consumes one step of the script. A step is a scripted
 * assistant turn, an HTTP failure, or a mid-stream error. When the script runs out the server
 * answers 500 with `x-should-retry: false`, so a test that makes one call too many fails clearly
 * instead of hanging in retries.
 *
 * Streaming requests (`"stream": true`) get the real SSE event sequence: message_start, ping,
 * per block content_block_start / content_block_delta (text_delta, input_json_delta in several
 * pieces, thinking_delta + signature_delta) / content_block_stop, then message_delta (stop_reason,
 * stop_details, usage) and message_stop. Non-streaming requests get the whole Message as JSON.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// ---------------------------------------------------------------------------------------------
// Script types

export type FakeStopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded';

export type FakeBlock =
  | {
      type: 'text';
      text: string;
      /** How the text is split into text_delta events (default: word by word). */
      chunks?: string[];
    }
  | {
      type: 'tool_use';
      id?: string;
      name: string;
      input: unknown;
      /**
       * The input_json_delta pieces, exactly as sent. Default: JSON.stringify(input) cut into
       * 7-character pieces after an initial empty piece, as the real API does.
       */
      partialJson?: string[];
    }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'redacted_thinking'; data: string };

export interface FakeUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

export interface FakeTurn {
  kind: 'turn';
  content: FakeBlock[];
  /** Default: 'tool_use' when the content has a tool_use block, else 'end_turn'. */
  stop_reason?: FakeStopReason;
  stop_sequence?: string | null;
  stop_details?: { type: 'refusal'; category: string | null; explanation: string | null } | null;
  usage?: FakeUsage;
  /** Model id reported in the response. Default: the model of the request. */
  model?: string;
  /**
   * Streaming only: send this many SSE events, then stop writing and keep the connection open until
   * the client goes away (for abort tests; no timers involved).
   */
  stallAfterEvents?: number;
}

export interface FakeFailure {
  kind: 'failure';
  status: number;
  /** Anthropic error type, e.g. 'rate_limit_error', 'overloaded_error', 'authentication_error'. */
  type: string;
  message: string;
  headers?: Record<string, string>;
}

/** Streaming only: start a normal 200 SSE response, then send an `event: error` after some events. */
export interface FakeStreamError {
  kind: 'stream-error';
  type: string;
  message: string;
  /** Number of SSE events of `turn` sent before the error (default 1: just message_start). */
  afterEvents?: number;
  turn?: FakeTurn;
}

export type FakeStep = FakeTurn | FakeFailure | FakeStreamError;

export interface RecordedRequest {
  /** 0-based index of the HTTP request (every attempt counts). */
  index: number;
  method: string;
  path: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The parsed JSON body (undefined if it was not JSON). */
  body: any;
  stream: boolean;
}

export type FakeScript =
  | FakeStep[]
  | ((body: any, request: RecordedRequest) => FakeStep | Promise<FakeStep>);

export interface FakeMessagesApi {
  /** e.g. http://127.0.0.1:41234 — give it to the SDK as `baseURL`. */
  readonly baseURL: string;
  /** Every request received, in order (retries included). */
  readonly requests: RecordedRequest[];
  /** Only the POST /v1/messages requests whose answer was a scripted turn (not a failure). */
  readonly answered: RecordedRequest[];
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Script builders

export const text = (value: string, chunks?: string[]): FakeBlock => ({ type: 'text', text: value, chunks });

let toolIdCounter = 0;
export const toolUse = (
  name: string,
  input: unknown,
  options: { id?: string; partialJson?: string[] } = {},
): FakeBlock => ({
  type: 'tool_use',
  id: options.id ?? `toolu_fake_${String(++toolIdCounter).padStart(4, '0')}`,
  name,
  input,
  partialJson: options.partialJson,
});

export const thinking = (value: string, signature = 'sig-fake'): FakeBlock => ({
  type: 'thinking',
  thinking: value,
  signature,
});

export function turn(content: FakeBlock[], options: Omit<FakeTurn, 'kind' | 'content'> = {}): FakeTurn {
  return { kind: 'turn', content, ...options };
}

/** Ready-made failures, shaped like the real API's error responses. */
export const fail = {
  /** 429 with `retry-after-ms: 1` so the SDK's retry waits 1 ms. */
  rateLimited(message = 'Number of request tokens has exceeded your per-minute rate limit'): FakeFailure {
    return { kind: 'failure', status: 429, type: 'rate_limit_error', message, headers: fastRetry() };
  },
  overloaded(message = 'Overloaded'): FakeFailure {
    return { kind: 'failure', status: 529, type: 'overloaded_error', message, headers: fastRetry() };
  },
  serverError(message = 'Internal server error'): FakeFailure {
    return { kind: 'failure', status: 500, type: 'api_error', message, headers: fastRetry() };
  },
  unauthorized(message = 'invalid x-api-key'): FakeFailure {
    return { kind: 'failure', status: 401, type: 'authentication_error', message };
  },
  badRequest(message: string): FakeFailure {
    return { kind: 'failure', status: 400, type: 'invalid_request_error', message };
  },
  notFound(message: string): FakeFailure {
    return { kind: 'failure', status: 404, type: 'not_found_error', message };
  },
  /** Mid-stream `event: error` (e.g. overloaded_error after message_start), as the real API can send. */
  midStream(type = 'overloaded_error', message = 'Overloaded', afterEvents = 1): FakeStreamError {
    return { kind: 'stream-error', type, message, afterEvents };
  },
};

/** `n` copies of a step, e.g. `...times(3, fail.rateLimited())`. */
export function times<T extends FakeStep>(n: number, step: T): T[] {
  return Array.from({ length: n }, () => step);
}

/**
 * Headers that make the SDK retry immediately. Quirk: the SDK only honours a retry delay that is
 * strictly positive — `retry-after: 0` falls back to its default exponential backoff
 * (0.5 s, 1 s, 2 s, ...), so 1 ms via `retry-after-ms` is the fastest honoured value.
 */
function fastRetry(): Record<string, string> {
  return { 'retry-after-ms': '1', 'retry-after': '0' };
}

// ---------------------------------------------------------------------------------------------
// Server

export async function startFakeMessagesApi(script: FakeScript): Promise<FakeMessagesApi> {
  const requests: RecordedRequest[] = [];
  const answered: RecordedRequest[] = [];
  const steps = Array.isArray(script) ? [...script] : undefined;
  let scriptedCalls = 0;
  let messageCounter = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        sendError(res, 500, 'api_error', `fake Messages API crashed: ${String(error)}`, {
          'x-should-retry': 'false',
        });
      } else {
        res.destroy();
      }
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let body: any;
    try {
      body = raw.length ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value ?? '');
    }
    const record: RecordedRequest = {
      index: requests.length,
      method: req.method ?? 'GET',
      path,
      headers,
      body,
      stream: body?.stream === true,
    };
    requests.push(record);

    if (record.method !== 'POST' || path !== '/v1/messages') {
      sendError(res, 404, 'not_found_error', `fake Messages API: no route ${record.method} ${path}`);
      return;
    }
    if (body === undefined) {
      sendError(res, 400, 'invalid_request_error', 'fake Messages API: body is not JSON');
      return;
    }

    let step: FakeStep | undefined;
    if (steps) {
      step = steps.shift();
    } else {
      step = await (script as Exclude<FakeScript, FakeStep[]>)(body, record);
    }
    scriptedCalls++;
    if (!step) {
      sendError(
        res,
        500,
        'api_error',
        `fake Messages API: script exhausted (request #${scriptedCalls} has no scripted step)`,
        { 'x-should-retry': 'false' },
      );
      return;
    }

    if (step.kind === 'failure') {
      sendError(res, step.status, step.type, step.message, step.headers);
      return;
    }

    const model = String(body.model ?? 'unknown-model');
    const id = `msg_fake_${String(++messageCounter).padStart(4, '0')}`;
    if (step.kind === 'stream-error') {
      if (!record.stream) {
        sendError(res, 529, step.type, step.message, { 'x-should-retry': 'false' });
        return;
      }
      const events = sseEvents(step.turn ?? turn([text('partial answer')]), id, model);
      await writeSse(res, events.slice(0, step.afterEvents ?? 1), {
        type: 'error',
        error: { type: step.type, message: step.message },
      });
      return;
    }

    answered.push(record);
    if (record.stream) {
      const events = sseEvents(step, id, model);
      if (step.stallAfterEvents !== undefined) {
        await writeSse(res, events.slice(0, step.stallAfterEvents), undefined, true);
      } else {
        await writeSse(res, events);
      }
    } else {
      const message = fullMessage(step, id, model);
      const json = JSON.stringify(message);
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(json),
        'request-id': `req_fake_${record.index}`,
      });
      res.end(json);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Response shapes

type SseEvent = { event: string; data: unknown };

function stopReasonOf(t: FakeTurn): FakeStopReason {
  return t.stop_reason ?? (t.content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
}

function usageOf(t: FakeTurn) {
  return {
    input_tokens: t.usage?.input_tokens ?? 100,
    output_tokens: t.usage?.output_tokens ?? 20,
    cache_creation_input_tokens: t.usage?.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: t.usage?.cache_read_input_tokens ?? 0,
  };
}

function completeBlock(b: FakeBlock): Record<string, unknown> {
  switch (b.type) {
    case 'text':
      return { type: 'text', text: b.text, citations: null };
    case 'tool_use':
      return { type: 'tool_use', id: b.id ?? 'toolu_fake', name: b.name, input: b.input, caller: { type: 'direct' } };
    case 'thinking':
      return { type: 'thinking', thinking: b.thinking, signature: b.signature ?? 'sig-fake' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: b.data };
  }
}

function messageEnvelope(t: FakeTurn, id: string, model: string) {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model: t.model ?? model,
    content: [] as unknown[],
    container: null,
    diagnostics: null,
    stop_reason: null as string | null,
    stop_sequence: null as string | null,
    stop_details: null as unknown,
  };
}

function fullMessage(t: FakeTurn, id: string, model: string) {
  const message = messageEnvelope(t, id, model);
  message.content = t.content.map(completeBlock);
  message.stop_reason = stopReasonOf(t);
  message.stop_sequence = t.stop_sequence ?? null;
  message.stop_details = t.stop_details ?? null;
  return {
    ...message,
    usage: { ...usageOf(t), cache_creation: null, inference_geo: null, server_tool_use: null, service_tier: 'standard' },
  };
}

function defaultTextChunks(value: string): string[] {
  const pieces = value.match(/\S+\s*|\s+/g) ?? [];
  return pieces.length ? pieces : [value];
}

function defaultJsonChunks(input: unknown): string[] {
  const json = JSON.stringify(input ?? {});
  const pieces = [''];
  for (let i = 0; i < json.length; i += 7) pieces.push(json.slice(i, i + 7));
  return pieces;
}

/** The event sequence the real API sends for a turn. */
function sseEvents(t: FakeTurn, id: string, model: string): SseEvent[] {
  const usage = usageOf(t);
  const start = messageEnvelope(t, id, model);
  const events: SseEvent[] = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          ...start,
          usage: {
            input_tokens: usage.input_tokens,
            output_tokens: 1,
            cache_creation_input_tokens: usage.cache_creation_input_tokens,
            cache_read_input_tokens: usage.cache_read_input_tokens,
            cache_creation: null,
            inference_geo: null,
            server_tool_use: null,
            service_tier: 'standard',
          },
        },
      },
    },
    { event: 'ping', data: { type: 'ping' } },
  ];
  t.content.forEach((b, index) => {
    const delta = (d: Record<string, unknown>): SseEvent => ({
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index, delta: d },
    });
    switch (b.type) {
      case 'text':
        events.push({
          event: 'content_block_start',
          data: { type: 'content_block_start', index, content_block: { type: 'text', text: '', citations: null } },
        });
        for (const piece of b.chunks ?? defaultTextChunks(b.text)) events.push(delta({ type: 'text_delta', text: piece }));
        break;
      case 'tool_use':
        events.push({
          event: 'content_block_start',
          data: {
            type: 'content_block_start',
            index,
            content_block: { type: 'tool_use', id: b.id ?? 'toolu_fake', name: b.name, input: {}, caller: { type: 'direct' } },
          },
        });
        for (const piece of b.partialJson ?? defaultJsonChunks(b.input)) {
          events.push(delta({ type: 'input_json_delta', partial_json: piece }));
        }
        break;
      case 'thinking':
        events.push({
          event: 'content_block_start',
          data: { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } },
        });
        events.push(delta({ type: 'thinking_delta', thinking: b.thinking }));
        events.push(delta({ type: 'signature_delta', signature: b.signature ?? 'sig-fake' }));
        break;
      case 'redacted_thinking':
        events.push({
          event: 'content_block_start',
          data: { type: 'content_block_start', index, content_block: { type: 'redacted_thinking', data: b.data } },
        });
        break;
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: {
        stop_reason: stopReasonOf(t),
        stop_sequence: t.stop_sequence ?? null,
        stop_details: t.stop_details ?? null,
        container: null,
      },
      usage: {
        output_tokens: usage.output_tokens,
        input_tokens: usage.input_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens,
        cache_read_input_tokens: usage.cache_read_input_tokens,
      },
    },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events;
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const json = JSON.stringify({ type: 'error', error: { type, message }, request_id: 'req_fake_error' });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
    'request-id': 'req_fake_error',
    ...headers,
  });
  res.end(json);
}

/** Writes SSE events one write each (so the client sees separate chunks), then an optional error event. */
async function writeSse(
  res: ServerResponse,
  events: SseEvent[],
  errorData?: unknown,
  stall = false,
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'request-id': 'req_fake_stream',
  });
  for (const e of events) {
    await write(res, `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
  }
  if (errorData !== undefined) {
    await write(res, `event: error\ndata: ${JSON.stringify(errorData)}\n\n`);
  }
  if (stall) {
    // Hold the response open until the client disconnects (or the server closes).
    await new Promise<void>((resolve) => {
      if (res.destroyed) return resolve();
      res.once('close', () => resolve());
    });
    return;
  }
  res.end();
}

function write(res: ServerResponse, chunk: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    res.write(chunk, () => resolve());
  });
}
