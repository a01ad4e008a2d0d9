import type { MissionEvent } from '../agent/mission-events.js';
import type { GoalReport, WhichOneQuestion } from '../agent/outcome-tool.js';
import type { TokenUsage } from '../agent/model-provider.js';
import { resultText } from '../mcp/tool-result.js';
import type { MissionEnd } from '../runtime/mission-session.js';

/** A call's result text is cut here in reports and streams: a camera description or a long
 *  listing stays readable, and a report of a 35-call search stays a few hundred kilobytes. */
export const RESULT_TEXT_CAP = 2000;

/** One tool call as `run --json` reports it (and `--output stream-json`'s tool_call_finished). */
export interface ReportedToolCall {
  name: string;
  args: Record<string, unknown>;
  isError: boolean;
  /** The result's text content, at most RESULT_TEXT_CAP characters. */
  result: string;
  /** Present (true) only when `result` was cut. */
  truncated?: true;
  /** Wall-clock duration: informative only. */
  durationMs: number;
  /** Robot time the call took. */
  simSeconds: number;
}

/** The report `run --json` prints, and the last event of `--output stream-json`. */
export interface RunReport {
  instruction: string;
  scenario: string;
  seed: number;
  provider: string;
  model: string | null;
  outcome: string;
  summary: string;
  goals: GoalReport[];
  /** Only when the mission stopped to ask which of several objects was meant. */
  question?: WhichOneQuestion;
  steps: number;
  toolCalls: ReportedToolCall[];
  wallMs: number;
  missionWallMs: number;
  simSeconds: number;
  usage: TokenUsage;
  costUsd?: number;
  replayPath: string | null;
  world: MissionEnd['world'];
}

/** Who ran what, known before the mission starts. */
export interface RunSetup {
  instruction: string;
  scenario: string;
  seed: number;
}

export function buildRunReport(setup: RunSetup, who: { provider: string; model: string | null }, run: MissionEnd, toolCalls: ReportedToolCall[], wallMs: number): RunReport {
  return {
    ...setup,
    provider: who.provider,
    model: who.model,
    outcome: run.outcome,
    summary: run.summary,
    goals: run.goals ?? [],
    ...(run.question ? { question: run.question } : {}),
    steps: run.steps,
    toolCalls,
    wallMs: Math.round(wallMs),
    missionWallMs: run.wallMs,
    simSeconds: run.simSeconds,
    usage: run.usage,
    ...(run.costUsd !== undefined ? { costUsd: run.costUsd } : {}),
    replayPath: run.recordedTo,
    world: run.world,
  };
}

export function reportedToolCall(event: Extract<MissionEvent, { type: 'tool_call_finished' }>): ReportedToolCall {
  const { text, truncated } = capText(resultText(event.result), RESULT_TEXT_CAP);
  return {
    name: event.name,
    args: event.args,
    isError: event.isError,
    result: text,
    ...(truncated ? { truncated: true as const } : {}),
    durationMs: event.wallMs,
    simSeconds: event.simSeconds,
  };
}

export function capText(text: string, cap: number): { text: string; truncated: boolean } {
  if (text.length <= cap) return { text, truncated: false };
  // Never split a surrogate pair: the cut text must stay valid UTF-16 for JSON readers.
  const end = /[\uD800-\uDBFF]/.test(text[cap - 1] ?? '') ? cap - 1 : cap;
  return { text: text.slice(0, end), truncated: true };
}
