import { describe, expect, it } from 'vitest';
import { extractConstraints } from '../../src/agent/planner/constraints.js';
import { ground, grounded } from './planner-map.js';

/** "Leave it alone" in its everyday forms: read as a constraint on objects, kept in every goal, or refused (#15). */
describe('what the instruction says to leave alone', () => {
  it.each([
    ["put the red ball and the blue cube at bin a, but don't touch anything on the shelf", { inZone: 'shelf' }, 'put the red ball and the blue cube at bin a'],
    ['bring the cubes to bin a and leave the red cube alone', { color: 'red', shape: 'cube' }, 'bring the cubes to bin a'],
    ['put all the balls in bin b, not the green one', { color: 'green' }, 'put all the balls in bin b'],
    ['put every cube on the shelf without touching the blue cube', { color: 'blue', shape: 'cube' }, 'put every cube on the shelf'],
    ['move all the cylinders to bin a. do not move the yellow one', { color: 'yellow' }, 'move all the cylinders to bin a.'],
    ['take every ball to the shelf, skip the blue one', { color: 'blue' }, 'take every ball to the shelf'],
    ['put the cubes in bin b and keep your hands off the red cube', { color: 'red', shape: 'cube' }, 'put the cubes in bin b'],
  ])('%s', (text, spare, rest) => {
    const out = extractConstraints(text.replace("don't", 'do not'));
    expect(out.constraints).toEqual([{ rule: 'hands_off', spare: expect.objectContaining(spare), text: expect.any(String) }]);
    expect(out.rest).toBe(rest);
  });

  it('words that are not an object are left in place, where the grammar refuses them', () => {
    expect(extractConstraints('put the cubes in bin a but not quickly').constraints).toEqual([]);
    // A delivery forbidden is a rule of its own: kept by leaving the object alone, when nothing else is asked.
    expect(extractConstraints('do not take the red cube to bin a').constraints).toEqual([
      { rule: 'hands_off', spare: { color: 'red', shape: 'cube', text: 'the red cube' }, text: 'do not take the red cube to bin a', alone: true },
    ]);
    expect(extractConstraints('do not take the thing to bin a').constraints).toEqual([]);
  });
});

describe('grounded: spared in every goal, or refused when a goal could only mean what is spared', () => {
  it('every goal leaves the spared objects out of its candidates, and one goal checks it at the end', () => {
    const g = grounded("put the red ball in bin a and the blue cube in bin b, but don't touch anything on the shelf");
    const spare = [{ inZone: 'shelf', text: 'anything on the shelf' }];
    expect(g.goals).toMatchObject([
      { kind: 'place', object: { color: 'red', spare } },
      { kind: 'place', object: { color: 'blue', spare } },
      { kind: 'keep', constraint: { rule: 'hands_off', spare: spare[0] } },
    ]);
  });

  it('"don\'t touch anything else" spares every kind the instruction does not name', () => {
    const g = grounded("put the red cube and the blue ball in bin a, but don't touch anything else");
    expect(g.goals.at(-1)).toMatchObject({ kind: 'keep', constraint: { rule: 'hands_off', spare: { notNamed: [{ color: 'red', shape: 'cube' }, { color: 'blue', shape: 'ball' }] } } });
    expect(g.goals[0]).toMatchObject({ object: { color: 'red', spare: [{ text: 'anything else' }] } });
    expect(extractConstraints('put whatever is on the shelf in bin a and leave whatever is in bin b alone').constraints).toMatchObject([{ spare: { inZone: 'bin b' } }]);
  });

  it('a contradiction is refused before anything moves', () => {
    expect(ground('put the red ball in bin a and leave the balls alone')).toEqual({ refusal: expect.stringMatching(/"leave the balls alone" contradicts "red ball"/) });
    expect(ground("take the cube from the shelf to bin a, don't touch anything on the shelf")).toHaveProperty('refusal');
    expect(ground("put the cube on the shelf, don't touch anything in the garage")).toEqual({ refusal: expect.stringMatching(/do not know a place called "garage"/) });
  });
});
