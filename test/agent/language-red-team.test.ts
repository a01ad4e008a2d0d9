import { describe, expect, it } from 'vitest';
import { groundInstruction } from '../../src/agent/planner/grounding.js';
import { readInstruction } from '../../src/agent/planner/instruction.js';
import { zoneWords } from '../../src/agent/planner/place-words.js';
import { groundedGoals as goals, mapWithZones, refusalOf as refusal, WAREHOUSE_ZONES } from './planner-map.js';

/**
 * Readings a red team found that moved the robot on a misreading, read now by rules of English:
 * "near/next to/beside/by" a place is outside it (never in it), "the other X" needs an X said
 * before it, a yes/no question is answered either way, and "take X out of Z" says where X ends up.
 */
const KITCHEN = ['counter', 'sink', 'fridge_shelf', 'table', 'back_door', 'charger'];

describe('next to a place is outside it, never in it', () => {
  it.each([
    ['put the red cube near bin a', 'bin_a'],
    ['put the red cube next to bin a', 'bin_a'],
    ['leave the blue ball beside the shelf', 'shelf'],
    ['drop the green cube by bin b', 'bin_b'],
    ['the yellow ball goes next to bin b', 'bin_b'],
    ['put the red cube close to the counter', 'counter'],
  ])('"%s" is beside %s (outside it, by its edge), never in it', (text, zone) => {
    const g = goals(text, zone === 'counter' ? KITCHEN : WAREHOUSE_ZONES);
    expect(g).toEqual([expect.objectContaining({ kind: 'place', target: { beside: zone } })]);
  });

  it('next to a place the map does not have is refused, listing the places', () => {
    expect(refusal('put the red cube next to the window')).toMatch(/I do not know a place called "window"/);
  });

  it('next to an object is still next to it', () => {
    expect(goals('put the red cube next to the blue ball')[0]).toMatchObject({ kind: 'place', target: { near: { color: 'blue', shape: 'ball' } } });
    expect(goals('put the red cube by the green cylinder')[0]).toMatchObject({ kind: 'place', target: { near: { color: 'green', shape: 'cylinder' } } });
  });

  it('going near a place still goes there (a place to be, not a spot to drop on)', () => {
    expect(goals('go near bin a')[0]).toMatchObject({ kind: 'goto', target: { zone: 'bin_a' } });
  });
});

describe('"the other X" needs an X said before it', () => {
  it.each([
    'put the other red cube in bin a',
    'pick up the other ball',
    'bring me the other blue cube',
    // An X said before, but of another kind, is no referent.
    'pick up the blue ball, then put the other red cube in bin a',
  ])('"%s" with no earlier one is refused, asking which', (text) => {
    expect(refusal(text)).toMatch(/"the other .*": other than which\? .*say which/);
  });

  it.each([
    ['put the red cube in bin a, then put the other red cube in bin b', { color: 'red', shape: 'cube', other: true }],
    ['pick up a ball, drop it, then pick up the other ball', { shape: 'ball', other: true }],
    ['put the red cube in bin a, then the other one in bin b', { color: 'red', shape: 'cube', other: true }],
    // A cube said before: "the other red cube" is another cube than that one.
    ['put the cube in bin a, then put the other red cube in bin b', { color: 'red', shape: 'cube', other: true }],
  ])('"%s" has its referent', (text, object) => {
    expect(goals(text).at(-1)).toMatchObject({ object });
  });
});

describe('a yes/no question is asked as one', () => {
  it.each([
    ['is the blue cube in bin a?', { color: 'blue', shape: 'cube', inZone: 'bin_a' }],
    ['are the balls on the shelf', { shape: 'ball', inZone: 'shelf' }],
    ['is there a red ball in bin b?', { color: 'red', shape: 'ball', inZone: 'bin_b' }],
    ['is there a green cylinder', { color: 'green', shape: 'cylinder' }],
    ['can you see the yellow ball?', { color: 'yellow', shape: 'ball' }],
    ['tell me whether the red cube is in bin a', { color: 'red', shape: 'cube', inZone: 'bin_a' }],
  ])('"%s" asks whether, to be answered yes or no', (text, object) => {
    expect(goals(text)).toEqual([expect.objectContaining({ kind: 'find', whether: true, object: expect.objectContaining(object) })]);
  });

  it('"are the balls on the shelf" asks it of every ball; "are any balls on the shelf", of one', () => {
    expect(goals('are the balls on the shelf')).toEqual([expect.objectContaining({ whether: true, every: true })]);
    expect(goals('are any balls on the shelf')[0]).not.toHaveProperty('every');
    expect(goals('is the red cube in bin a')[0]).not.toHaveProperty('every');
  });

  it.each(['where is the blue cube', 'which cubes are in bin a', 'find the red ball', 'is there anything in bin a'])('"%s" asks where or what, not whether', (text) => {
    expect(goals(text)[0]).not.toHaveProperty('whether');
  });

  it('"see the red cube? take it to bin a": the question finds what "it" is', () => {
    expect(goals('see the red cube? take it to bin a')).toMatchObject([{ kind: 'find' }, { kind: 'place', target: { zone: 'bin_a' } }]);
  });
});

