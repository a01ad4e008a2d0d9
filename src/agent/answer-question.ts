import type { WhichOneQuestion } from './outcome-tool.js';

/**
 * The instruction again with the person's choice in it: the words that fitted several objects
 * ("the red cube") replaced by the chosen option's ("the red cube at (5.98, 6.37)"). Null when
 * those words are not in the instruction as typed (the model reworded them, or no words were
 * given) or are in it more than once ("the bin" and "bin a"): the front end then shows the
 * option's words for the person to say, rather than guessing where they go — a wrong guess
 * would move another object.
 */
export function instructionAnswering(instruction: string, question: WhichOneQuestion, choice: number): string | null {
  const option = question.options[choice];
  if (!option || !question.said) return null;
  const words = question.said.trim().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const said = new RegExp(`\\b(?:(?:the|a|an|that|this)\\s+)?${words.join('\\s+')}\\b`, 'gi');
  const found = [...instruction.matchAll(said)];
  if (found.length !== 1) return null;
  const [at] = found as [RegExpExecArray];
  return `${instruction.slice(0, at.index)}${option.answer}${instruction.slice(at.index + at[0].length)}`;
}
