/**
 * The `anthropic` model provider: Claude through the official `@anthropic-ai/sdk`.
 *
 * - The SDK is imported lazily, on the first `next()`, so CLI start-up (and the offline planner)
 *   never pays for loading it (about 0.25 s).
 * - Streaming (`client.messages.stream(...)` + `.finalMessage()`); text deltas go to
 *   `request.onText` as they arrive.
 * - Prompt caching: `cache_control: {type: 'ephemeral'}` on the system prompt block and on the
 *   last tool definition (the API caches the prefix tools → system up to each breakpoint).
 * - Retries (429, 408/409, 5xx, 529 overloaded, connection errors) are the SDK's own; once they
 *   are exhausted, or for errors that are not retryable (401, 400, ...), `next()` throws a
 *   `ProviderError` with one clear line.
 * - `request.signal` aborts the HTTP request / stream; `next()` then rejects with the signal's
 *   reason (an `AbortError` DOMException unless the caller gave another one).
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ClientOptions, Middleware } from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  ContentBlockParam,
  Message,
  MessageCreateParamsBase,
  TextBlockParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages';
import {
  ProviderError,
  type ModelProvider,
  type ModelRequest,
  type ModelTurn,
  type StopReason,
  type TokenUsage,
} from '../model-provider.js';

/**
 * Default model: `claude-sonnet-5-5`, the newest Sonnet alias in the `Model` union of
 * `@anthropic-ai/sdk` 1.12.0 (node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts; added
 * in SDK 0.129.0, "api: add claude-sonnet-5-5"). It is not in the SDK's DEPRECATED_MODELS table
 * (which lists claude-sonnet-4-5 / claude-sonnet-4-5-20250929 and claude-mythos-preview), and the
 * SDK's own doc examples use it. Older Sonnets in the union: claude-sonnet-5, claude-sonnet-4-6,
 * claude-sonnet-4-5 (deprecated, EOL 2026-11-30).
 */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

export interface AnthropicProviderOptions {
  apiKey: string;
  /** Default: DEFAULT_ANTHROPIC_MODEL. */
  model?: string;
  /** Default: the SDK's (ANTHROPIC_BASE_URL, else https://api.anthropic.com). */
  baseURL?: string;
  /** Retries after the first attempt. Default: the SDK's default (2 in SDK 1.12). */
  maxRetries?: number;
  /** Per HTTP attempt. Default: the SDK's (10 minutes). */
  timeoutMs?: number;
  /** A custom fetch (tests, proxies). Default: the global fetch. */
  fetch?: ClientOptions['fetch'];
}

type Sdk = typeof import('@anthropic-ai/sdk');

interface Price {
  /** US dollars per million tokens. */
  input: number;
  output: number;
  /** 5-minute (default `ephemeral`) cache writes. */
  cacheWrite: number;
  cacheRead: number;
}

/**
 * List prices in USD per million tokens, Claude API, standard (non-batch) tier, from
 * https://platform.claude.com/docs/en/about-claude/pricing and the per-model overview pages,
 * as of November 2026 (SDK 1.12.0). Cache writes are the 5-minute rate, the TTL that
 * `{type: 'ephemeral'}` gets by default. Sonnet 5.5 and Opus 5.5 cache reads are 0.05x input
 * (the Sonnet 5.5 cut from $0.20 to $0.10 took effect 2026-10-07).
 * Left out on purpose (cost => undefined): Claude Haiku 5.5, priced per request by prompt length
 * (cannot be priced from summed usage), and models without a published price here.
 */
