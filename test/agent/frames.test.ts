import { describe, expect, it } from 'vitest';
import { parseInstruction } from '../../src/agent/planner/instruction.js';
import { groundedGoals as goals, refusalOf as refusal } from './planner-map.js';

/**
 * The intent frames (src/agent/planner/frames/): a frame is opened by the verb's lemma and reads
 * the phrases around it, so word order and words that carry no part of the command (lead-ins,
 * adverbs, courtesies) do not break it, and what no frame accounts for is quoted back.
 */
const OFFICE = ['reception', 'kitchen', 'meeting_room', 'room_1', 'room_2', 'charging_dock'];
const BAYS = ['red_bay', 'green_bay', 'blue_bay', 'yellow_bay', 'return_shelf', 'charging_dock'];

describe('frames read the verb and the phrases around it', () => {
  it.each([
    ['just quickly pick up the red cube for me', { kind: 'pick', object: { color: 'red', shape: 'cube' } }],
    ['go ahead and grab the blue ball, thanks', { kind: 'pick', object: { color: 'blue', shape: 'ball' } }],
    ['I need you to carefully put the red cube in bin b', { kind: 'place', object: { color: 'red' }, target: { zone: 'bin_b' } }],
    ['put the red cube in bin b right away', { kind: 'place', target: { zone: 'bin_b' } }],
    ['take the green ball from bin a over to the shelf', { kind: 'place', object: { color: 'green', inZone: 'bin_a' }, target: { zone: 'shelf' } }],
    ['move the yellow cylinder in bin a to bin b', { kind: 'place', object: { color: 'yellow', inZone: 'bin_a' }, target: { zone: 'bin_b' } }],
    ['bring the red cube to me', { kind: 'place', target: { zone: 'home' } }],
    ['fetch me the blue cube', { kind: 'place', object: { color: 'blue' }, target: { zone: 'home' } }],
    ['get to bin a', { kind: 'goto', target: { zone: 'bin_a' } }],
    ['get the red ball', { kind: 'pick', object: { color: 'red', shape: 'ball' } }],
    ['get the red ball into bin a', { kind: 'place', target: { zone: 'bin_a' } }],
    ['head on over to the shelf real quick', { kind: 'goto', target: { zone: 'shelf' } }],
    ['you should go to bin a now', { kind: 'goto', target: { zone: 'bin_a' } }],
    ['the red cube needs to go in bin a', { kind: 'place', object: { color: 'red' }, target: { zone: 'bin_a' } }],
    ['the blue ball should be moved to the shelf', { kind: 'place', object: { color: 'blue' }, target: { zone: 'shelf' } }],
    ["I'd like the green cube in bin b", { kind: 'place', object: { color: 'green' }, target: { zone: 'bin_b' } }],
    ['drop the cube off at bin a', { kind: 'place', object: { shape: 'cube' }, target: { zone: 'bin_a' } }],
    ['put the ball down', { kind: 'place', target: { here: true } }],
    ['look for the yellow ball', { kind: 'find', object: { color: 'yellow', shape: 'ball' } }],
    ['can you spot a green cylinder', { kind: 'find', object: { color: 'green', shape: 'cylinder' } }],
    ['retrieve the blue cube', { kind: 'pick', object: { color: 'blue' } }],
    ['relocate the red ball to bin b', { kind: 'place', target: { zone: 'bin_b' } }],
    ['take a quick picture', { kind: 'capture' }],
    ['turn 90 degrees to the left', { kind: 'rotate', degrees: 90 }],
  ])('%s', (text, expected) => {
    expect(goals(text)[0]).toMatchObject(expected);
  });

  it.each([
    ['hey, grab me that blue cube would you', { kind: 'place', object: { color: 'blue' }, target: { zone: 'home' } }],
    ['the red ball, bring it over to the shelf', { kind: 'place', object: { color: 'red', shape: 'ball' }, target: { zone: 'shelf' } }],
    ['could you swing by bin a', { kind: 'goto', target: { zone: 'bin_a' } }],
    ['stop by the shelf', { kind: 'goto', target: { zone: 'shelf' } }],
    ['pop the yellow cylinder onto the shelf', { kind: 'place', target: { zone: 'shelf' } }],
    ['bring the yellow ball here', { kind: 'place', target: { zone: 'home' } }],
    ['come back here', { kind: 'goto', target: { zone: 'home' } }],
    ['let go of the cube', { kind: 'place', target: { here: true } }],
    ['how many balls can you see', { kind: 'count', object: { shape: 'ball', all: true } }],
    ['do you see a green ball anywhere', { kind: 'find', object: { color: 'green', shape: 'ball' } }],
    ['where did you put the red cube', { kind: 'find', object: { color: 'red', shape: 'cube' } }],
    ['which cubes are in bin a', { kind: 'find', object: { shape: 'cube', all: true, inZone: 'bin_a' } }],
    ['tell me where the yellow cylinder is', { kind: 'find', object: { color: 'yellow', shape: 'cylinder' } }],
    ['is the red cube on the shelf', { kind: 'find', object: { color: 'red', inZone: 'shelf' } }],
    ['look at the red cube', { kind: 'find', object: { color: 'red' } }],
    ['wait here for a bit', { kind: 'stay' }],
    ['drive down to bin b', { kind: 'goto', target: { zone: 'bin_b' } }],
    ['head up to the shelf', { kind: 'goto', target: { zone: 'shelf' } }],
    ['go back', { kind: 'goto', target: { zone: 'home' } }],
    ["I can't find the yellow cylinder", { kind: 'find', object: { color: 'yellow', shape: 'cylinder' } }],
    ['go grab the red cube', { kind: 'pick', object: { color: 'red', shape: 'cube' } }],
    ['come get the blue ball', { kind: 'pick', object: { color: 'blue', shape: 'ball' } }],
    ['go back to your starting point', { kind: 'goto', target: { zone: 'home' } }],
    ['where is the green ball at', { kind: 'find', object: { color: 'green', shape: 'ball' } }],
    ["what's sitting on the shelf", { kind: 'find', object: { all: true, inZone: 'shelf' } }],
    ['give me a rundown of what is in bin a', { kind: 'find', object: { all: true, inZone: 'bin_a' } }],
    ['tell me what you see over there', { kind: 'scan' }],
    ['uhm, go to bin a right now', { kind: 'goto', target: { zone: 'bin_a' } }],
    ['put the red cube down right there', { kind: 'place', target: { here: true } }],
  ])('%s', (text, expected) => {
    expect(goals(text)[0]).toMatchObject(expected);
  });

  it('a clause without a verb takes the verb before it', () => {
    expect(goals('go to bin a, then to bin b, then home')).toMatchObject([
      { kind: 'goto', target: { zone: 'bin_a' } },
      { kind: 'goto', target: { zone: 'bin_b' } },
      { kind: 'goto', target: { zone: 'home' } },
    ]);
  });

  it('an object said first goes to a place said alone, and "leave it there" adds nothing', () => {
    expect(goals('the red ball, bin b')).toMatchObject([{ kind: 'place', object: { color: 'red', shape: 'ball' }, target: { zone: 'bin_b' } }]);
    expect(goals('take the red cube to the shelf and leave it there')).toMatchObject([{ kind: 'place', object: { color: 'red' }, target: { zone: 'shelf' } }]);
  });

  it('"all except the one in Z" spares what is in Z', () => {
    expect(goals('put all the cubes except the one in bin a on the shelf')).toMatchObject([
      { kind: 'place', object: { shape: 'cube', all: true, spare: [{ inZone: 'bin_a' }] }, target: { zone: 'shelf' } },
    ]);
  });

  it('a statement of where something is asks nothing, and "look around" after a drive keeps the drive', () => {
    expect(refusal('the red cube is in bin a')).toMatch(/do not understand/);
    expect(goals('get over to bin a and have a look around').map((g) => g.kind)).toEqual(['goto', 'scan']);
  });

  it('a drive in a direction without a distance is refused, saying what is missing', () => {
    expect(refusal('move forward')).toMatch(/says which way but not how far/);
  });

  it('quotes what no frame accounts for', () => {
    expect(refusal('juggle the red cube')).toMatch(/"juggle the red cube"/);
    expect(refusal('the red cube please sing')).toMatch(/"the red cube sing"|"the red cube"/);
    expect(refusal('what is the weather like')).toMatch(/do not understand "what is the weather/);
  });
});

describe('swap', () => {
  it.each([
    'swap the blue cube in the meeting room with the red cylinder in the kitchen',
    'switch the blue cube in the meeting room and the red cylinder in the kitchen around',
    'could you exchange the blue cube in the meeting room for the red cylinder in the kitchen',
    'the blue cube in the meeting room and the red cylinder in the kitchen need to swap places',
    'swap the places of the blue cube in the meeting room and the red cylinder in the kitchen',
  ])('%s', (text) => {
    expect(goals(text, OFFICE)).toEqual([
      {
        kind: 'swap',
        object: expect.objectContaining({ color: 'blue', shape: 'cube', inZone: 'meeting_room' }),
        other: expect.objectContaining({ color: 'red', shape: 'cylinder', inZone: 'kitchen' }),
      },
    ]);
  });

  it('swaps with an object in no zone, and refuses "all" or a third', () => {
    expect(goals('swap the green cube on the shelf with the red ball')).toMatchObject([{ kind: 'swap', object: { color: 'green', inZone: 'shelf' }, other: { color: 'red', shape: 'ball' } }]);
    expect(refusal('swap all the cubes with the red ball')).toMatch(/two objects/);
    expect(refusal('swap the red cube')).toMatch(/which two objects/);
  });
});

describe('clear', () => {
  it.each([
    ['clear the shelf, it all goes in bin a', { kind: 'place', object: { all: true, inZone: 'shelf' }, target: { zone: 'bin_a' } }],
    ['clear bin a, everything on it goes on the shelf', { kind: 'place', object: { all: true, inZone: 'bin_a' }, target: { zone: 'shelf' } }],
    ['clear the shelf and put everything on it in bin b', { kind: 'place', object: { all: true, inZone: 'shelf' }, target: { zone: 'bin_b' } }],
    ['empty bin a into bin b', { kind: 'place', object: { all: true, inZone: 'bin_a' }, target: { zone: 'bin_b' } }],
    ['clear everything off the shelf and put it in bin b', { kind: 'place', object: { all: true, inZone: 'shelf' }, target: { zone: 'bin_b' } }],
    ['clear out bin a', { kind: 'clear', object: { all: true, inZone: 'bin_a' } }],
    ['clear the shelf', { kind: 'clear', object: { all: true, inZone: 'shelf' } }],
    ['remove the red cube from bin a', { kind: 'clear', object: { color: 'red', shape: 'cube', inZone: 'bin_a' } }],
    ['take everything out of bin b and put it on the shelf', { kind: 'place', object: { all: true, inZone: 'bin_b' }, target: { zone: 'shelf' } }],
    ['clean up bin a and put everything on the shelf', { kind: 'place', object: { all: true, inZone: 'bin_a' }, target: { zone: 'shelf' } }],
  ])('%s', (text, expected) => {
    expect(goals(text)).toMatchObject([expected]);
  });

  it('an unknown zone to clear lists the zones', () => {
    expect(refusal('clear the server room')).toMatch(/do not know a place called "server room"/);
  });
});

describe('putting things right, by zones named after colours or kinds', () => {
  it.each([
    ['the green cube is in the wrong bay, sort it out', 'green_bay'],
    ['put the red ball right', 'red_bay'],
    ['put the blue cube back where it belongs', 'blue_bay'],
    ['put the yellow cylinder in the right bay', 'yellow_bay'],
    ['the green ball is misplaced', 'green_bay'],
    ['find the red cube and put it right', 'red_bay'],
    ['put the blue ball in the bay of its colour', 'blue_bay'],
  ])('%s → %s', (text, zone) => {
    const g = goals(text, BAYS);
    expect(g.at(-1)).toMatchObject({ kind: 'place', target: { zone } });
  });

  it('an object whose colour is not said is sorted when it is seen', () => {
    expect(goals('sort the cubes out', BAYS)).toMatchObject([{ kind: 'sort', object: { shape: 'cube', all: true } }]);
    expect(goals('sort everything', BAYS)).toMatchObject([{ kind: 'sort', object: { all: true } }]);
    expect(goals('tidy up the return shelf', BAYS)).toMatchObject([{ kind: 'sort', object: { all: true, inZone: 'return_shelf' } }]);
  });

  it('refuses when no zone is named after a colour or a kind', () => {
    expect(refusal('the green cube is in the wrong bay, sort it out')).toMatch(/no zone of this map is named after a colour or a kind/);
    expect(refusal('sort it out', BAYS)).toMatch(/does not name an object/);
  });
});

describe('unchanged readings', () => {
  it('keeps "put X in A and Y in B" as two deliveries', () => {
    expect(parseInstruction('put the blue cube in bin a and the red cube on the shelf').map((g) => g.kind)).toEqual(['place', 'place']);
  });
});
