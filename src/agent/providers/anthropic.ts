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
 *   `ProviderError` with one clear line (anthropic-errors.ts). Prices: anthropic-pricing.ts.
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
import { describeSdkError } from './anthropic-errors.js';
import { estimateCostUsd } from './anthropic-pricing.js';
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
      throw describeSdkError(sdk, client, error, { attempts, model: this.model });
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
