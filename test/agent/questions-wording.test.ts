import { describe, expect, it } from 'vitest';
import { parseInstruction } from '../../src/agent/planner/instruction.js';
import { expectGrounding, groundedGoals, refusalOf, type WordingCase as Case } from './planner-map.js';

/**
 * Questions as people ask a robot, and conditions on its battery they attach to a request:
 * distances to places and between them ("how far's the loading bay from you", "which is nearer,
 * the sink or the counter"), counts and descriptions of "the room" (the whole room, never a zone
 * merely named like it), where-questions in their everyday forms, and "only if you've got more
 * than 40% left" — honoured as a test of the battery, never dropped.
 */
const KITCHEN = ['counter', 'sink', 'dining_area', 'fridge_shelf', 'charging_dock'];
const inKitchen = expectGrounding(KITCHEN);
/** A map that does have a zone called "hall". */
const WITH_HALL = ['hall', 'porch', 'charging_dock'];

const measure = (items: object[], extra: object = {}) => ({ kind: 'measure', items, ...extra });
const zone = (z: string) => ({ zone: z });

describe('how far, and which is closer', () => {
  it.each<Case>([
    ['how far away is the sink from you?', [measure([zone('sink')])]],
    ["how far's the counter", [measure([zone('counter')])]],
    ['how far are you from the charger right now', [measure([zone('charging_dock')])]],
    ['how far is it to the dining area', [measure([zone('dining_area')])]],
    ["what's the distance to the fridge shelf", [measure([zone('fridge_shelf')])]],
    ['how close are you to the sink', [measure([zone('sink')])]],
    ['how far is the sink from the counter', [measure([zone('sink')], { from: zone('counter') })]],
    ['what is the distance between the dining area and the sink', [measure([zone('dining_area')], { from: zone('sink') })]],
    ['which is closer, the sink or the counter?', [measure([zone('sink'), zone('counter')], { compare: 'nearer' })]],
    ['which one is further away: the dining area or the fridge shelf', [measure([zone('dining_area'), zone('fridge_shelf')], { compare: 'farther' })]],
    ['which of the counter and the sink is nearer to you', [measure([zone('counter'), zone('sink')], { compare: 'nearer' })]],
    ['is the sink closer than the dining area?', [measure([zone('sink'), zone('dining_area')], { compare: 'nearer', whether: true })]],
    // An object at one end is found by sight, the place from the map.
    ['which is nearer to you, the red cube or the sink', [measure([{ object: { color: 'red', shape: 'cube' } }, zone('sink')], { compare: 'nearer' })]],
    ['how far is the blue ball from you', [{ kind: 'find', object: { color: 'blue', shape: 'ball' }, distanceTo: { robot: true } }]],
    ['how far from the sink is the green cube', [{ kind: 'find', object: { color: 'green', shape: 'cube' }, distanceTo: { zone: 'sink' } }]],
    ['how many metres to the counter?', [measure([zone('counter')])]],
  ])('"%s"', (text, goals) => inKitchen(text, goals));

  it('a place not on this map is refused, naming the ones it has', () => {
    expect(refusalOf('how far is the garage from you', KITCHEN)).toMatch(/garage.*counter/);
    expect(refusalOf('which is closer, the sink or the attic', KITCHEN)).toMatch(/attic/);
  });

  it('"how far are all the cubes" asks of no one object, and is refused', () => {
    expect(refusalOf('how far away are the cubes', KITCHEN)).toMatch(/say which one/);
  });
});

describe('counts and descriptions of "the room" mean the whole room', () => {
  const whole = (shape?: string) => ({ kind: 'count', object: { all: true, ...(shape ? { shape } : {}) } });
  it.each<Case>([
    ['how many cubes are there in this room', [whole('cube')]],
    ['how many balls are in the hall?', [whole('ball')]],
    ['how many things are around you', [whole()]],
    ['count the cylinders in the whole room', [whole('cylinder')]],
    ["what's in the room?", [{ kind: 'find', object: { all: true } }]],
    ['describe the room for me', [{ kind: 'find', object: { all: true } }]],
    ['what objects are on the counter', [{ kind: 'find', object: { all: true, inZone: 'counter' } }]],
    ['list everything on the fridge shelf', [{ kind: 'find', object: { all: true, inZone: 'fridge_shelf' } }]],
    ["what's on top of the counter", [{ kind: 'find', object: { all: true, inZone: 'counter' } }]],
    ['how many balls are left on the counter', [{ kind: 'count', object: { shape: 'ball', all: true, inZone: 'counter' } }]],
    ["what's the number of cubes in the sink", [{ kind: 'count', object: { shape: 'cube', all: true, inZone: 'sink' } }]],
    ['how many cylinders have you seen so far', [whole('cylinder')]],
    ["what's near the sink", [{ kind: 'find', object: { all: true, relation: { near: { zone: 'sink' } } } }]],
    // A question, never a request to put everything next to the counter.
    ['is anything next to the counter?', [{ kind: 'find', object: { all: true, relation: { near: { zone: 'counter' } } } }]],
    ['what can you see in the sink', [{ kind: 'find', object: { all: true, inZone: 'sink' } }]],
    ['tell me about the objects on the counter', [{ kind: 'find', object: { all: true, inZone: 'counter' } }]],
    ['are there any cubes left on the counter', [{ kind: 'find', object: { shape: 'cube', inZone: 'counter' }, whether: true }]],
    ['is there more than one red cube', [{ kind: 'count', object: { color: 'red', shape: 'cube', all: true } }]],
    ["what's behind you", [{ kind: 'scan' }]],
  ])('"%s"', (text, goals) => inKitchen(text, goals));

  it('no goal of a count of the room names a zone', () => {
    for (const text of ['how many cubes are there in this room', 'how many balls are in the hall?', "what's in the room?"]) {
      expect(JSON.stringify(groundedGoals(text, KITCHEN))).not.toContain('inZone');
    }
  });

  it('on a map with a zone called "hall", "in the hall" is that zone', () => {
    expect(groundedGoals('how many balls are in the hall', WITH_HALL)).toMatchObject([{ kind: 'count', object: { shape: 'ball', inZone: 'hall' } }]);
  });

  it('"from here" and "in view" still count one look from where the robot stands', () => {
    expect(groundedGoals('how many cubes can you see from here', KITCHEN)).toMatchObject([{ kind: 'count', fromHere: true }]);
  });
});

