import type { ToolResultBlockParam, ToolUseBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { readToolMeta } from '../mcp/tool-meta.js';
import { failureResult } from '../mcp/tool-result.js';
import type { MissionEventListener } from './mission-events.js';
import type { ConfirmationDecision, ConfirmationPolicy, ToolHost } from './tool-host.js';
import { toToolResultBlock } from './tool-adapter.js';
import { ArgumentCheck } from './argument-check.js';

export interface SchedulerClock {
  /** Wall clock, ms — only for reporting durations. */
  wallMs(): number;
  /** Robot time, seconds. */
  simSeconds(): number;
}

export interface ToolSchedulerOptions {
  host: ToolHost;
  tools: readonly Tool[];
  confirmation: ConfirmationPolicy;
  /** Tool names that need confirmation besides those the servers mark. */
  alsoConfirm?: readonly string[];
  clock: SchedulerClock;
  emit: MissionEventListener;
  /** Wall-clock ceiling per call when the server publishes none. */
  defaultTimeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Runs one assistant turn's tool calls: consecutive read-only calls together, anything else one
 * at a time in the order the model asked, each through confirmation, with progress and timing
 * reported as MissionEvents. Results come back in request order.
 */
export class ToolScheduler {
  private byName: Map<string, Tool>;
  private readonly argumentCheck = new ArgumentCheck();

  constructor(private readonly opts: ToolSchedulerOptions) {
    this.byName = new Map(opts.tools.map((t) => [t.name, t]));
  }

  /** The tools the next turn offers (an external server connected or went away). */
  offer(tools: readonly Tool[]): void {
    this.byName = new Map(tools.map((t) => [t.name, t]));
  }

  async run(calls: readonly ToolUseBlockParam[]): Promise<ToolResultBlockParam[]> {
    const results: ToolResultBlockParam[] = [];
    let i = 0;
    while (i < calls.length) {
      let j = i + 1;
      if (this.isReadOnly(calls[i]!.name)) while (j < calls.length && this.isReadOnly(calls[j]!.name)) j++;
      const batch = calls.slice(i, j);
      results.push(...(await Promise.all(batch.map((c) => this.runOne(c)))));
      i = j;
    }
    return results;
  }

  private isReadOnly(name: string): boolean {
    return this.byName.get(name)?.annotations?.readOnlyHint === true;
  }

  private async runOne(call: ToolUseBlockParam): Promise<ToolResultBlockParam> {
    const { emit, clock } = this.opts;
    const args = (call.input ?? {}) as Record<string, unknown>;
    emit({ type: 'tool_call_started', callId: call.id, name: call.name, args });
    const refusal = await this.refusal(call, args);
    // Timed after any confirmation: the time a person takes to answer is not the tool's.
    const wall0 = clock.wallMs();
    const sim0 = clock.simSeconds();
    const result = refusal ?? (await this.execute(call, args));
    emit({
      type: 'tool_call_finished',
      callId: call.id,
      name: call.name,
      args,
      result,
      isError: result.isError === true,
      wallMs: Math.round((clock.wallMs() - wall0) * 10) / 10,
      simSeconds: refusal ? 0 : Math.round((clock.simSeconds() - sim0) * 1000) / 1000,
    });
    return toToolResultBlock(call.id, result);
  }

  /** Why a call must not run (unknown tool, aborted, arguments its schema rejects, confirmation
   *  refused), or undefined. */
  private async refusal(call: ToolUseBlockParam, args: Record<string, unknown>): Promise<CallToolResult | undefined> {
    const tool = this.byName.get(call.name);
    if (!tool) return failureResult('unknown_tool', `unknown tool "${call.name}"; use one of the tools offered`);
    if (this.opts.signal?.aborted) return failureResult('cancelled', 'the mission was aborted before this call ran');
    const invalid = this.argumentCheck.refusal(tool, args);
    if (invalid) return invalid;
    if (readToolMeta(tool).needsConfirmation || this.opts.alsoConfirm?.includes(call.name)) {
      const approved = await this.confirm(call.id, call.name, args);
      if (!approved.ok) return failureResult(approved.code, approved.message);
    }
    return undefined;
  }

  private async execute(call: ToolUseBlockParam, args: Record<string, unknown>): Promise<CallToolResult> {
    const meta = readToolMeta(this.byName.get(call.name)!);
    // A signal per call: the transport listens on it, and the mission's signal outlives many calls.
    const callAbort = new AbortController();
    const forward = () => callAbort.abort(this.opts.signal?.reason);
    this.opts.signal?.addEventListener('abort', forward, { once: true });
    try {
      return await this.opts.host.callTool(call.name, args, {
        signal: callAbort.signal,
        timeoutMs: meta.timeoutSeconds ? meta.timeoutSeconds * 1000 + 5000 : this.opts.defaultTimeoutMs,
        onProgress: (p) => this.opts.emit({ type: 'tool_call_progress', callId: call.id, name: call.name, progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message ? { message: p.message } : {}) }),
      });
    } catch (e) {
      // The hub turns server failures into results; what reaches here is an abort or a bug.
      if (this.opts.signal?.aborted) return failureResult('cancelled', 'cancelled: the mission was aborted');
      return failureResult('internal', `tool call failed: ${(e as Error).message}`);
    } finally {
      this.opts.signal?.removeEventListener('abort', forward);
    }
  }

  private async confirm(callId: string, name: string, args: Record<string, unknown>): Promise<{ ok: true } | { ok: false; code: 'confirmation_required' | 'confirmation_declined'; message: string }> {
    const decision = await this.decide(name, args);
    this.opts.emit({ type: 'confirmation', callId, name, ...decision });
    if (decision.approved) return { ok: true };
    return decision.by === 'policy'
      ? { ok: false, code: 'confirmation_required', message: `refused: ${name} needs a person's confirmation and nobody is there to give it (the user can re-run with --yes to allow it); do not retry it` }
      : { ok: false, code: 'confirmation_declined', message: `the user declined ${name}; do not retry it without asking` };
  }

  private async decide(name: string, args: Record<string, unknown>): Promise<ConfirmationDecision> {
    const policy = this.opts.confirmation;
    switch (policy.mode) {
      case 'approve-all':
        return { approved: true, by: 'flag' };
      case 'refuse':
        return { approved: false, by: 'policy' };
      case 'recorded':
        return policy.next();
      case 'ask':
        return { approved: await policy.ask({ name, args }), by: 'user' };
    }
  }
}
