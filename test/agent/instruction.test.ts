import { describe, expect, it } from 'vitest';
import { parseInstruction } from '../../src/agent/planner/instruction.js';
import { groundedGoals as goals, refusalOf as refusal } from './planner-map.js';

/** Goals as the planner gets them: read, then grounded in the warehouse's zones. */
const kinds = (s: string) => goals(s).map((g) => g.kind);
const first = (s: string) => goals(s)[0]!;

describe('reading instructions', () => {
  it.each([
    ['pick up the red cube', { kind: 'pick', object: { color: 'red', shape: 'cube', all: false } }],
    ['Grab the blue block!', { kind: 'pick', object: { color: 'blue', shape: 'cube' } }],
    ['could you get me the green ball please', { kind: 'place', target: { zone: 'home' } }],
    ['bring the yellow cylinder to the shelf', { kind: 'place', object: { color: 'yellow', shape: 'cylinder' }, target: { zone: 'shelf' } }],
    ['drop the red cube in bin a', { kind: 'place', target: { zone: 'bin_a' } }],
    ['put all the cubes on the shelf', { kind: 'place', object: { shape: 'cube', all: true }, target: { zone: 'shelf' } }],
    ['put everything in bin b', { kind: 'place', object: { all: true }, target: { zone: 'bin_b' } }],
    ['place the blue cube next to the green ball', { kind: 'place', target: { near: { color: 'green', shape: 'ball' } } }],
    ['go to bin b', { kind: 'goto', target: { zone: 'bin_b' } }],
    ['navigate to (3, 4.5)', { kind: 'goto', target: { point: { x: 3, y: 4.5 } } }],
    ['move to x=2, y=3', { kind: 'goto', target: { point: { x: 2, y: 3 } } }],
    ['go home', { kind: 'goto', target: { zone: 'home' } }],
    ['where is the yellow cylinder?', { kind: 'find', object: { color: 'yellow', shape: 'cylinder' } }],
    ['look for a red ball', { kind: 'find', object: { color: 'red', shape: 'ball' } }],
    ['go charge', { kind: 'charge' }],
    ['go to the charging dock', { kind: 'charge' }],
    ['what is your battery level?', { kind: 'status', topic: 'battery' }],
    ['where are you?', { kind: 'status', topic: 'pose' }],
    ['what are you holding', { kind: 'status', topic: 'holding' }],
    ['arm', { kind: 'arm' }],
    ['arm the robot', { kind: 'arm' }],
    ['Robot, go to bin a', { kind: 'goto', target: { zone: 'bin_a' } }],
    ['disarm the robot', { kind: 'disarm' }],
    ['stop', { kind: 'stop' }],
    ['emergency stop', { kind: 'estop' }],
    ['reset the emergency stop', { kind: 'reset_estop' }],
    ['set max speed to 0.3', { kind: 'set', name: 'max_linear_speed', value: 0.3 }],
    ['set the detection threshold to 60%', { kind: 'set', name: 'detection_confidence', value: 0.6 }],
    ['set conflict policy to queue', { kind: 'set', name: 'conflict_policy', value: 'queue' }],
    ['turn around', { kind: 'rotate', degrees: 180 }],
    ['Carry the red cube over to the shelf', { kind: 'place', object: { color: 'red', shape: 'cube' }, target: { zone: 'shelf' } }],
    ['look around', { kind: 'scan' }],
    // "can you" is stripped as politeness, so these arrive as "what see" / "what objects see".
    ['What can you see?', { kind: 'scan' }],
    ['what objects can you see', { kind: 'scan' }],
    ['what do you see', { kind: 'scan' }],
  ])('%s', (text, expected) => {
    expect(first(text)).toMatchObject(expected);
  });

  it('splits sequences and keeps "it" for the object before', () => {
    expect(kinds('pick up the red cube, then put it in bin A')).toEqual(['pick', 'place']);
    expect(goals('pick up the red cube and bring it to bin b')[1]).toMatchObject({ kind: 'place', object: { pronoun: true } });
    expect(kinds('take the blue cube to bin a and then go home')).toEqual(['place', 'goto']);
    expect(kinds('pick up the red cube, put it in bin a, then go to the dock and charge')).toEqual(['pick', 'place', 'charge']);
    // "and" inside an object phrase is not a clause break.
    expect(kinds('go to bin b and come back')).toEqual(['goto', 'goto']);
  });

  it('says plainly what it does not understand', () => {
    expect(refusal('make me a sandwich')).toBe('I do not understand "make me a sandwich"');
    expect(refusal('pick up the purple elephant')).toMatch(/cannot recognize purple objects/);
    expect(refusal('pick up the shelf')).toMatch(/do not know what "the shelf" is/);
    expect(refusal('set warp factor to 9')).toMatch(/do not know a parameter/);
    expect(parseInstruction('')).toMatchObject([{ kind: 'unknown' }]);
  });
});
