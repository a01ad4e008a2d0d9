import { describe, expect, it } from 'vitest';
import { expectGrounding, groundedGoals, refusalOf, WAREHOUSE_ZONES, type WordingCase as Case } from './planner-map.js';

/**
 * How an instruction's clauses fit together, as people say them to a robot: a place said before
 * its object ("bin a: the red cube", "bin b — the green ball"), deliveries listed with one verb,
 * one place shared by objects taken in turn, corrections said with words that are otherwise
 * fillers ("…, actually bin b", "the red cube, er, the blue one"), "instead", taking back
 * ("never mind", "cancel"), a manner the robot can keep ("slowly": a lower top speed) and one it
 * cannot ("quietly": refused, quoting it), tidying words, and "while avoiding Z". Every clause
 * becomes a goal, or the instruction is refused naming what was not understood.
 */
const ZONES = [...WAREHOUSE_ZONES, 'kitchen', 'red_bay', 'blue_bay'];
const check = expectGrounding(ZONES);
const refusal = (text: string) => refusalOf(text, ZONES) ?? 'not refused';

const red = { color: 'red' };
const blue = { color: 'blue' };
const green = { color: 'green' };
const cube = { shape: 'cube' };
const ball = { shape: 'ball' };
const place = (object: object, zone: string) => ({ kind: 'place', object, target: { zone } });
const slow = (value: number) => ({ kind: 'set', name: 'max_linear_speed', value });

describe('a place said before its object is where that object goes', () => {
  it.each<Case>([
    ['bin a: the red cube', [place({ ...red, ...cube }, 'bin_a')]],
    ['bin b — green ball', [place({ ...green, ...ball }, 'bin_b')]],
    ['shelf please, the blue ball', [place({ ...blue, ...ball }, 'shelf')]],
    ['bin a - the red cube, bin b - the blue ball', [place({ ...red, ...cube }, 'bin_a'), place({ ...blue, ...ball }, 'bin_b')]],
  ])('%s', (text, goals) => check(text, goals));

  it('after "go to Z" an object is not a delivery: it is left unexplained, and refused', () => {
    expect(refusal('go to bin a, the red cube')).toContain('red cube');
  });
});

describe('deliveries listed with one verb, and one place for objects taken in turn', () => {
  it.each<Case>([
    ['put the red cube in bin a, the blue ball on the shelf and the green cube in bin b', [place({ ...red, ...cube }, 'bin_a'), place({ ...blue, ...ball }, 'shelf'), place({ ...green, ...cube }, 'bin_b')]],
    ['bring the green ball to the kitchen, the red cube to bin b', [place({ ...green, ...ball }, 'kitchen'), place({ ...red, ...cube }, 'bin_b')]],
    ['put the ball and then the cube in bin a', [place(ball, 'bin_a'), place(cube, 'bin_a')]],
    ['first the blue ball, then the red cube to the shelf', [place({ ...blue, ...ball }, 'shelf'), place({ ...red, ...cube }, 'shelf')]],
  ])('%s', (text, goals) => check(text, goals));
});

describe('corrections said with words that are otherwise fillers', () => {
  it.each<Case>([
    ['put the cube in bin a, actually bin b', [place(cube, 'bin_b')]],
    ['take the green ball to the shelf, sorry, the kitchen', [place({ ...green, ...ball }, 'kitchen')]],
    ['put the red cube, er, the blue cube in bin a', [place({ ...blue, ...cube }, 'bin_a')]],
    ['take the red cube, um, the blue one to the shelf', [place({ ...blue, ...cube }, 'shelf')]],
    ['go to bin a, actually, go to the kitchen', [{ kind: 'goto', target: { zone: 'kitchen' } }]],
    ['go to bin a, go to bin b instead', [{ kind: 'goto', target: { zone: 'bin_b' } }]],
  ])('%s', (text, goals) => check(text, goals));

  it('a hesitation is no correction', () => {
    expect(groundedGoals('go to bin a, uh, then go home', ZONES)).toMatchObject([{ kind: 'goto', target: { zone: 'bin_a' } }, { kind: 'goto', target: { zone: 'home' } }]);
    expect(groundedGoals('pick up the red cube, uh, put it in bin b', ZONES)).toMatchObject([{ kind: 'pick' }, { kind: 'place', target: { zone: 'bin_b' } }]);
  });
});