const PRICES: Record<string, Price> = {
  'claude-sonnet-5-5': { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 },
  'claude-sonnet-5': { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2 },
  'claude-sonnet-4-6': { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  'claude-sonnet-4-5': { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  'claude-opus-5-5': { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 },
  'claude-opus-5': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-8': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-7': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-6': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-5': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-haiku-4-5': { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
  'claude-fable-5-1': { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 0.25 },
  'claude-mythos-5-1': { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 0.25 },
  'claude-fable-5': { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 1 },
  'claude-mythos-5': { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 1 },
};

/** The price of a model id, also for dated snapshots (`claude-haiku-4-5-20251001`); else undefined. */
export function priceOf(model: string): Price | undefined {
  return PRICES[model] ?? PRICES[model.replace(/-\d{8}$/, '')];
}

export function estimateCostUsd(model: string, usage: TokenUsage): number | undefined {
  const price = priceOf(model);
  if (!price) return undefined;
  return (
    (usage.inputTokens * price.input +
      usage.outputTokens * price.output +
      usage.cacheWriteTokens * price.cacheWrite +
      usage.cacheReadTokens * price.cacheRead) /
    1_000_000
  );
}

const STOP_REASONS: ReadonlySet<string> = new Set<StopReason>([
  'end_turn',
  'tool_use',
  'max_tokens',
  'refusal',
  'pause_turn',
  'stop_sequence',
  'model_context_window_exceeded',
]);

const CACHE = { type: 'ephemeral' } as const;
const HINT = 'try again later or use --provider planner';

export class AnthropicProvider implements ModelProvider {
  readonly name = 'anthropic';
  readonly model: string;
  private readonly options: AnthropicProviderOptions;
  private loaded?: Promise<{ sdk: Sdk; client: Anthropic }>;

  constructor(options: AnthropicProviderOptions) {
    if (!options.apiKey || !options.apiKey.trim()) {
      throw new ProviderError('no Anthropic API key: set ANTHROPIC_API_KEY or use --provider planner');
    }
    this.options = options;
    this.model = options.model ?? DEFAULT_ANTHROPIC_MODEL;
  }

  costUsd(usage: TokenUsage): number | undefined {
    return estimateCostUsd(this.model, usage);
  }

  /** The request body `next()` sends (exported for tests and replay recording). */
  buildParams(request: ModelRequest): MessageCreateParamsBase {
    const params: MessageCreateParamsBase = {
      model: this.model,
      max_tokens: request.maxTokens,
      messages: request.messages,
    };
    // The API rejects empty text blocks, so an empty system prompt is left out.
    if (request.system) {
      const system: TextBlockParam[] = [{ type: 'text', text: request.system, cache_control: CACHE }];
      params.system = system;
    }
    if (request.tools.length) {
      const last = request.tools.length - 1;
      params.tools = request.tools.map((tool, i): Tool => (i === last ? { ...tool, cache_control: CACHE } : tool));
    }
    return params;
  }

  async next(request: ModelRequest): Promise<ModelTurn> {
    const signal = request.signal;
    if (signal?.aborted) throw abortReason(signal);
    const { sdk, client } = await this.load();
    if (signal?.aborted) throw abortReason(signal);

    // Count HTTP attempts (middleware runs once per attempt, retries included).
    let attempts = 0;
    const countAttempts: Middleware = (req, nextFetch) => {
      attempts++;
      return nextFetch(req);
    };

    const stream = client.messages.stream(this.buildParams(request), {
      ...(signal ? { signal } : {}),
      middleware: [countAttempts],
    });
    if (request.onText) {
      const onText = request.onText;
      stream.on('text', (delta) => {
        try {
          onText(delta);
        } catch {
          // A failing display callback must not break the mission.
        }
      });
    }

    let message: Message;
    try {
      message = await stream.finalMessage();
    } catch (error) {
      if (signal?.aborted || error instanceof sdk.APIUserAbortError) {
        throw abortReason(signal);
      }
      throw this.describe(sdk, client, error, attempts);
    }

    return {
      content: message.content.map(toParam),
      stopReason: toStopReason(message.stop_reason),
      usage: {
        inputTokens: message.usage.input_tokens ?? 0,
        outputTokens: message.usage.output_tokens ?? 0,
        cacheReadTokens: message.usage.cache_read_input_tokens ?? 0,
        cacheWriteTokens: message.usage.cache_creation_input_tokens ?? 0,
      },
      model: message.model || this.model,
    };
  }

  private load(): Promise<{ sdk: Sdk; client: Anthropic }> {
    this.loaded ??= import('@anthropic-ai/sdk').then((sdk) => {
      const o = this.options;
      const client = new sdk.Anthropic({
        apiKey: o.apiKey,
        ...(o.baseURL !== undefined ? { baseURL: o.baseURL } : {}),
        ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}),
        ...(o.timeoutMs !== undefined ? { timeout: o.timeoutMs } : {}),
        ...(o.fetch ? { fetch: o.fetch } : {}),
      });
      return { sdk, client };
    });
    // A failed import must not be cached forever.
    this.loaded.catch(() => {
      this.loaded = undefined;
    });
    return this.loaded;
  }

  /** One clear line for an SDK error. */
  private describe(sdk: Sdk, client: Anthropic, error: unknown, attempts: number): Error {
    const retries = Math.max(0, attempts - 1);
    const after = retries === 0 ? '' : ` after ${retries} ${retries === 1 ? 'retry' : 'retries'}`;
    const url = client.baseURL;
    let result: ProviderError;

    if (error instanceof sdk.APIConnectionTimeoutError) {
      result = new ProviderError(
        `Anthropic API at ${url} did not answer within ${client.timeout} ms${after}; ${HINT}`,
        true,
      );
    } else if (error instanceof sdk.APIConnectionError) {
      const cause = causeText(error);
      result = new ProviderError(`cannot reach the Anthropic API at ${url}${cause ? ` (${cause})` : ''}${after}; ${HINT}`, true);
    } else if (error instanceof sdk.APIError) {
      const status = error.status;
      const type = error.type ?? undefined;
      const said = oneLine(error.apiMessage ?? (typeof error.error === 'string' ? error.error : '') ?? '');
      const what = [status, type].filter((x) => x !== undefined && x !== null).join(' ');
      const saying = said ? `: ${said}` : '';
      if (status === undefined) {
        // An `event: error` inside a 200 stream: the SDK does not retry these.
        if (type === 'overloaded_error') {
          result = new ProviderError(`Anthropic API overloaded (overloaded_error) while streaming the reply; ${HINT}`, true);
        } else {
          result = new ProviderError(`Anthropic API error while streaming the reply (${type ?? 'unknown'})${saying}`, type === 'api_error');
        }
      } else if (status === 401) {
        result = new ProviderError(
          `Anthropic API rejected the API key (401 ${type ?? 'authentication_error'})${saying}; check ANTHROPIC_API_KEY or use --provider planner`,
        );
      } else if (status === 403) {
        result = new ProviderError(`Anthropic API denied access (${what})${saying}`);
      } else if (status === 400) {
        result = new ProviderError(`Anthropic API rejected the request (${what})${saying}`);
      } else if (status === 404) {
        result = new ProviderError(`Anthropic API: not found (${what})${saying}; check the model id "${this.model}" (--model)`);
      } else if (status === 429) {
        result = new ProviderError(`Anthropic API rate limit exceeded (429)${after}${saying}; ${HINT}`, true);
      } else if (status === 529) {
        result = new ProviderError(`Anthropic API overloaded (529)${after}; ${HINT}`, true);
      } else if (status >= 500) {
        result = new ProviderError(`Anthropic API server error (${what})${after}${saying}; ${HINT}`, true);
      } else {
        result = new ProviderError(`Anthropic API error (${what})${saying}`, status === 408 || status === 409);
      }
    } else if (error instanceof sdk.AnthropicError) {
      result = new ProviderError(`Anthropic API stream failed: ${oneLine(error.message)}`, true);
    } else {
      // Not an SDK error: a bug, not something the user can act on. Keep it as it is.
      return error instanceof Error ? error : new Error(String(error));
    }
    result.cause = error;
    return result;
  }
}

function toStopReason(reason: string | null | undefined): StopReason {
  // A stream cut short without message_delta has no stop reason: treat it as the end of the turn.
  return reason && STOP_REASONS.has(reason) ? (reason as StopReason) : 'end_turn';
}

/** A response block as the request param to send back in the next turn (plain data only). */
function toParam(block: ContentBlock): ContentBlockParam {
  switch (block.type) {
    case 'text':
      return block.citations?.length
        ? ({ type: 'text', text: block.text, citations: block.citations } as ContentBlockParam)
        : { type: 'text', text: block.text };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input ?? {} };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    default:
      // Server-tool blocks have the same shape as their params.
      return { ...block } as unknown as ContentBlockParam;
  }
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}

function causeText(error: Error): string {
  let cause: unknown = (error as { cause?: unknown }).cause;
  let text = '';
  // undici: TypeError('fetch failed') with cause Error('connect ECONNREFUSED 127.0.0.1:1')
  for (let depth = 0; cause && depth < 4; depth++) {
    if (cause instanceof Error) {
      const code = (cause as { code?: unknown }).code;
      text = typeof code === 'string' ? code : cause.message;
      cause = (cause as { cause?: unknown }).cause;
    } else break;
  }
  return oneLine(text);
}
