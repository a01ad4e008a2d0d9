import { describe, expect, it } from 'vitest';
import type { MissionEvent } from '../../src/agent/mission-events.js';
import { createMissionPrinter } from '../../src/cli/mission-printer.js';
import { RED_CUBES } from '../helpers/which-one-questions.js';

/** `run`'s text output when a mission stops to ask which one: each option with the instruction that picks it, ready to run again. */
describe('the text output of a mission that asks which one', () => {
  const finished = (question?: Extract<MissionEvent, { type: 'mission_finished' }>['question']): MissionEvent => ({
    type: 'mission_finished',
    outcome: 'failed',
    summary: '"red cube" could be red_cube#1 at (3.2, 1.6) or red_cube#2 at (6, 6.4): say which one',
    goals: [],
    ...(question ? { question } : {}),
    steps: 7,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    wallMs: 900,
    simSeconds: 24.7,
  });
  const printed = (...events: MissionEvent[]) => {
    const lines: string[] = [];
    const print = createMissionPrinter((l) => lines.push(l));
    for (const e of events) print(e);
    return lines;
  };
  const started: MissionEvent = { type: 'mission_started', instruction: 'please pick up the red cube', provider: 'planner', model: 'planner', tools: [], simTime: 0 };
  const question = RED_CUBES;

  it('numbers the options, each with the instruction that picks it', () => {
    expect(printed(started, finished(question)).slice(-3)).toEqual([
      '? Which red cube do you mean?',
      '  1  red_cube#1 at (3.18, 1.61): "please pick up the red cube at (3.18, 1.61)"',
      '  2  red_cube#2 at (5.98, 6.37) in shelf: "please pick up the red cube at (5.98, 6.37)"',
    ]);
  });

  it('gives the words to say when they cannot be put into the instruction as typed, and asks nothing without a question', () => {
    expect(printed(started, finished({ ...question, said: 'crimson block' })).at(-1)).toBe('  2  red_cube#2 at (5.98, 6.37) in shelf (say "the red cube at (5.98, 6.37)")');
    expect(printed(started, finished()).some((l) => l.startsWith('?'))).toBe(false);
  });
});
