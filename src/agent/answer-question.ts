import type { WhichOneQuestion } from './outcome-tool.js';

/**
 * The instruction again with the person's choice in it: the words that fitted several objects
 * ("the red cube") replaced by the chosen option's ("the red cube at (5.98, 6.37)"), the last
 * time they were said. Null when those words are not in the instruction as typed (the model
 * reworded them, or no words were given): the front end then shows the option's words for the
 * person to say, rather than guessing where they go — a wrong guess would move another object.
 */
export function instructionAnswering(instruction: string, question: WhichOneQuestion, choice: number): string | null {
  const option = question.options[choice];
  if (!option || !question.said) return null;
  const words = question.said.trim().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const said = new RegExp(`\\b(?:(?:the|a|an|that|this)\\s+)?${words.join('\\s+')}\\b`, 'gi');
  const last = [...instruction.matchAll(said)].at(-1);
  if (!last) return null;
  return `${instruction.slice(0, last.index)}${option.answer}${instruction.slice(last.index + last[0].length)}`;
}
