import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/agent/planner/language.js';
import { parseObject } from '../../src/agent/planner/referring.js';
import { ground, groundedGoals, refusalOf } from './planner-map.js';

/** The language layer: compromise's reading of wording forms, then frames and referring expressions on a map. */
const ROOMS = ['reception', 'room_1', 'room_2', 'room_3', 'mail_room', 'kitchen', 'meeting_room', 'packing_area', 'outbox', 'red_bay', 'green_bay', 'charging_dock'];
const goalsOf = (text: string) => groundedGoals(text, ROOMS);
const refusal = (text: string) => refusalOf(text, ROOMS);

describe('compromise canonical text', () => {
  it.each([
    ["what's on the table?", 'what is on the table'],
    ['uh, head over to the kitchen', 'head over to the kitchen'],
    ['slow down to zero point three metres per second', 'slow down to 0.3 metres per second'],
    ['drive to room three', 'drive to room 3'],
    ['it all goes in the outbox', 'it all go in the outbox'],
    ['the blue one, and one of the cubes', 'the blue one, and one of the cubes'],
    ["don't charge", 'do not charge'],
    ['would you mind putting the red ball on the shelf', 'put the red ball on the shelf'],
    ['turn ninety degrees left', 'turn 90 degrees left'],
    ['alright, pick up the cube', 'pick up the cube'],
    ['put the stuff on the shelf', 'put the things on the shelf'],
    ['whats in bin b', 'what is in bin b'],
    ['can u get the red ball', 'can you get the red ball'],
    ['move the cube thats red to bin a', 'move the cube that is red to bin a'],
  ])('%s → %s', (said, canonical) => {
    expect(canonicalText(said)).toBe(canonical);
  });

  it("keeps the map's zone words as written where compromise would read them as verbs", () => {
    expect(canonicalText('take it to cleaning station')).toBe('take it to clean station');
    expect(canonicalText('take it to cleaning station', ['cleaning', 'station'])).toBe('take it to cleaning station');
    expect(canonicalText('bring it to staging', ['staging', 'area'])).toBe('bring it to staging');
  });

  it('keeps sentence breaks as clause breaks', () => {
    expect(canonicalText('see the red cube? take it to the outbox.')).toBe('see the red cube, take it to the outbox');
  });
});

describe('referring expressions', () => {
  it.each([
    ['the red cube', { color: 'red', shape: 'cube', all: false, definite: true }],
    ['a red cube', { color: 'red', shape: 'cube', all: false }],
    ['one of the yellow cylinders', { color: 'yellow', shape: 'cylinder', all: false, count: 1 }],
    ['2 cubes', { shape: 'cube', all: true, count: 2 }],
    ['both red cubes', { color: 'red', shape: 'cube', all: true, count: 2 }],
    ['all the balls except the blue one', { shape: 'ball', all: true, except: { color: 'blue' } }],
    ['everything but the cubes', { all: true, except: { shape: 'cube' } }],
    ['the green cube from room 2', { color: 'green', shape: 'cube', inZone: 'room 2' }],
    ['whichever cube is closest', { shape: 'cube', rank: 'nearest' }],
    ['the farthest ball', { shape: 'ball', rank: 'farthest' }],
  ])('%s', (said, expected) => {
    expect(parseObject(said)).toMatchObject(expected);
  });

  it('"one of" is never every one, and "the" alone is definite', () => {
    expect(parseObject('one of the yellow cylinders')).not.toHaveProperty('definite');
    expect(parseObject('a red cube')).not.toHaveProperty('definite');
  });

  it('refuses words that name no object instead of dropping them', () => {
    expect(parseObject('the cube with the stripes')).toHaveProperty('reason');
    expect(parseObject('the purple box')).toMatchObject({ reason: expect.stringMatching(/purple/) });
  });
});