describe('taking back', () => {
  it.each(['never mind', 'cancel', 'forget it'])('"%s" alone stops the robot', (text) => {
    expect(groundedGoals(text, ZONES)).toEqual([{ kind: 'stop' }]);
  });

  it('"never mind" before a command takes back nothing; between two, the first', () => {
    expect(groundedGoals('never mind, go to the kitchen', ZONES)).toEqual([{ kind: 'goto', target: { zone: 'kitchen' } }]);
    expect(groundedGoals('go to bin a, never mind, go to bin b', ZONES)).toEqual([{ kind: 'goto', target: { zone: 'bin_b' } }]);
  });

  it('taken back with nothing said instead, the command is not carried out as first said', () => {
    expect(refusal('put the red cube in bin a, no wait')).toContain('no wait');
    expect(refusal('pick up the blue ball, never mind')).toContain('never mind');
  });
});

describe('how to do it', () => {
  it.each<Case>([
    ['go to the kitchen slowly', [slow(0.3), { kind: 'goto', target: { zone: 'kitchen' } }]],
    ['at half speed, take the red cube to bin b', [slow(0.3), place({ ...red, ...cube }, 'bin_b')]],
    ['put the blue ball on the shelf, and do it really slowly', [slow(0.15), place({ ...blue, ...ball }, 'shelf')]],
  ])('%s', (text, goals) => check(text, goals));

  it('"quietly" cannot be kept, and is refused quoting it; "slowly" with nothing to do is refused', () => {
    expect(refusal('go to the kitchen quietly')).toContain('quietly');
    expect(refusal('put the red cube in bin a without making any noise')).toContain('noise');
    expect(refusal('do it slowly')).toContain('do it slowly');
  });

  it('"while avoiding Z" keeps out of Z', () => {
    expect(groundedGoals('go to the shelf while avoiding the kitchen', ZONES)).toMatchObject([{ kind: 'goto', target: { zone: 'shelf' } }, { kind: 'keep', constraint: { rule: 'avoid' } }]);
  });
});

describe('tidying words', () => {
  it.each<Case>([
    ['clean up', [{ kind: 'sort', object: { all: true } }]],
    ['put everything away', [{ kind: 'sort', object: { all: true } }]],
    ['put the red cube away', [place({ ...red, ...cube }, 'red_bay')]],
    ['park it', [{ kind: 'goto', target: { zone: 'home' } }]],
    ["that's all, go home", [{ kind: 'goto', target: { zone: 'home' } }]],
    ["head back home, you're done", [{ kind: 'goto', target: { zone: 'home' } }]],
  ])('%s', (text, goals) => check(text, goals));

  it('with no zone named after a colour or kind, where things belong is not guessed', () => {
    expect(refusalOf('clean up') ?? 'not refused').toContain('belongs');
  });
});

