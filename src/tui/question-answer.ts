import { instructionAnswering } from '../agent/answer-question.js';
import type { WhichOneQuestion } from '../agent/outcome-tool.js';
import type { SessionState } from '../runtime/mission-session.js';

/**
 * The lines the transcript shows under a mission that stopped to ask which of several objects
 * was meant, as the choices of a question (the summary already named them in a sentence).
 */
export function questionLines(question: WhichOneQuestion): string[] {
  return [`${question.text} Type its number, or a new instruction:`, ...question.options.map((o, i) => `  ${i + 1}  ${o.label}`)];
}

/**
 * What a line typed after such a question does: a bare number picks that option and runs the
 * instruction again with it (the person sees the new instruction as the mission's first line);
 * anything else is a new instruction (null here). A number that picks nothing, or an option
 * whose words cannot be put into the instruction as typed, is answered with a note instead.
 */
export function answerToQuestion(pending: SessionState['question'], line: string): { run: string } | { note: string } | null {
  const choice = /^\s*(\d+)\s*$/.exec(line);
  if (!pending || !choice) return null;
  const { instruction, question } = pending;
  const n = Number(choice[1]);
  if (n < 1 || n > question.options.length) return { note: `there is no choice ${n}: type a number from 1 to ${question.options.length}, or a new instruction` };
  const again = instructionAnswering(instruction, question, n - 1);
  return again ? { run: again } : { note: `say which in your own words, for example "${question.options[n - 1]!.answer}"` };
}
