import { describe, expect, it } from 'vitest';
import { parseObject } from '../../src/agent/planner/referring.js';

/** Relations in referring expressions are read, not dropped: each becomes part of the query (#15). */
const read = (text: string) => parseObject(text);

describe('relations to the room', () => {
  it.each([
    ['the cube that is against the left wall', { shape: 'cube', relation: { near: { wall: 'west' } } }],
    ['the ball by the wall', { shape: 'ball', relation: { near: { wall: null } } }],
    ['the red ball next to the north wall', { color: 'red', relation: { near: { wall: 'north' } } }],
    ['the cylinder along the far wall', { shape: 'cylinder', relation: { near: { wall: 'far' } } }],
    ['the cube in the corner', { shape: 'cube', relation: { near: { corner: [] } } }],
    ['the ball in the north-east corner', { shape: 'ball', relation: { near: { corner: ['north', 'east'] } } }],
    ['the ball in the top left corner', { shape: 'ball', relation: { near: { corner: ['north', 'west'] } } }],
    ['the cube on your left', { shape: 'cube', relation: { side: 'left' } }],
    ['the cube to the right of the robot', { shape: 'cube', relation: { side: 'right' } }],
    ['the left one', { relation: { extreme: 'west', text: 'farthest west' } }],
    ['the rightmost cube', { shape: 'cube', relation: { extreme: 'east' } }],
    ['the cube on the left', { shape: 'cube', relation: { extreme: 'west' } }],
  ])('%s', (text, expected) => {
    expect(read(text)).toMatchObject(expected);
  });
});

describe('relations to other things', () => {
  it.each([
    ['the red cube next to the blue ball', { color: 'red', shape: 'cube', relation: { near: { object: { color: 'blue', shape: 'ball' } } } }],
    ['the ball by the workbench', { shape: 'ball', relation: { near: { said: 'workbench' } } }],
    ['the cube between the bench and the cabinet', { shape: 'cube', relation: { between: [{ said: 'bench' }, { said: 'cabinet' }] } }],
    ['the cube closest to the red bay', { shape: 'cube', relation: { ranked: 'nearest', to: { said: 'red bay' } } }],
    ['the ball farthest from the wall', { shape: 'ball', relation: { ranked: 'farthest', to: { wall: null } } }],
    ['the nearest cube to the door', { shape: 'cube', relation: { ranked: 'nearest', to: { said: 'door' } } }],
    ['the one by the door', { relation: { near: { said: 'door' } } }],
  ])('%s', (text, expected) => {
    expect(read(text)).toMatchObject(expected);
  });

  it('a zone after in/on/at stays a zone, and a relation after it is still read', () => {
    expect(read('the green cube on the workbench')).toMatchObject({ inZone: 'workbench' });
    expect(read('the green cube on the workbench')).not.toHaveProperty('relation');
    expect(read('the cube in room 2 by the wall')).toMatchObject({ inZone: 'room 2', relation: { near: { wall: null } } });
  });

  it('"not in" a zone is part of the reference', () => {
    expect(read('the red cube that is not in the red bay')).toMatchObject({ color: 'red', notInZone: 'red bay' });
    expect(read('the ball outside the kitchen')).toMatchObject({ shape: 'ball', notInZone: 'kitchen' });
  });

  it('the robot comparisons stay as they were', () => {
    expect(read('whichever cube is closest')).toMatchObject({ shape: 'cube', rank: 'nearest' });
    expect(read('the red cube that is closer')).toMatchObject({ rank: 'nearest' });
  });

  it('what cannot be measured is said, not guessed', () => {
    expect(read('the bigger cube')).toEqual({ reason: expect.stringMatching(/not size/) });
    expect(read('the ball on my left')).toEqual({ reason: expect.stringMatching(/where you are standing/) });
    expect(read('the cube by the purple wall')).toHaveProperty('reason');
  });
});

describe('one out of several', () => {
  it('"the closer of the two cubes" is one cube, the nearer one', () => {
    expect(read('the closer of the two cubes')).toMatchObject({ shape: 'cube', all: false, definite: true, rank: 'nearest' });
    expect(read('the nearer one')).toMatchObject({ all: false, rank: 'nearest' });
    expect(read('the nearer one')).not.toHaveProperty('pronoun');
  });

  it('"the cube nearest the wall" ranks by the wall; "the nearest cube" stays by the robot', () => {
    expect(read('the cube nearest the wall')).toMatchObject({ shape: 'cube', relation: { ranked: 'nearest', to: { wall: null } } });
    expect(read('the nearest cube')).toMatchObject({ shape: 'cube', rank: 'nearest' });
    expect(read('the nearest cube')).not.toHaveProperty('relation');
  });

  it('"the other one" is marked, to be read against what came before', () => {
    expect(read('the other one')).toMatchObject({ other: true, all: false });
    expect(read('the other red cube')).toMatchObject({ other: true, color: 'red', shape: 'cube' });
  });
});