describe('taking something out of a place says where it ends up', () => {
  it.each([
    ['take the green cube out of bin a', { color: 'green', shape: 'cube', inZone: 'bin_a', all: false }],
    ['get the red ball off the shelf', { color: 'red', shape: 'ball', inZone: 'shelf', all: false }],
    ['move the blue cube out of bin b', { color: 'blue', shape: 'cube', inZone: 'bin_b', all: false }],
    ['remove the yellow ball from bin a', { color: 'yellow', shape: 'ball', inZone: 'bin_a' }],
    ['take everything out of bin a', { all: true, inZone: 'bin_a' }],
  ])('"%s": moved out of the zone, to free floor outside it', (text, object) => {
    expect(goals(text)).toEqual([{ kind: 'clear', object: expect.objectContaining(object) }]);
  });

  it.each([
    ['take the green cube out of bin a and put it on the shelf', 'shelf'],
    ['get the red cube off the counter and put it back', 'counter'],
    ['take the blue ball out of the sink and bring it here', 'start'],
  ])('"%s": taken out to be put somewhere, so picked up for that', (text, where) => {
    const [pick, put] = goals(text, text.includes('counter') || text.includes('sink') ? KITCHEN : WAREHOUSE_ZONES);
    expect(pick).toMatchObject({ kind: 'pick', object: { inZone: expect.any(String) } });
    expect(put).toMatchObject({ kind: 'place', target: where === 'start' ? { start: true } : { zone: where } });
  });

  it('"pick up the green cube from bin a" only says where to find it: it ends held', () => {
    expect(goals('pick up the green cube from bin a')).toEqual([{ kind: 'pick', object: expect.objectContaining({ inZone: 'bin_a' }) }]);
  });
});

describe('a prohibition alone is a rule for the mission, kept by doing nothing', () => {
  it.each([
    ["don't put the blue cube in bin a", { color: 'blue', shape: 'cube' }],
    ['never bring the red ball to the shelf', { color: 'red', shape: 'ball' }],
    ['do not move anything', {}],
    ["don't touch anything", {}],
  ])('"%s" is a hands-off rule and nothing to do', (text, spare) => {
    const g = goals(text);
    expect(g).toEqual([{ kind: 'keep', constraint: expect.objectContaining({ rule: 'hands_off', spare: expect.objectContaining(spare) }) }]);
  });

  it('with something else to do, "don\'t put X in Z" is refused: leaving X alone could be more than meant', () => {
    expect(refusal("put the red cube in bin b, don't put the blue cube in bin a")).toMatch(/only by not moving the blue cube at all/);
  });

  it('"don\'t move anything" with something to move contradicts it', () => {
    expect(refusal('put the red cube in bin b and do not move anything')).toMatch(/contradicts/);
  });
});

describe('bounds on a number', () => {
  it.each([
    ['put at most 2 cubes in bin a', 2, 'bin_a'],
    ['put no more than three balls on the shelf', 3, 'shelf'],
    ['move at least two cubes to bin b', 2, 'bin_b'],
    ['put up to 2 red cubes in bin a', 2, 'bin_a'],
  ])('"%s": that many, into the place said (never "most" or "least" as a place)', (text, count, zone) => {
    expect(goals(text)).toEqual([expect.objectContaining({ kind: 'place', object: expect.objectContaining({ all: true, count }), target: { zone } })]);
  });
});

