import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelProvider, ModelRequest, ModelTurn } from '../model-provider.js';
import { readMap } from '../planner/beliefs.js';
import { groundInstruction } from '../planner/grounding.js';
import { readInstruction } from '../planner/instruction.js';
import { missionScript, refusalScript } from '../planner/mission-planner.js';
import { zoneWords } from '../planner/place-words.js';
import { PlannerSession } from '../planner/planner-session.js';

export const PLANNER_MODEL = 'robot-agent-planner-1';

/**
 * The built-in offline mission planner as a model provider: it reads the instruction (the first
 * user message) and grounds it in the map (from the system prompt, i.e. the robot://map
 * resource) — refusing before any tool call when it cannot — then answers each turn with the next
 * tool call of its plan. One provider instance plans one mission.
 */
export class PlannerProvider implements ModelProvider {
  readonly name = 'planner';
  readonly model = PLANNER_MODEL;
  private session?: PlannerSession;

  next(request: ModelRequest): Promise<ModelTurn> {
    if (!this.session) {
      const first = request.messages[0];
      const instruction =
        typeof first?.content === 'string'
          ? first.content
          : (first?.content ?? []).flatMap((b) => (b.type === 'text' ? [(b as TextBlockParam).text] : [])).join(' ');
      const map = readMap(request.system);
      const grounded = groundInstruction(readInstruction(instruction, zoneWords(map?.zones.map((z) => z.name) ?? [])), map);
      const script = 'refusal' in grounded ? refusalScript(grounded.refusal, grounded.question) : missionScript(grounded, map);
      this.session = new PlannerSession(script, new Set(request.tools.map((t) => t.name)), this.model);
    }
    return this.session.next(request.messages);
  }

  costUsd(): number {
    return 0;
  }
}
