import type { ContentBlockParam, MessageParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelTurn } from '../model-provider.js';
import type { Failure } from '../../core/failure.js';
import { readFailure } from '../../mcp/tool-result.js';
import { REPORT_TOOL_NAME, type GoalReport, type WhichOneQuestion } from '../outcome-tool.js';

/**
 * A tool result as the planner reads it: ok or not, its human-readable text (for quoting in
 * summaries only), its JSON when it has one, and for a failure its code and details — what the
 * planner decides on.
 */
export interface ToolReply {
  ok: boolean;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  error: Failure | null;
}

export interface PlannerIo {
  /** Asks for one tool call (with a line of narration) and resolves with its result. */
  call(name: string, args: Record<string, unknown>, say?: string): Promise<ToolReply>;
  has(tool: string): boolean;
}

export interface PlannerVerdict {
  outcome: 'succeeded' | 'failed';
  summary: string;
  goals: GoalReport[];
  question?: WhichOneQuestion;
}

export type MissionScript = (io: PlannerIo) => Promise<PlannerVerdict>;

const NO_USAGE = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

/**
 * Lets the planner be written as plain sequential code (`await io.call(...)`) while the agent
 * loop drives it turn by turn like any model: each `call` becomes an assistant turn with a
 * tool_use block, and the loop's next request carries the tool_result that resumes the script.
 */
export class PlannerSession {
  private resumeScript?: (reply: ToolReply) => void;
  private deliverTurn?: { resolve: (t: ModelTurn) => void; reject: (e: unknown) => void };
  private started = false;
  private calls = 0;

  constructor(
    private readonly script: MissionScript,
    private readonly toolNames: ReadonlySet<string>,
    private readonly model: string,
  ) {}

  next(messages: readonly MessageParam[]): Promise<ModelTurn> {
    return new Promise<ModelTurn>((resolve, reject) => {
      this.deliverTurn = { resolve, reject };
      if (!this.started) {
        this.started = true;
        this.script(this.io()).then(
          (verdict) => this.deliverTurn!.resolve(this.finalTurn(verdict)),
          (error) => this.deliverTurn!.reject(error),
        );
        return;
      }
      const resume = this.resumeScript;
      // Asked again after its report: the loop turned the report down, which is the planner's bug to name.
      if (!resume) return reject(new Error(`the planner has already finished this mission, and its report was not accepted: ${readReply(messages).text}`));
      this.resumeScript = undefined;
      resume(readReply(messages));
    });
  }

  private io(): PlannerIo {
    return {
      has: (tool) => this.toolNames.has(tool),
      call: (name, args, say) =>
        new Promise<ToolReply>((resolve) => {
          this.resumeScript = resolve;
          const content: ContentBlockParam[] = [];
          if (say) content.push({ type: 'text', text: say });
          content.push({ type: 'tool_use', id: `toolu_planner_${String(++this.calls).padStart(3, '0')}`, name, input: args });
          this.deliverTurn!.resolve({ content, stopReason: 'tool_use', usage: NO_USAGE, model: this.model });
        }),
    };
  }

  private finalTurn(verdict: PlannerVerdict): ModelTurn {
    return {
      // The summary travels in the report itself; repeating it as text would print it twice.
      content: [
        { type: 'tool_use', id: `toolu_planner_${String(++this.calls).padStart(3, '0')}`, name: REPORT_TOOL_NAME, input: { ...verdict } },
      ],
      stopReason: 'tool_use',
      usage: NO_USAGE,
      model: this.model,
    };
  }
}

/** The result of the planner's last call, from the newest user message. */
export function readReply(messages: readonly MessageParam[]): ToolReply {
  const last = messages.at(-1);
  const block = Array.isArray(last?.content) ? (last!.content.find((b) => b.type === 'tool_result') as ToolResultBlockParam | undefined) : undefined;
  if (!block) return failedReply('no tool result came back');
  const texts = typeof block.content === 'string' ? [block.content] : (block.content ?? []).flatMap((c) => (c.type === 'text' ? [c.text] : []));
  const data = parseJson(texts.at(-1));
  // The trailing JSON is data; the text blocks before it are what people read.
  const prose = data === null ? texts : texts.slice(0, -1);
  const isError = block.is_error === true;
  const error = readFailure({ isError, content: prose.map((text) => ({ type: 'text' as const, text })), structuredContent: data ?? undefined });
  return { ok: !isError, text: prose.join('\n'), data, error };
}

function failedReply(message: string): ToolReply {
  return { ok: false, text: message, data: null, error: { code: 'failed', message } };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function parseJson(text: string | undefined): any {
  if (!text || !/^[[{]/.test(text.trim())) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