describe('questions that compare or measure', () => {
  it.each([
    ['which cube is closest to bin b?', { shape: 'cube', relation: { ranked: 'nearest', to: { zone: 'bin_b' } } }],
    ['which object is farthest from the charging dock?', { relation: { ranked: 'farthest', to: { zone: 'charging_dock' } } }],
    ['which is the nearest ball to the shelf', { shape: 'ball', relation: { ranked: 'nearest', to: { zone: 'shelf' } } }],
    ['which ball is closest to you', { shape: 'ball', rank: 'nearest' }],
  ])('"%s" asks which one, by distance', (text, object) => {
    const g = goals(text);
    expect(g).toHaveLength(1);
    expect(g[0]).toMatchObject({ kind: 'find', object: { all: false, ...object } });
  });

  it.each([
    ['how far is the red cube from the shelf?', { zone: 'shelf' }],
    ['what is the distance between the red cube and bin a', { zone: 'bin_a' }],
    ['how far is the red cube from the blue ball', { object: expect.objectContaining({ color: 'blue', shape: 'ball' }) }],
    ['how far apart are the red cube and the blue cube', { object: expect.objectContaining({ color: 'blue', shape: 'cube' }) }],
    ['how far away is the green ball', { robot: true }],
  ])('"%s" asks a distance', (text, distanceTo) => {
    expect(goals(text)).toEqual([{ kind: 'find', object: expect.objectContaining({ color: expect.any(String) }), distanceTo }]);
  });

  it('a distance from a place the map does not have is refused, listing the places', () => {
    expect(refusal('how far is the red cube from the kitchen')).toMatch(/I do not know a place called "kitchen": this map has/);
  });
});

describe('"between A and B" as a place', () => {
  it.each([
    ['put the red cube between bin a and bin b', 'place'],
    ['go between bin a and bin b', 'goto'],
    ['drive halfway between bin b and bin a', 'goto'],
  ])('"%s": the spot halfway between the two zones\' centres, said in the readings', (text, kind) => {
    // bin_a centred at (1, 1) and bin_b at (6, 3), with open floor between them.
    const map = mapWithZones(['bin_a', 'bin_b']);
    map.zones[1] = { name: 'bin_b', min_x: 5.5, min_y: 2.5, max_x: 6.5, max_y: 3.5, center: { x: 6, y: 3 } };
    const g = groundInstruction(readInstruction(text, zoneWords(['bin_a', 'bin_b'])), map);
    if ('refusal' in g) throw new Error(g.refusal);
    expect(g.goals).toEqual([expect.objectContaining({ kind, target: { point: { x: 3.5, y: 2 } } })]);
    expect(g.readings.join('; ')).toMatch(/as \(3\.5, 2\), halfway between them/);
  });

  it.each([
    ['put the red cube between the blue ball and the green cube', /not between objects/],
    ['go between bin a and the kitchen', /I do not know a place called "kitchen"/],
    // planner-map's zones are 1 m squares side by side along y = 1: halfway between home (1, 1) and bin_a (3, 1) is the shelf.
    ['put the red cube between home and bin a', /halfway between home and bin_a, \(2, 1\), is in shelf/],
  ])('"%s" is refused, saying why', (text, why) => {
    expect(refusal(text)).toMatch(why);
  });
});

describe('back where it was', () => {
  it('"pick up the red cube, then put it back where it was": the spot it was taken from, found at run time', () => {
    expect(goals('pick up the red cube, then put it back where it was')).toMatchObject([
      { kind: 'pick', object: { color: 'red', shape: 'cube' } },
      { kind: 'place', object: { pronoun: true }, target: { wasAt: { color: 'red', shape: 'cube' } } },
    ]);
  });

  it('taken from a zone said, it goes back into that zone', () => {
    expect(goals('take the red cube from bin a to the shelf and put it back').at(-1)).toMatchObject({ kind: 'place', target: { zone: 'bin_a' } });
  });

  it('"put the blue ball where the red cube was" after the red cube was moved: where the robot took it from', () => {
    expect(goals('move the red cube to bin a, then put the blue ball where the red cube was').at(-1)).toMatchObject({
      kind: 'place',
      object: { color: 'blue', shape: 'ball' },
      target: { wasAt: { color: 'red', shape: 'cube' } },
    });
  });

  it.each([
    ['put the red cube back where it was', /I do not know where red cube was before/],
    ['put the blue ball where the red cube was', /I do not know where the red cube was: nothing before it in this instruction moves it/],
  ])('"%s" with nothing before it that moved it is refused', (text, why) => {
    expect(refusal(text)).toMatch(why);
  });
});

const REDS = ['start', 'zone_1', 'zone_2', 'zone_3', 'red_area', 'blue_area', 'charging_dock'];