describe('rules said over several places or objects', () => {
  const avoided = (text: string) => groundedGoals(text, ZONES).flatMap((g) => (g.kind === 'keep' && g.constraint.rule === 'avoid' ? [g.constraint.said] : []));
  const moves = (text: string) => groundedGoals(text, ZONES).filter((g) => g.kind !== 'keep');

  it('every place listed after "stay out of" / "avoid" / "don\'t go through" is kept out of, none is driven to', () => {
    expect(avoided('stay out of the kitchen and bin a')).toEqual(['kitchen', 'bin a']);
    expect(moves('stay out of the kitchen and bin a')).toEqual([]);
    expect(avoided("don't go through the kitchen or bin b, take the red cube to the shelf")).toEqual(['kitchen', 'bin b']);
    expect(avoided('go to the shelf, steer clear of bin a, the kitchen and bin b')).toEqual(['bin a', 'kitchen', 'bin b']);
  });

  it('a command after the list is still a command', () => {
    expect(avoided('keep away from the kitchen and then go to bin a')).toEqual(['kitchen']);
    expect(moves('avoid the kitchen and go to bin b')).toMatchObject([{ kind: 'goto', target: { zone: 'bin_b' } }]);
    expect(avoided('go to the shelf but not through the kitchen')).toEqual(['kitchen']);
  });

  it('every object listed after "don\'t touch" is left alone', () => {
    const spared = groundedGoals("put the cubes in bin a, don't touch the red ball or the blue ball", ZONES).flatMap((g) => (g.kind === 'keep' && g.constraint.rule === 'hands_off' ? [g.constraint.spare] : []));
    expect(spared).toMatchObject([{ ...red, ...ball }, { ...blue, ...ball }]);
  });

  it('"whatever you do" and "under no circumstances" stress the rule after them', () => {
    expect(avoided("whatever you do, don't enter the kitchen. take the red cube to the shelf")).toEqual(['kitchen']);
    expect(avoided('under no circumstances go into the kitchen, bring the red cube to bin a')).toEqual(['kitchen']);
  });
});

describe('a top speed said as a rule', () => {
  it.each<Case>([
    ["don't go faster than 0.3 m/s, take the red cube to bin a", [slow(0.3), place({ ...red, ...cube }, 'bin_a')]],
    ['keep your speed under 0.2 m/s and go to the shelf', [slow(0.2), { kind: 'goto', target: { zone: 'shelf' } }]],
    ["go to the kitchen but don't rush", [slow(0.3), { kind: 'goto', target: { zone: 'kitchen' } }]],
  ])('%s', (text, goals) => check(text, goals));
});

describe('more lists of deliveries', () => {
  it.each<Case>([
    ['red cube to bin a and blue ball to the shelf, then go home', [place({ ...red, ...cube }, 'bin_a'), place({ ...blue, ...ball }, 'shelf'), { kind: 'goto', target: { zone: 'home' } }]],
    ['put the red ball and the blue one on the shelf', [place({ ...red, ...ball }, 'shelf'), place({ ...blue, ...ball }, 'shelf')]],
  ])('%s', (text, goals) => check(text, goals));
});

describe('compositions said in pieces', () => {
  it.each<Case>([
    // One thing is held at a time: picked one after the other and put down together, each is carried there.
    ['get the red cube, then the blue ball, and put both on the shelf', [place({ ...red, ...cube }, 'shelf'), place({ ...blue, ...ball }, 'shelf')]],
    ['grab the red cube, grab the blue ball, put them both in bin b', [place({ ...red, ...cube }, 'bin_b'), place({ ...blue, ...ball }, 'bin_b')]],
    ['bin a: red cube and blue ball', [place({ ...red, ...cube }, 'bin_a'), place({ ...blue, ...ball }, 'bin_a')]],
    ['put the red cube where the blue ball is and the blue ball where the red cube is', [{ kind: 'swap', object: { ...red, ...cube }, other: { ...blue, ...ball } }]],
    ['clear the shelf except for the green ball', [{ kind: 'clear', object: { all: true, inZone: 'shelf', except: { ...green, ...ball } } }]],
  ])('%s', (text, goals) => check(text, goals));

  it('"keep X there" while emptying a place leaves X alone', () => {
    expect(groundedGoals('empty bin a, but keep the red cube there', ZONES)).toMatchObject([{ kind: 'clear' }, { kind: 'keep', constraint: { rule: 'hands_off', spare: { ...red, ...cube } } }]);
  });

  it('each where the other is, with a third object in it, is no swap and is refused', () => {
    expect(refusal('put the red cube where the blue ball is and the green ball where the red cube is')).toContain('green ball');
  });

  it('"put it" after a single pick stays a pick and a put-down', () => {
    expect(groundedGoals('pick up the red cube and put it in bin a', ZONES)).toMatchObject([{ kind: 'pick' }, { kind: 'place' }]);
  });
});
