import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelProvider, ModelRequest, ModelTurn, StopReason } from '../../src/agent/model-provider.js';

/** A model that plays back scripted turns, recording every request it was sent. */
export class ScriptedProvider implements ModelProvider {
  readonly name = 'scripted';
  readonly model = 'scripted-1';
  readonly requests: ModelRequest[] = [];
  private ids = 0;

  constructor(private readonly script: Array<(req: ModelRequest) => ContentBlockParam[] | { content: ContentBlockParam[]; stopReason: StopReason }>) {}

  async next(request: ModelRequest): Promise<ModelTurn> {
    this.requests.push({ ...request, messages: structuredClone(request.messages) });
    const step = this.script[this.requests.length - 1];
    if (!step) throw new Error('the script ran out of turns');
    const out = step(request);
    const content = Array.isArray(out) ? out : out.content;
    const stopReason = Array.isArray(out) ? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn') : out.stopReason;
    return { content, stopReason, usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 }, model: this.model };
  }

  use(name: string, input: Record<string, unknown> = {}): ContentBlockParam {
    return { type: 'tool_use', id: `toolu_s${++this.ids}`, name, input };
  }

  report(outcome: 'succeeded' | 'failed', summary: string): ContentBlockParam {
    return this.use('report_mission_outcome', { outcome, summary });
  }
}