describe('intent frames on a map', () => {
  it.each([
    ['how many things are sitting in the packing area', { kind: 'count', object: { all: true, inZone: 'packing_area' } }],
    ['count the red cubes in here', { kind: 'count', object: { color: 'red', shape: 'cube', all: true } }],
    ["what's in the kitchen?", { kind: 'find', object: { all: true, inZone: 'kitchen' } }],
    ['where did the yellow ball end up', { kind: 'find', object: { color: 'yellow', shape: 'ball' } }],
    ['meeting room. now.', { kind: 'goto', target: { zone: 'meeting_room' } }],
    ['yellow cylinder -> packing area', { kind: 'place', object: { color: 'yellow', shape: 'cylinder' }, target: { zone: 'packing_area' } }],
    ['both red cubes go in the red bay', { kind: 'place', object: { all: true, count: 2 }, target: { zone: 'red_bay' } }],
    ['grab the red ball from room 3', { kind: 'pick', object: { color: 'red', shape: 'ball', inZone: 'room_3' } }],
    ['put the red cube that is closer to you in the red bay', { kind: 'place', object: { rank: 'nearest' }, target: { zone: 'red_bay' } }],
    ['it is dark, slow down to zero point three metres per second', { kind: 'set', name: 'max_linear_speed', value: 0.3 }],
  ])('%s', (text, expected) => {
    expect(goalsOf(text)[0]).toMatchObject(expected);
  });

  it('"see X? take it to Z, then bring Y next to it" carries X through both pronouns', () => {
    const [find, take, bring] = goalsOf('see the red cube? take it to the outbox, then bring the blue cube next to it');
    expect(find).toMatchObject({ kind: 'find', object: { color: 'red', shape: 'cube' } });
    expect(take).toMatchObject({ kind: 'place', object: { color: 'red', shape: 'cube' }, target: { zone: 'outbox' } });
    expect(bring).toMatchObject({ kind: 'place', object: { color: 'blue' }, target: { near: { color: 'red', shape: 'cube' } } });
  });

  it('staying put contradicts moving, but not answering', () => {
    expect(refusal('stay where you are and go to the kitchen')).toMatch(/contradicts moving/);
    expect(goalsOf("stay put and tell me how much battery you've got").map((g) => g.kind)).toEqual(['stay', 'status']);
  });

  it('staying at a place is being there and not leaving: a drive after it contradicts it, waiting there does not', () => {
    expect(refusal('stay at the kitchen and bring the red cube to the outbox')).toMatch(/staying at kitchen contradicts moving/);
    expect(refusal('remain in the kitchen, then pick up the red cube')).toMatch(/staying at kitchen contradicts moving/);
    expect(goalsOf('wait at the kitchen, then go to the outbox').map((g) => g.kind)).toEqual(['goto', 'goto']);
    expect(goalsOf('go to the outbox and stay there').map((g) => g.kind)).toEqual(['goto', 'stay']);
    expect(goalsOf('stay in the kitchen').map((g) => g.kind)).toEqual(['goto']);
  });

  it('keeps "don\'t stop to charge on the way" as a constraint', () => {
    expect(ground('drive to the kitchen, don\'t stop to charge on the way', ROOMS)).toMatchObject({ noCharge: true });
  });

  it('a zone inside an object reference that is not on the map is refused, listing the zones', () => {
    expect(refusal('grab the red ball from the server room')).toMatch(/server room.*reception/);
  });
});

describe('reading is unchanged by', () => {
  const instructions = ['put the red cube in the kitchen', 'go to room 2', 'how many balls are in the outbox', 'pick up the blue ball'];
  const plain = (s: string) => JSON.stringify(goalsOf(s));

  it('letter case, fillers and politeness around the command', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...instructions),
        fc.constantFrom('', 'uh, ', 'please ', 'hey robot, ', 'could you ', 'um, could you '),
        fc.constantFrom('', ' please', ' thanks', ', thank you', ' now', '!', '?'),
        fc.boolean(),
        (text, before, after, upper) => {
          const said = `${before}${text}${after}`;
          expect(plain(upper ? said.toUpperCase() : said)).toBe(plain(text));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('one swapped pair of letters in a colour or zone word', () => {
    const typos: Array<[string, string]> = [
      ['put the red cube in the kitchen', 'put the red cube in the kitchne'],
      ['go to room 2', 'go to rooom 2'],
      ['pick up the blue ball', 'pick up the bleu ball'],
      ['put the green cube in the outbox', 'put the gren cube in the outbox'],
    ];
    for (const [right, typed] of typos) expect(plain(typed)).toBe(plain(right));
  });
});
