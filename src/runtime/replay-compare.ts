import type { ReplayEvent } from '../replay/replay-format.js';

export type FinishedCall = Extract<ReplayEvent, { type: 'tool_call_finished' }>;

export interface Divergence {
  /** 1-based index of the tool call. */
  call: number;
  tool: string;
  what: string;
  recorded: unknown;
  actual: unknown;
  /** Path of the first differing value and both values, one line. */
  diff: string;
}

/** Compares a replayed call with the recorded one; wall times are informative and not compared. */
export function compareCall(index: number, recorded: FinishedCall | undefined, actual: FinishedCall): Divergence | undefined {
  if (!recorded) return { call: index, tool: actual.name, what: 'an extra call the recording does not have', recorded: null, actual: actual.name, diff: 'extra call' };
  const a = { name: actual.name, args: actual.args, result: actual.result, simSeconds: actual.simSeconds };
  const r = { name: recorded.name, args: recorded.args, result: recorded.result, simSeconds: recorded.simSeconds };
  const diff = firstDifference(r, a);
  return diff ? { call: index, tool: recorded.name, what: 'the result differs', recorded: r, actual: a, diff } : undefined;
}

/** What differs once every replayed call matched: a call the replay never made, or the outcome. */
export function compareEnding(recorded: readonly FinishedCall[], calls: number, outcome: { recorded: string; actual: string }): Divergence | undefined {
  const missing = recorded[calls];
  if (missing) return { call: calls + 1, tool: missing.name, what: 'the replay ended before this recorded call', recorded: missing.name, actual: null, diff: 'call missing' };
  if (outcome.actual !== outcome.recorded) {
    return { call: calls, tool: '(outcome)', what: 'the mission outcome differs', recorded: outcome.recorded, actual: outcome.actual, diff: `outcome: recorded ${outcome.recorded}, actual ${outcome.actual}` };
  }
  return undefined;
}

/** The first path where two JSON values differ, with both values, or null when equal. */
export function firstDifference(recorded: unknown, actual: unknown, path = ''): string | null {
  if (Object.is(recorded, actual)) return null;
  const bothObjects = typeof recorded === 'object' && typeof actual === 'object' && recorded !== null && actual !== null;
  if (bothObjects && Array.isArray(recorded) === Array.isArray(actual)) {
    const keys = [...new Set([...Object.keys(recorded as object), ...Object.keys(actual as object)])];
    for (const k of keys) {
      const d = firstDifference((recorded as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    return null;
  }
  const show = (v: unknown) => (v === undefined ? '(missing)' : clip(JSON.stringify(v)));
  return `${path || '(value)'}: recorded ${show(recorded)}, actual ${show(actual)}`;
}

function clip(s: string): string {
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
}
