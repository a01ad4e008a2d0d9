import type { TokenUsage } from '../model-provider.js';

export interface Price {
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
