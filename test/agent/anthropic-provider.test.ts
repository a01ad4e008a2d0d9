import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderError, type ModelRequest } from '../../src/agent/model-provider.js';
import { AnthropicProvider, DEFAULT_ANTHROPIC_MODEL } from '../../src/agent/providers/anthropic.js';
import { estimateCostUsd } from '../../src/agent/providers/anthropic-pricing.js';
import {
  fail,
  startFakeMessagesApi,
  text,
  thinking,
  times,
  toolUse,
  turn,
  type FakeMessagesApi,
  type FakeScript,
} from '../helpers/fake-messages-api.js';

const TOOLS: Tool[] = [
  {
    name: 'get_status',
    description: 'Battery, pose and what the robot holds.',
    input_schema: { type: 'object', properties: {} },
  },
  {
    name: 'navigate_to',
    description: 'Drive to a point of the map.',
    input_schema: {
      type: 'object',
      properties: { x: { type: 'number' }, y: { type: 'number' } },
      required: ['x', 'y'],
    },
  },
];

const USER: MessageParam[] = [{ role: 'user', content: 'pick up the red cube' }];

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return { system: 'You control a warehouse robot.', messages: USER, tools: TOOLS, maxTokens: 1024, ...overrides };
}

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function setup(script: FakeScript, options: { model?: string; maxRetries?: number } = {}) {
  api = await startFakeMessagesApi(script);
  const provider = new AnthropicProvider({ apiKey: 'sk-ant-test', baseURL: api.baseURL, ...options });
  return { api, provider };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('AnthropicProvider against the fake Messages API (real SDK)', () => {
  it('parses a streamed text + tool_use turn and forwards text deltas to onText', async () => {
    const { api, provider } = await setup([
      turn(
        [
          text('Heading to the shelf first.', ['Heading ', 'to the ', 'shelf first.']),
          toolUse('navigate_to', { x: 4, y: 2.5 }, { id: 'toolu_01', partialJson: ['', '{"x": 4', ', "y"', ': 2.5}'] }),
        ],
        { usage: { input_tokens: 1200, output_tokens: 42 } },
      ),
    ]);
    const deltas: string[] = [];
    const result = await provider.next(request({ onText: (d) => deltas.push(d) }));

    expect(deltas).toEqual(['Heading ', 'to the ', 'shelf first.']);
    expect(result.content).toEqual([
      { type: 'text', text: 'Heading to the shelf first.' },
      { type: 'tool_use', id: 'toolu_01', name: 'navigate_to', input: { x: 4, y: 2.5 } },
    ]);
    expect(result.stopReason).toBe('tool_use');
    expect(result.model).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(result.usage).toEqual({ inputTokens: 1200, outputTokens: 42, cacheReadTokens: 0, cacheWriteTokens: 0 });
    // The turn is plain data: it survives a JSON round trip unchanged (replay files, logs).
    expect(JSON.parse(JSON.stringify(result.content))).toEqual(result.content);
    expect(api.requests).toHaveLength(1);
  });

  it('sends the model, streaming, the key, and cache_control on the system prompt and the last tool only', async () => {
    const { api, provider } = await setup([turn([text('ok')])], { model: 'claude-opus-5-5' });
    await provider.next(request());

    const [received] = api.requests;
    expect(received!.path).toBe('/v1/messages');
    // SDK 1.x sends the API key as `Authorization: Bearer <key>` (0.x used `x-api-key`).
    const auth = received!.headers['x-api-key'] ?? received!.headers['authorization']?.replace(/^Bearer /, '');
    expect(auth).toBe('sk-ant-test');
    expect(received!.headers['anthropic-version']).toBeTruthy();
    const body = received!.body;
    expect(body.model).toBe('claude-opus-5-5');
    expect(body.stream).toBe(true);
    expect(body.max_tokens).toBe(1024);
    expect(body.system).toEqual([
      { type: 'text', text: 'You control a warehouse robot.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(body.tools).toEqual([TOOLS[0], { ...TOOLS[1], cache_control: { type: 'ephemeral' } }]);
    expect(body.messages).toEqual(USER);
    // The caller's tool list is not mutated.
    expect(TOOLS[1]).not.toHaveProperty('cache_control');
  });

  it('uses the newest Sonnet as the default model and leaves out an empty system prompt and tool list', async () => {
    const { api, provider } = await setup([turn([text('hello')])]);
    expect(provider.name).toBe('anthropic');
    expect(provider.model).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(DEFAULT_ANTHROPIC_MODEL).toMatch(/^claude-sonnet-/);
    await provider.next(request({ system: '', tools: [] }));
    const body = api.requests[0]!.body;
    expect(body.model).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(body).not.toHaveProperty('system');
    expect(body).not.toHaveProperty('tools');
  });

  it('lets the SDK retry 429 and 529 answers, then returns the turn', async () => {
    const { api, provider } = await setup([fail.rateLimited(), fail.overloaded(), turn([text('made it')])], {
      maxRetries: 4,
    });
    const result = await provider.next(request());
    expect(result.content).toEqual([{ type: 'text', text: 'made it' }]);
    expect(api.requests).toHaveLength(3);
    expect(api.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1', '2']);
    // Every attempt sends the same body.
    expect(api.requests[2]!.body).toEqual(api.requests[0]!.body);
  });

  it('retries a 500 too', async () => {
    const { api, provider } = await setup([fail.serverError(), turn([text('fine')])], { maxRetries: 1 });
    expect((await provider.next(request())).content).toEqual([{ type: 'text', text: 'fine' }]);
    expect(api.requests).toHaveLength(2);
  });

  it('throws a clear ProviderError when the 529 retries are exhausted', async () => {
    const { api, provider } = await setup(times(5, fail.overloaded()), { maxRetries: 4 });
    const error = await rejection(provider.next(request()));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toBe(
      'Anthropic API overloaded (529) after 4 retries; try again later or use --provider planner',
    );
    expect((error as ProviderError).retryable).toBe(true);
    expect(api.requests).toHaveLength(5);
  });

  it('uses the SDK default retry count when none is given (429 exhausted)', async () => {
    const { api, provider } = await setup(times(10, fail.rateLimited('slow down')));
    const error = (await rejection(provider.next(request()))) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    const retries = api.requests.length - 1;
    expect(retries).toBeGreaterThanOrEqual(1);
    expect(error.message).toBe(
      `Anthropic API rate limit exceeded (429) after ${retries} ${retries === 1 ? 'retry' : 'retries'}: slow down; try again later or use --provider planner`,
    );
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('does not retry a 401 and says the key was rejected', async () => {
    const { api, provider } = await setup([fail.unauthorized(), turn([text('never')])]);
    const error = (await rejection(provider.next(request()))) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe(
      'Anthropic API rejected the API key (401 authentication_error): invalid x-api-key; check ANTHROPIC_API_KEY or use --provider planner',
    );
    expect(error.retryable).toBe(false);
    expect(api.requests).toHaveLength(1);
  });

  it('reports what the API said for a 400', async () => {
    const { provider } = await setup([fail.badRequest('messages.1.content.0: unexpected `tool_use_id`')]);
    const error = (await rejection(provider.next(request()))) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe(
      'Anthropic API rejected the request (400 invalid_request_error): messages.1.content.0: unexpected `tool_use_id`',
    );
  });

  it('names the model on a 404', async () => {
    const { provider } = await setup([fail.notFound('model: claude-nope')], { model: 'claude-nope' });
    const error = (await rejection(provider.next(request()))) as ProviderError;
    expect(error.message).toContain('not found (404 not_found_error): model: claude-nope');
    expect(error.message).toContain('"claude-nope"');
  });

  it('says it cannot reach the API when nothing listens at the URL', async () => {
    const port = await freePort();
    const provider = new AnthropicProvider({ apiKey: 'k', baseURL: `http://127.0.0.1:${port}`, maxRetries: 0 });
    const error = (await rejection(provider.next(request()))) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toMatch(
      new RegExp(`^cannot reach the Anthropic API at http://127\\.0\\.0\\.1:${port}( \\(ECONNREFUSED\\))?; try again later`),
    );
    expect(error.retryable).toBe(true);
  });

  it('reports an overloaded error sent inside the stream', async () => {
    const { provider } = await setup([fail.midStream('overloaded_error', 'Overloaded', 1)], { maxRetries: 0 });
    const error = (await rejection(provider.next(request()))) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe(
      'Anthropic API overloaded (overloaded_error) while streaming the reply; try again later or use --provider planner',
    );
    expect(error.retryable).toBe(true);
  });

  it('maps the stop reasons max_tokens, refusal, pause_turn, stop_sequence and end_turn', async () => {
    const reasons = ['max_tokens', 'refusal', 'pause_turn', 'stop_sequence', 'end_turn'] as const;
    const { provider } = await setup(
      reasons.map((stop_reason) =>
        turn([text(`stopped by ${stop_reason}`)], {
          stop_reason,
          ...(stop_reason === 'refusal'
            ? { stop_details: { type: 'refusal' as const, category: null, explanation: 'not allowed' } }
            : {}),
          ...(stop_reason === 'stop_sequence' ? { stop_sequence: 'END' } : {}),
        }),
      ),
    );
    const got: string[] = [];
    for (const _ of reasons) got.push((await provider.next(request())).stopReason);
    expect(got).toEqual([...reasons]);
  });

  it('keeps a max_tokens turn with a cut-off tool input as partial data', async () => {
    const { provider } = await setup([
      turn([toolUse('navigate_to', {}, { id: 'toolu_cut', partialJson: ['', '{"x": 4, "y"'] })], {
        stop_reason: 'max_tokens',
      }),
    ]);
    const result = await provider.next(request());
    expect(result.stopReason).toBe('max_tokens');
    expect(result.content).toEqual([{ type: 'tool_use', id: 'toolu_cut', name: 'navigate_to', input: { x: 4 } }]);
  });

  it('keeps thinking blocks with their signature, and does not stream them as text', async () => {
    const { provider } = await setup([turn([thinking('The cube is probably on the shelf.', 'sig-123'), text('On it.')])]);
    const deltas: string[] = [];
    const result = await provider.next(request({ onText: (d) => deltas.push(d) }));
    expect(result.content).toEqual([
      { type: 'thinking', thinking: 'The cube is probably on the shelf.', signature: 'sig-123' },
      { type: 'text', text: 'On it.' },
    ]);
    expect(deltas.join('')).toBe('On it.');
  });

  it('reports usage with cache reads and writes, and prices it', async () => {
    const usage = { input_tokens: 50, output_tokens: 300, cache_creation_input_tokens: 4000, cache_read_input_tokens: 20000 };
    const { provider } = await setup([turn([text('done')], { usage })]);
    const result = await provider.next(request());
    expect(result.usage).toEqual({ inputTokens: 50, outputTokens: 300, cacheReadTokens: 20000, cacheWriteTokens: 4000 });

    // claude-sonnet-5-5: $2 in, $10 out, $2.50 cache write (5 min), $0.10 cache read per MTok.
    const expected = (50 * 2 + 300 * 10 + 4000 * 2.5 + 20000 * 0.1) / 1e6;
    expect(provider.costUsd(result.usage)).toBeCloseTo(expected, 12);
    expect(estimateCostUsd('claude-haiku-4-5-20251001', result.usage)).toBeCloseTo(
      (50 * 1 + 300 * 5 + 4000 * 1.25 + 20000 * 0.1) / 1e6,
      12,
    );
    expect(estimateCostUsd('claude-unknown-9', result.usage)).toBeUndefined();
    expect(new AnthropicProvider({ apiKey: 'k', model: 'some-gateway-model' }).costUsd(result.usage)).toBeUndefined();
  });

  it('aborts the stream when request.signal fires and rejects with the abort reason', async () => {
    const { api, provider } = await setup([turn([text('one two three four')], { stallAfterEvents: 4 })]);
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await rejection(
      provider.next(
        request({
          signal: controller.signal,
          onText: (d) => {
            deltas.push(d);
            controller.abort();
          },
        }),
      ),
    );
    expect((error as Error).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(ProviderError);
    expect(deltas).toEqual(['one ']);
    expect(api.requests).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { api, provider } = await setup([turn([text('never')])]);
    const controller = new AbortController();
    controller.abort(new Error('cancelled by user'));
    const error = await rejection(provider.next(request({ signal: controller.signal })));
    expect((error as Error).message).toBe('cancelled by user');
    expect(api.requests).toHaveLength(0);
  });

  it('loads the SDK lazily: the provider modules have only type imports of @anthropic-ai/sdk', () => {
    const read = (name: string) => readFileSync(fileURLToPath(new URL(`../../src/agent/providers/${name}`, import.meta.url)), 'utf8');
    for (const name of ['anthropic.ts', 'anthropic-errors.ts', 'anthropic-pricing.ts']) {
      const sdkImports = read(name).match(/^import [^;]*from '@anthropic-ai\/sdk[^']*';/gm) ?? [];
      for (const line of sdkImports) expect(line, name).toMatch(/^import type /);
    }
    expect(read('anthropic.ts').match(/^import [^;]*from '@anthropic-ai\/sdk[^']*';/gm)?.length).toBeGreaterThan(0);
    expect(read('anthropic.ts')).toContain("import('@anthropic-ai/sdk')");
  });

  it('refuses an empty API key up front', () => {
    expect(() => new AnthropicProvider({ apiKey: '' })).toThrow(ProviderError);
  });

  it('the fake API also answers non-streaming requests, and a function script sees each request', async () => {
    api = await startFakeMessagesApi((body, req) =>
      turn([text(`you said: ${body.messages[0].content} (#${req.index})`)], { usage: { input_tokens: 7, output_tokens: 3 } }),
    );
    const client = new Anthropic({ apiKey: 'k', baseURL: api.baseURL, maxRetries: 0 });
    const message = await client.messages.create({
      model: 'claude-sonnet-5-5',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'you said: hi (#0)', citations: null }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.input_tokens).toBe(7);
    expect(api.requests[0]!.stream).toBe(false);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
