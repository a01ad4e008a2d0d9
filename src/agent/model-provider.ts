import type { ContentBlockParam, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';

/**
 * One job: given the conversation so far (Anthropic Messages format), return the next assistant
 * turn. Implemented by the Claude provider, the built-in offline planner and the replay provider.
 * Type-only imports of the SDK: no runtime cost for providers that do not use it.
 */
export interface ModelRequest {
  system: string;
  messages: MessageParam[];
  tools: Tool[];
  maxTokens: number;
  signal?: AbortSignal;
  /** Streaming text as it arrives (for the printer and the TUI). */
  onText?: (delta: string) => void;
}

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'refusal' | 'pause_turn' | 'stop_sequence' | 'model_context_window_exceeded';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface ModelTurn {
  /** Assistant content: text and tool_use blocks, as the Messages API returns them. */
  content: ContentBlockParam[];
  stopReason: StopReason;
  usage: TokenUsage;
  /** The model that produced the turn (the planner reports its own name). */
  model: string;
}

export interface ModelProvider {
  readonly name: 'anthropic' | 'planner' | 'replay' | (string & {});
  readonly model: string;
  next(request: ModelRequest): Promise<ModelTurn>;
  /** Estimated cost in US dollars of the usage so far, when the provider can price it. */
  costUsd?(usage: TokenUsage): number | undefined;
}

export function emptyUsage(): TokenUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}

/** A provider failure a user must act on (no key, retries exhausted, refused): one clear line. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}