describe('where, as people ask it', () => {
  const where = (object: object) => [{ kind: 'find', object }];
  it.each<Case>([
    ['where exactly is the green ball', where({ color: 'green', shape: 'ball', definite: true })],
    ['where can I find the yellow cylinder?', where({ color: 'yellow', shape: 'cylinder' })],
    ['where did you see the red cube', where({ color: 'red', shape: 'cube' })],
    ['where is the nearest cube to you', where({ shape: 'cube', rank: 'nearest' })],
    ['where is the blue ball located?', where({ color: 'blue', shape: 'ball' })],
    ['which ball is furthest away', where({ shape: 'ball', rank: 'farthest' })],
    ['any idea where the red ball went', where({ color: 'red', shape: 'ball' })],
    ["what's the colour of the cube on the counter", where({ shape: 'cube', inZone: 'counter' })],
    ['what are your coordinates', [{ kind: 'status', topic: 'pose' }]],
    ['which zone are you in right now', [{ kind: 'status', topic: 'pose' }]],
    ['are you in the dining area?', [{ kind: 'status', topic: 'pose' }]],
  ])('"%s"', (text, goals) => inKitchen(text, goals));
});

describe('a condition on the battery is checked, never dropped', () => {
  const when = (test: object, covers: number) => ({ kind: 'when', test, covers });
  it.each<Case>([
    ["if you've got more than 40% left, go to the sink", [when({ op: '>', level: 0.4 }, 1), { kind: 'goto', target: zone('sink') }]],
    ['take the red cube to the counter if your battery is above half', [when({ op: '>', level: 0.5 }, 1), { kind: 'place', target: zone('counter') }]],
    ['if you have at least 60 percent battery, go to the dining area', [when({ op: '>=', level: 0.6 }, 1), { kind: 'goto' }]],
    ['go to the sink, then recharge if you are under 25%', [{ kind: 'goto' }, when({ op: '<', level: 0.25 }, 1), { kind: 'charge' }]],
    // "first" puts the governed clause before the rest, as said.
    ['go to the counter, but charge first if you are below 20 percent', [when({ op: '<', level: 0.2 }, 1), { kind: 'charge' }, { kind: 'goto', target: zone('counter') }]],
    // The charge is what a low battery asks for; the errand after "then" is done either way.
    ["if you're running low, charge, then go to the sink", [when({ low: true }, 1), { kind: 'charge' }, { kind: 'goto', target: zone('sink') }]],
    ['unless your battery is low, bring the blue ball to the counter', [when({ low: false }, 1), { kind: 'place' }]],
    // A condition opening a clause governs what follows it, not the question before it.
    ["how much battery have you got? if it's under 50%, go and charge", [{ kind: 'status', topic: 'battery' }, when({ op: '<', level: 0.5 }, 1), { kind: 'charge' }]],
  ])('"%s"', (text, goals) => inKitchen(text, goals));

  it('says the condition as it was said, for the report', () => {
    const [first] = parseInstruction('go to the sink only if you have more than 30% charge', ['sink']);
    expect(first).toMatchObject({ kind: 'when', said: 'you have more than 30% charge' });
  });

  it('a condition that is not about the battery is not taken for one: it is refused, quoting it', () => {
    expect(refusalOf('if you see a green ball, put it on the counter', KITCHEN)).toMatch(/if you/);
    // A bare number is a battery level only with a word for charge after it.
    expect(refusalOf('if you have more than 3 cubes, go to the sink', KITCHEN)).toMatch(/3 cubes/);
  });
});
