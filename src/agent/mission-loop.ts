import type { ContentBlockParam, MessageParam, TextBlockParam, ToolUseBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { MissionEvent, MissionEventListener, MissionOutcome, Telemetry } from './mission-events.js';
import { addUsage, emptyUsage, ProviderError, type ModelProvider } from './model-provider.js';
import { parseReport, REPORT_TOOL, REPORT_TOOL_NAME, type GoalReport, type ReportedOutcome, type WhichOneQuestion } from './outcome-tool.js';
import type { ConfirmationPolicy, ToolHost } from './tool-host.js';
import { toAnthropicTool, toToolResultBlock } from './tool-adapter.js';
import { failureResult } from '../mcp/tool-result.js';
import { ToolScheduler, type SchedulerClock } from './tool-scheduler.js';
import { CallsDone } from './calls-done.js';

export interface MissionLoopOptions {
  instruction: string;
  system: string;
  provider: ModelProvider;
  host: ToolHost;
  confirmation: ConfirmationPolicy;
  alsoConfirm?: readonly string[];
  /** Tool-call budget. */
  maxSteps: number;
  /** Total token budget (input + output) across the mission. */
  maxTotalTokens?: number;
  /** max_tokens of each model response. */
  maxResponseTokens?: number;
  toolTimeoutMs?: number;
  signal?: AbortSignal;
  clock: SchedulerClock;
  onEvent: MissionEventListener;
  /** Leaves the robot safe (motion stopped, operations cancelled) after an interruption. */
  makeSafe: () => Promise<void>;
  telemetry?: () => Telemetry;
}

/** What the mission_finished event says, plus the whole conversation. */
export type MissionResult = Omit<Extract<MissionEvent, { type: 'mission_finished' }>, 'type'> & { messages: MessageParam[] };

/** Consecutive pause_turn continuations allowed before giving up on a turn. */
const MAX_PAUSES = 5;

/**
 * The mission loop: model turn → tool calls → results → next turn, until the model reports the
 * outcome, a budget runs out, the user cancels or something fatal happens. Whatever ends it, an
 * interrupted mission leaves the robot stopped.
 */
export async function runMission(opts: MissionLoopOptions): Promise<MissionResult> {
  const { provider, clock, onEvent: emit } = opts;
  const wall0 = clock.wallMs();
  const sim0 = clock.simSeconds();
  let mcpTools = opts.host.listTools();
  let tools = [...mcpTools.map(toAnthropicTool), REPORT_TOOL];
  const scheduler = new ToolScheduler({
    host: opts.host,
    tools: mcpTools,
    confirmation: opts.confirmation,
    alsoConfirm: opts.alsoConfirm,
    clock,
    emit,
    defaultTimeoutMs: opts.toolTimeoutMs ?? 120_000,
    signal: opts.signal,
  });
  const messages: MessageParam[] = [{ role: 'user', content: opts.instruction }];
  let usage = emptyUsage();
  let steps = 0;
  let turns = 0;
  let pauses = 0;
  const done = new CallsDone();
  emit({ type: 'mission_started', instruction: opts.instruction, provider: provider.name, model: provider.model, tools: tools.map((t) => t.name), simTime: sim0 });

  const finish = async (outcome: MissionOutcome, summary: string, interrupted: boolean, goals?: GoalReport[], question?: WhichOneQuestion): Promise<MissionResult> => {
    if (interrupted) await opts.makeSafe();
    const costUsd = provider.costUsd?.(usage);
    const finished = {
      outcome,
      summary,
      ...(goals ? { goals } : {}),
      ...(question ? { question } : {}),
      steps,
      usage,
      ...(costUsd !== undefined ? { costUsd } : {}),
      wallMs: Math.round(clock.wallMs() - wall0),
      simSeconds: Math.round((clock.simSeconds() - sim0) * 1000) / 1000,
    };
    emit({ type: 'mission_finished', ...finished });
    return { ...finished, messages };
  };

  for (;;) {
    if (opts.signal?.aborted) return finish('aborted', 'cancelled by the user; the robot was stopped', true);
    // External servers connect in the background and may drop: each turn offers the tools there
    // are now, and the scheduler checks calls against exactly what that turn offered.
    const current = opts.host.listTools();
    if (!sameTools(current, mcpTools)) {
      mcpTools = current;
      tools = [...mcpTools.map(toAnthropicTool), REPORT_TOOL];
      scheduler.offer(mcpTools);
    }
    emit({ type: 'model_request', step: turns + 1, messageCount: messages.length });
    let turn;
    try {
      turn = await provider.next({
        system: opts.system,
        messages,
        tools,
        maxTokens: opts.maxResponseTokens ?? 4096,
        signal: opts.signal,
        onText: (text) => emit({ type: 'model_text_delta', text }),
      });
    } catch (e) {
      if (opts.signal?.aborted) return finish('aborted', 'cancelled by the user; the robot was stopped', true);
      const message = e instanceof ProviderError ? e.message : `model provider failed: ${(e as Error).message}`;
      return finish('failed', message, true);
    }
    turns++;
    usage = addUsage(usage, turn.usage);
    emit({ type: 'model_turn', step: turns, content: turn.content, stopReason: turn.stopReason, usage: turn.usage, model: turn.model });
    messages.push({ role: 'assistant', content: turn.content });
    const text = finalText(turn.content);

    if (opts.maxTotalTokens && usage.inputTokens + usage.outputTokens > opts.maxTotalTokens) {
      return finish('aborted', `token budget of ${opts.maxTotalTokens} used up (${usage.inputTokens + usage.outputTokens} tokens); the robot was stopped`, true);
    }
    if (turn.stopReason === 'refusal') return finish('failed', `the model declined the request${text ? `: ${text}` : ''}`, true);
    if (turn.stopReason === 'pause_turn') {
      if (++pauses > MAX_PAUSES) return finish('failed', 'the model paused its turn too many times', true);
      continue;
    }
    pauses = 0;
    const calls = turn.content.filter((b): b is ToolUseBlockParam => b.type === 'tool_use');
    if (turn.stopReason === 'max_tokens' && calls.length === 0) {
      return finish('failed', `the model ran out of output tokens (max ${opts.maxResponseTokens ?? 4096}) before finishing`, true);
    }
    if (calls.length === 0) {
      // Ended without a report: honest default, never an invented success.
      return finish('failed', `${text || 'the model stopped'} (the model ended without reporting an outcome)`, false);
    }

    const robotCalls = calls.filter((c) => c.name !== REPORT_TOOL_NAME);
    const reportCall = calls.find((c) => c.name === REPORT_TOOL_NAME);
    if (steps + robotCalls.length > opts.maxSteps) {
      return finish('aborted', `step budget of ${opts.maxSteps} tool calls used up before the mission ended; the robot was stopped. Done so far: ${done.describe()}`, true);
    }
    steps += robotCalls.length;
    const robotResults = await scheduler.run(robotCalls);
    done.record(robotCalls.map((c) => c.name), robotResults);
    if (opts.telemetry) emit({ type: 'telemetry', telemetry: opts.telemetry() });
    if (opts.signal?.aborted) return finish('aborted', 'cancelled by the user; the robot was stopped', true);

    let report: ReportedOutcome | undefined;
    const results = calls.map((c) => {
      if (c.name !== REPORT_TOOL_NAME) return robotResults[robotCalls.indexOf(c)]!;
      const parsed = parseReport(c.input);
      if ('error' in parsed) return toToolResultBlock(c.id, failureResult('invalid_argument', parsed.error));
      report = parsed;
      return { type: 'tool_result' as const, tool_use_id: c.id, content: 'outcome recorded' };
    });
    messages.push({ role: 'user', content: results });
    if (report && reportCall) return finish(report.outcome, report.summary, report.outcome !== 'succeeded', report.goals, report.question);
  }
}

/** The same tools as listed before: names, and schema objects (a server's new list brings new ones). */
function sameTools(a: readonly Tool[], b: readonly Tool[]): boolean {
  return a.length === b.length && a.every((t, i) => t.name === b[i]!.name && t.inputSchema === b[i]!.inputSchema);
}

function finalText(content: readonly ContentBlockParam[]): string {
  return content
    .filter((b): b is TextBlockParam => b.type === 'text')
    .map((b) => b.text.trim())
    .filter(Boolean)
    .join(' ');
}
