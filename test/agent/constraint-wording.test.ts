import { describe, expect, it } from 'vitest';
import { extractConstraints } from '../../src/agent/planner/constraints.js';
import { parseInstruction } from '../../src/agent/planner/instruction.js';

const ZONES = ['shelf', 'bin a', 'bin b', 'workbench', 'drop off'];

/** Constraints in the forms people say them (#15): each is read as a rule, never dropped. */
describe('a place the robot must not go to', () => {
  it.each([
    ['bring the green cube to bin a without going to the shelf', 'shelf', 'bring the green cube to bin a'],
    ['go to bin a, do not drive over the shelf', 'shelf', 'go to bin a'],
    ['go to bin b but do not go anywhere near bin a', 'bin a', 'go to bin b'],
    ['go to bin b, steer clear of the shelf', 'shelf', 'go to bin b'],
    ['put the cube in bin b and keep off the shelf', 'shelf', 'put the cube in bin b'],
    ['go to the shelf without going too close to bin a', 'bin a', 'go to the shelf'],
  ])('%s', (text, said, rest) => {
    const out = extractConstraints(text);
    expect(out.constraints).toEqual([{ rule: 'avoid', said, text: expect.any(String) }]);
    expect(out.rest).toBe(rest);
  });

  it.each([
    ['go to bin a without passing the shelf', 'shelf'],
    ["go to bin b, don't enter bin a", 'bin a'],
    ['go to bin a without crossing the shelf', 'shelf'],
    ["put the red cube in bin a, stay away from the shelf while you're doing it", 'shelf'],
    ["go to bin b, and don't go through the shelf on the way", 'shelf'],
  ])('%s (as the language layer hands it over)', (text, said) => {
    expect(parseInstruction(text, ZONES)).toContainEqual({ kind: 'keep', constraint: { rule: 'avoid', said, text: expect.any(String) } });
  });

  it('"on the way to Z" names a destination: the trip there, kept out of the place said', () => {
    expect(parseInstruction('avoid the shelf on the way to bin a', ZONES)).toEqual([
      { kind: 'goto', target: { said: 'bin a' } },
      { kind: 'keep', constraint: { rule: 'avoid', said: 'shelf', text: 'avoid the shelf' } },
    ]);
  });

  it('a trip forbidden and nothing else asked is a rule only', () => {
    expect(parseInstruction("don't go to the shelf", ZONES)).toEqual([{ kind: 'keep', constraint: { rule: 'avoid', said: 'shelf', text: 'do not go to the shelf' } }]);
  });
});

describe('"without touching X" as the language layer hands it over ("without touch X")', () => {
  it.each([
    ['move the red ball to bin b, without touching the yellow cube', { color: 'yellow', shape: 'cube' }],
    ['without touching anything else, put the red cube in bin a', { notNamed: [] }],
    ['put the balls in bin a without moving the blue one', { color: 'blue' }],
  ])('%s', (text, spare) => {
    const goals = parseInstruction(text, ZONES);
    expect(goals.filter((g) => g.kind === 'unknown')).toEqual([]);
    expect(goals).toContainEqual({ kind: 'keep', constraint: { rule: 'hands_off', spare: expect.objectContaining(spare), text: expect.stringMatching(/^without /) } });
  });
});

describe('what stays where it is, in everyday words', () => {
  it.each([
    ["put the balls in bin b, don't bother with the blue one", 'do not bother with the blue one'],
    ['put the balls in bin b, never mind the blue one', 'never mind the blue one'],
    ['put the balls in bin b, forget the blue one', 'forget the blue one'],
    ['put all the cubes in bin a but leave the red one', 'leave the red one'],
    ['take the cubes to bin a, but keep the red one where it is', 'keep the red one where it is'],
    ['move the cubes to bin b, the red one stays where it is', 'the red one stays where it is'],
    ['put the cubes in bin b; the red one stays', 'the red one stays'],
  ])('%s', (text, said) => {
    const goals = parseInstruction(text, ZONES);
    expect(goals.filter((g) => g.kind === 'unknown')).toEqual([]);
    expect(goals).toContainEqual({ kind: 'keep', constraint: { rule: 'hands_off', spare: expect.objectContaining({ color: expect.any(String) }), text: said } });
  });

  it('"avoid going near bin b" forbids bin b itself', () => {
    expect(parseInstruction('put the red cube in bin a, avoid going near bin b', ZONES)).toContainEqual({ kind: 'keep', constraint: expect.objectContaining({ rule: 'avoid', said: 'bin b' }) });
  });

  it('"except the green" (a colour without "one") narrows the delivery', () => {
    expect(parseInstruction('bring every ball to the shelf except the green', ZONES)).toEqual([
      { kind: 'place', object: expect.objectContaining({ shape: 'ball', all: true, except: { color: 'green' } }), target: { said: 'shelf' } },
    ]);
  });
});

