import { describe, expect, it } from 'vitest';
import { instructionAnswering } from '../../src/agent/answer-question.js';
import { parseReport } from '../../src/agent/outcome-tool.js';
import { parseObject } from '../../src/agent/planner/referring.js';
import { BINS, RED_CUBES } from '../helpers/which-one-questions.js';
import { ground, grounded } from './planner-map.js';

const question = RED_CUBES;

describe('the instruction again with the chosen option', () => {
  it('puts the option in place of the words that fitted several', () => {
    expect(instructionAnswering('Pick up the Red Cube, please', question, 1)).toBe('Pick up the red cube at (5.98, 6.37), please');
    expect(instructionAnswering('go to bin a, then bring the red cube to the shelf', question, 0)).toBe('go to bin a, then bring the red cube at (3.18, 1.61) to the shelf');
    expect(instructionAnswering('grab that red cube', question, 0)).toBe('grab the red cube at (3.18, 1.61)');
  });

  it('refuses to guess where the answer goes: words not in the instruction, no words, no such option', () => {
    expect(instructionAnswering('pick up the crimson block', question, 0)).toBeNull();
    expect(instructionAnswering('pick up the red cube', { ...question, said: undefined }, 0)).toBeNull();
    expect(instructionAnswering('pick up the red cube', question, 2)).toBeNull();
    expect(instructionAnswering('pick up the red cubes', question, 0)).toBeNull();
    // Said twice, or inside another name ("the bin", then "bin a"): which one to replace is a guess.
    expect(instructionAnswering('put the red cube in bin a, then the other red cube on the shelf', question, 0)).toBeNull();
    expect(instructionAnswering('put the red cube in the bin, then go to bin a', BINS, 1)).toBeNull();
  });
});

describe('an object picked out by a point of the map', () => {
  it.each([
    ['the red cube at (5.98, 6.37)', { color: 'red', shape: 'cube', relation: { near: { point: { x: 5.98, y: 6.37 } }, text: 'at (5.98, 6.37)' } }],
    ['the cube near 3, 4', { shape: 'cube', relation: { near: { point: { x: 3, y: 4 } } } }],
    ['the ball nearest to (2, 5)', { shape: 'ball', relation: { ranked: 'nearest', to: { point: { x: 2, y: 5 } } } }],
  ])('%s', (text, expected) => {
    expect(parseObject(text)).toMatchObject(expected);
  });
});

describe('report_mission_outcome with a question', () => {
  const report = { outcome: 'failed', summary: 'two red cubes', goals: [] };

  it('keeps a well-formed question on a failed mission', () => {
    expect(parseReport({ ...report, question })).toMatchObject({ outcome: 'failed', question });
  });

  it('drops one on a success, or one with fewer than two options: a question needs a choice', () => {
    expect(parseReport({ ...report, outcome: 'succeeded', question })).not.toHaveProperty('question');
    expect(parseReport({ ...report, question: { ...question, options: question.options.slice(0, 1) } })).not.toHaveProperty('question');
  });
});

describe('a place said that could be several zones', () => {
  it('is refused with a question offering each zone, whose answer makes the instruction name one', () => {
    const g = ground('put the red cube in the bin');
    if (!('refusal' in g)) throw new Error('not refused');
    expect(g.question).toEqual(BINS);
    expect(instructionAnswering('put the red cube in the bin', g.question!, 1)).toBe('put the red cube in bin b');
    expect(grounded('put the red cube in bin b').goals).toMatchObject([{ kind: 'place', target: { zone: 'bin_b' } }]);
  });

  it('asks nothing when something else stands in the way too: one answer would not be enough', () => {
    const g = ground('put the red cube in the bin and go to the attic');
    expect('refusal' in g && g.question).toBeFalsy();
  });
});
