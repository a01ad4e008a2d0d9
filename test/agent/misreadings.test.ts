import { describe, expect, it } from 'vitest';
import { grounded, refusalOf, WAREHOUSE_ZONES } from './planner-map.js';

/**
 * Misreadings a review of the day's wording found, each of which did something the instruction
 * did not ask or dropped a part of it: a thing to park read as the robot parking, a condition
 * swallowed by "instead", a hesitation before a place that replaced the object, "no more than"
 * read as "more than", a shared shape split off a colour, and a pronoun with nothing before it.
 * Each now grounds as said, or is refused quoting the part — never carried out otherwise.
 */
const goals = (text: string) => grounded(text, [...WAREHOUSE_ZONES, 'kitchen']).goals;
const red = { color: 'red', shape: 'cube' };

describe('misreadings that changed what the robot would do', () => {
  it('"park it in bin a" puts the object down there; "park it" alone parks the robot', () => {
    expect(goals('pick up the red cube and park it in bin a')).toMatchObject([{ kind: 'pick', object: red }, { kind: 'place', object: { pronoun: true }, target: { zone: 'bin_a' } }]);
    expect(goals('park it')).toMatchObject([{ kind: 'goto', target: { zone: 'home' } }]);
  });

  it('"instead" takes back only a command said just before it, never a condition', () => {
    expect(refusalOf('if the red cube is in bin a, move the blue cube to bin b instead')).toMatch(/if the red cube is in bin a/);
    expect(refusalOf('go to bin a, then go to the shelf instead')).toMatch(/instead/);
    expect(goals('go to bin a, go to bin b instead')).toMatchObject([{ kind: 'goto', target: { zone: 'bin_b' } }]);
  });

  it('a hesitation or "sorry" before the place of a phrase keeps its object', () => {
    for (const word of ['um', 'er', 'sorry']) {
      expect(goals(`pick up the blue ball, then put the red cube, ${word}, in bin a`)).toMatchObject([
        { kind: 'pick', object: { color: 'blue', shape: 'ball' } },
        { kind: 'place', object: red, target: { zone: 'bin_a' } },
      ]);
    }
  });

  it('"no more than half" is at most half, and "no less than" at least', () => {
    expect(goals('go to the charging dock if your battery is no more than half')[0]).toMatchObject({ kind: 'when', test: { op: '<=', level: 0.5 } });
    expect(goals('go to bin a if your battery is no less than half')[0]).toMatchObject({ kind: 'when', test: { op: '>=', level: 0.5 } });
    expect(goals('go to bin a if your battery is more than half')[0]).toMatchObject({ kind: 'when', test: { op: '>', level: 0.5 } });
  });

  it('"the red and blue cubes" is one phrase: it is not split into every red thing and the blue cubes', () => {
    expect(refusalOf('put everything in bin a, leave the red and blue cubes alone')).toMatch(/red and blue cubes/);
    const spared = goals("don't touch the red ball or the blue ball").map((g) => ('constraint' in g ? g.constraint : null));
    expect(spared).toMatchObject([{ rule: 'hands_off', spare: { color: 'red', shape: 'ball' } }, { rule: 'hands_off', spare: { color: 'blue', shape: 'ball' } }]);
  });

  it('a place said first, then a pronoun with nothing before it, is refused', () => {
    expect(refusalOf('to the shelf, it')).toMatch(/"it"/);
    expect(refusalOf('bin a: them')).toMatch(/"them"/);
    expect(goals('bin a: the red cube and the blue ball')).toMatchObject([
      { kind: 'place', object: red, target: { zone: 'bin_a' } },
      { kind: 'place', object: { color: 'blue', shape: 'ball' }, target: { zone: 'bin_a' } },
    ]);
  });

  it('"the cube nearest here" is refused, not a crash', () => {
    expect(refusalOf('put the cube nearest here in bin a')).toMatch(/nearest here/);
  });

  it('"are you at full charge?" is not a question about where the robot is', () => {
    expect(refusalOf('are you at full charge?') ?? JSON.stringify(goals('are you at full charge?'))).not.toMatch(/"topic":"pose"/);
    expect(goals('are you in bin a')).toMatchObject([{ kind: 'status', topic: 'pose' }]);
  });

  it('a battery test governs every delivery "them" spreads into', () => {
    const g = goals('if you have more than 30% charge, take the red ball and the blue ball to bin a, then put them on the shelf');
    expect(g[0]).toMatchObject({ kind: 'when', covers: 4 });
    expect(g.slice(1, 5).map((x) => x.kind)).toEqual(['place', 'place', 'place', 'place']);
    expect(g.slice(3, 5)).toMatchObject([{ target: { zone: 'shelf' } }, { target: { zone: 'shelf' } }]);
  });
});