describe('"bar" and "except" name what is left out, and must say which', () => {
  it('"all the cubes bar the red one" leaves the red ones out', () => {
    expect(parseInstruction('all the cubes bar the red one go in bin a', ZONES)).toEqual([
      { kind: 'place', object: expect.objectContaining({ shape: 'cube', all: true, except: { color: 'red' } }), target: { said: 'bin a' } },
    ]);
  });

  it.each(['put all the cubes bar one in bin a', 'put all the cubes except one in bin a', 'everything except one goes in bin b'])('"%s": which one is not said, so it is refused', (text) => {
    expect(parseInstruction(text, ZONES)).toEqual([expect.objectContaining({ kind: 'unknown' })]);
  });

  it('a zone called "bar" is still a place', () => {
    expect(parseInstruction('take the cube to the bar', [...ZONES, 'bar'])).toEqual([expect.objectContaining({ kind: 'place', target: { said: 'bar' } })]);
  });
});

describe('"nothing from <place>": what lies there is left alone', () => {
  it.each([
    ['nothing from the workbench, but bring the red cube to the drop off', 'workbench', 'bring the red cube to the drop off'],
    ['take nothing off the shelf and put the red cube in bin a', 'shelf', 'put the red cube in bin a'],
    ['put the balls in bin b, nothing from the shelf', 'shelf', 'put the balls in bin b'],
  ])('%s', (text, inZone, rest) => {
    const out = extractConstraints(text);
    expect(out.constraints).toEqual([{ rule: 'hands_off', spare: { inZone, text: `anything in the ${inZone}` }, text: expect.stringMatching(/^(?:take )?nothing /) }]);
    expect(out.rest).toBe(rest);
  });

  it('"nothing else" is still everything not named (read before the constraints)', () => {
    expect(parseInstruction('put the red cube in bin a and nothing else', ZONES).at(-1)).toEqual({
      kind: 'keep',
      constraint: expect.objectContaining({ rule: 'hands_off', spare: expect.objectContaining({ notNamed: [] }) }),
    });
  });
});

describe('"only the X": the objects named, and nothing else touched', () => {
  it.each([
    ['only the cubes go on the shelf', { shape: 'cube', all: true }],
    ['put only the red ones in bin a', { color: 'red', all: true }],
    ['move only the blue balls to bin b', { color: 'blue', shape: 'ball', all: true }],
  ])('%s', (text, object) => {
    const goals = parseInstruction(text, ZONES);
    expect(goals).toEqual([
      expect.objectContaining({ kind: 'place', object: expect.objectContaining(object) }),
      { kind: 'keep', constraint: { rule: 'hands_off', spare: { notNamed: [], text: 'anything else' }, text: 'only' } },
    ]);
  });

  it('"only" that does not narrow an object is left to the grammar, which refuses what it cannot read', () => {
    expect(extractConstraints('the only red cube goes in bin a').constraints).toEqual([]);
    // In a question it is what is asked: "is the red cube the only thing in bin a?"
    expect(extractConstraints('is only the red cube in bin a?').constraints).toEqual([]);
    expect(extractConstraints('how many cubes are there, only the red ones').constraints).toEqual([]);
    expect(extractConstraints('go to bin a, but only if your battery is above 50%').constraints).toEqual([]);
    // A battery test is a condition the planner checks (frames/conditions.ts), not a rule dropped.
    expect(parseInstruction('go to bin a, but only if your battery is above 50%', ZONES)[0]).toMatchObject({ kind: 'when', test: { op: '>', level: 0.5 }, covers: 1 });
  });
});

describe('"put A where B is and vice versa" is a swap', () => {
  it.each([
    ['put the red ball where the green cube is and vice versa', 'red', 'green'],
    ['move the blue cube to where the red cube is and the other way round', 'blue', 'red'],
    ['put the red cube in place of the blue ball and vice versa', 'red', 'blue'],
  ])('%s', (text, first, other) => {
    expect(parseInstruction(text, ZONES)).toEqual([{ kind: 'swap', object: expect.objectContaining({ color: first }), other: expect.objectContaining({ color: other }) }]);
  });

  it('"vice versa" split off by a comma is not read, so the mission is refused before it moves', () => {
    expect(parseInstruction('put the red cube in place of the blue ball, and vice versa', ZONES)).toContainEqual(expect.objectContaining({ kind: 'unknown', text: 'vice versa' }));
  });

  it('without "vice versa" it is one delivery, not a swap', () => {
    expect(parseInstruction('put the red ball where the green cube is', ZONES)[0]?.kind).not.toBe('swap');
  });
});