describe('a number alone stands for that many of the kind said before', () => {
  it('"put two red cubes in zone 2 and two in zone 3": two other red cubes go to zone 3', () => {
    expect(goals('put two red cubes in zone 2 and two in zone 3', REDS)).toMatchObject([
      { kind: 'place', object: { color: 'red', shape: 'cube', count: 2 }, target: { zone: 'zone_2' } },
      { kind: 'place', object: { color: 'red', shape: 'cube', count: 2, all: true, other: true, text: '2 red cubes' }, target: { zone: 'zone_3' } },
    ]);
  });

  it('"find the cubes and put 2 in bin b": two cubes, none taken before, so any two', () => {
    const g = goals('find the cubes and put 2 in bin b');
    expect(g.at(-1)).toMatchObject({ kind: 'place', object: { shape: 'cube', count: 2, all: true, text: '2 cubes' }, target: { zone: 'bin_b' } });
    expect(g.at(-1)).not.toHaveProperty('object.other');
    expect(g.at(-1)).not.toHaveProperty('object.pronoun');
  });

  it('"put a red cube in zone 1 and one in zone 2": "one" is one more of that kind', () => {
    expect(goals('put a red cube in zone 1 and one in zone 2', REDS).at(-1)).toMatchObject({ object: { color: 'red', shape: 'cube', count: 1, all: false, other: true } });
  });

  it('"those two" are still the objects said before', () => {
    expect(goals('pick up the two red cubes and put those two in bin b')).toMatchObject([{ kind: 'place', object: { color: 'red', shape: 'cube', count: 2 }, target: { zone: 'bin_b' } }]);
  });

  it.each(['put 2 on the shelf', 'bring 3 to bin a'])('"%s" with no kind before it is refused, quoting the number', (text) => {
    expect(refusal(text)).toMatch(/I do not know what "\d" stands for: say which objects/);
  });
});

describe('"there" after a place is that place', () => {
  it('"put the red cube in bin a and then put the blue cube there too": the blue cube into bin a, not down where the robot is', () => {
    expect(goals('put the red cube in bin a and then put the blue cube there too')).toMatchObject([
      { kind: 'place', object: { color: 'red' }, target: { zone: 'bin_a' } },
      { kind: 'place', object: { color: 'blue' }, target: { zone: 'bin_a' } },
    ]);
  });

  it('"go to the shelf and put the blue cube there": into the shelf', () => {
    expect(goals('go to the shelf and put the blue cube there').at(-1)).toMatchObject({ kind: 'place', target: { zone: 'shelf' } });
  });

  it('"take it to the shelf and leave it there" is still one delivery', () => {
    expect(goals('pick up the red cube, take it to the shelf and leave it there')).toMatchObject([{ kind: 'pick' }, { kind: 'place', target: { zone: 'shelf' } }]);
  });

  it('"put it down there" with no place said before is put down where the robot stands', () => {
    expect(goals('pick up the red cube and put it down there').at(-1)).toMatchObject({ kind: 'place', target: { here: true } });
  });
});

describe('"in its place" is where that object was, never the zone of its colour', () => {
  it('"move the blue cube to zone 1 and put a red cube in its place": where the blue cube was taken from', () => {
    expect(goals('move the blue cube to zone 1 and put a red cube in its place', REDS).at(-1)).toMatchObject({
      kind: 'place',
      object: { color: 'red', shape: 'cube' },
      target: { wasAt: { color: 'blue', shape: 'cube' } },
    });
  });

  it('"take the red cube in the red area to zone 3 and put the blue cube in its place": where the red cube was, not blue_area', () => {
    expect(goals('take the red cube in the red area to zone 3 and put the blue cube in its place', REDS).at(-1)).toMatchObject({ target: { wasAt: { color: 'red', shape: 'cube' } } });
  });

  it('"put a red cube in its place" with nothing said before is refused, never sorted into red_area', () => {
    expect(refusal('put a red cube in its place', REDS)).toMatch(/I cannot tell whose place "its place" is/);
  });
});

describe('"what\'s there" after going to a place asks what is in it', () => {
  it.each(['drive to the shelf and tell me what\'s there', 'go to the shelf. what is there?'])('"%s": everything in the shelf, searched', (text) => {
    expect(goals(text)).toMatchObject([
      { kind: 'goto', target: { zone: 'shelf' } },
      { kind: 'find', object: { all: true, inZone: 'shelf' } },
    ]);
  });

  it('"go to the shelf and tell me what you see" still says what the camera sees', () => {
    expect(goals('go to the shelf and tell me what you see').at(-1)).toEqual({ kind: 'scan' });
  });
});

describe('"how many … can you see from here" counts one look from where the robot stands', () => {
  it.each([
    ['how many objects can you see from here?', {}],
    ['how many balls can you see from here', { shape: 'ball' }],
  ])('"%s": counted from here', (text, kind) => {
    expect(goals(text)).toEqual([{ kind: 'count', object: expect.objectContaining({ all: true, ...kind }), fromHere: true }]);
  });

  it('"how many objects are there" and "… around you" still count the whole room', () => {
    expect(goals('how many objects are there')[0]).not.toHaveProperty('fromHere');
    expect(goals('how many red cubes do you see around you')[0]).toMatchObject({ kind: 'count', object: { color: 'red', shape: 'cube', all: true } });
    expect(goals('how many red cubes do you see around you')[0]).not.toHaveProperty('fromHere');
  });
});
