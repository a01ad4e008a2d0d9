import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelProvider, ModelTurn, StopReason } from '../agent/model-provider.js';
import type { ReplayEvent } from '../replay/replay-format.js';

/** Feeds the recorded assistant turns back, in order: replays need no network and no key. */
export class ReplayProvider implements ModelProvider {
  readonly name = 'replay';
  private next_ = 0;
  private readonly turns: Extract<ReplayEvent, { type: 'model_turn' }>[];

  constructor(
    events: readonly ReplayEvent[],
    readonly model: string,
  ) {
    this.turns = events.filter((e): e is Extract<ReplayEvent, { type: 'model_turn' }> => e.type === 'model_turn');
  }

  async next(): Promise<ModelTurn> {
    const turn = this.turns[this.next_++];
    if (!turn) throw new Error(`the recording has only ${this.turns.length} model turn(s), but the mission asked for another`);
    return { content: turn.content as unknown as ContentBlockParam[], stopReason: turn.stopReason as StopReason, usage: turn.usage, model: turn.model };
  }

  get turnsUsed(): number {
    return this.next_;
  }
}
