import type { MissionEvent } from '../agent/mission-events.js';
import { resultText } from '../mcp/tool-result.js';
import { instructionAnswering } from '../agent/answer-question.js';
import { REPORT_TOOL_NAME, type GoalStatus, type WhichOneQuestion } from '../agent/outcome-tool.js';

const GOAL_MARK: Record<GoalStatus, string> = { met: '✓', unmet: '✗', not_attempted: '·' };

/**
 * The plain-text view of a mission: one line per tool call with its arguments, a one-line result
 * and its time, the model's narration, and the outcome. A consumer of the MissionEvent stream.
 */
export function createMissionPrinter(write: (line: string) => void): (event: MissionEvent) => void {
  let instruction = '';
  return (event) => {
    switch (event.type) {
      case 'mission_started':
        instruction = event.instruction;
        write(`▶ ${event.instruction}  [${event.provider}${event.model !== event.provider ? ` ${event.model}` : ''}]`);
        break;
      case 'model_turn':
        for (const block of event.content) if (block.type === 'text' && block.text.trim()) write(`  ${block.text.trim()}`);
        break;
      case 'tool_call_finished': {
        if (event.name === REPORT_TOOL_NAME) break;
        const summary = oneLine(resultText(event.result).split('\n')[0] ?? '');
        write(`  ${event.isError ? '✗' : '✓'} ${event.name} ${oneLine(JSON.stringify(event.args), 80)} → ${summary}  (${event.simSeconds.toFixed(1)} s sim, ${Math.round(event.wallMs)} ms)`);
        break;
      }
      case 'confirmation':
        if (!event.approved) write(`  ⚠ ${event.name} needs confirmation: ${event.by === 'policy' ? 'refused (not interactive; use --yes)' : 'declined'}`);
        break;
      case 'notice':
        write(`  ${event.level === 'warning' ? '⚠' : 'ℹ'} ${event.message}`);
        break;
      case 'mission_finished':
        write(`■ ${event.outcome}: ${event.summary}`);
        for (const goal of event.goals ?? []) write(`  ${GOAL_MARK[goal.status]} ${goal.text}${goal.evidence ? ` — ${goal.evidence}` : ''}`);
        write(`  ${event.steps} tool call(s), ${event.simSeconds.toFixed(1)} s simulated, ${(event.wallMs / 1000).toFixed(2)} s wall${event.usage.inputTokens ? `, ${event.usage.inputTokens} in / ${event.usage.outputTokens} out tokens` : ''}${event.costUsd ? `, ~$${event.costUsd.toFixed(4)}` : ''}`);
        if (event.question) for (const line of questionLines(instruction, event.question)) write(line);
        break;
      default:
        break;
    }
  };
}

/** A question asked at the end, with the instruction that answers each option, to run again. */
function questionLines(instruction: string, question: WhichOneQuestion): string[] {
  return [
    `? ${question.text}`,
    ...question.options.map((o, i) => {
      const again = instructionAnswering(instruction, question, i);
      return `  ${i + 1}  ${o.label}${again ? `: "${again}"` : ` (say "${o.answer}")`}`;
    }),
  ];
}

function oneLine(text: string, max = 110): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
