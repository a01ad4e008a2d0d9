import { describe, expect, it } from 'vitest';
import { expectGrounding, grounded, refusalOf, WAREHOUSE_ZONES, type WordingCase as Case } from './planner-map.js';

/**
 * Which objects people mean, as they say it to a robot tidying a room: "the rest" and "everything
 * else" after something was named, exceptions listing more than one kind or said after a comma,
 * counts that say how many there are ("both", "the two"), "them" after two objects moved
 * together, and a superlative to a place said without "to". What cannot be told is refused,
 * quoting it, before anything moves.
 */
const check = expectGrounding(WAREHOUSE_ZONES);
const place = (object: object, zone: string) => ({ kind: 'place', object, target: { zone } });

describe('"the rest", "everything else", "the remaining X"', () => {
  it.each<Case>([
    ['put the red cube on the shelf and the rest in bin a', [place({ color: 'red', shape: 'cube', definite: true }, 'shelf'), place({ all: true, other: true, rest: true }, 'bin_a')]],
    ['green ball goes in bin b, everything else on the shelf please', [place({ color: 'green', shape: 'ball' }, 'bin_b'), place({ all: true, other: true, rest: true }, 'shelf')]],
    ['drop the blue ball in bin a, then the rest of the balls in bin b', [place({ color: 'blue', shape: 'ball' }, 'bin_a'), place({ shape: 'ball', all: true, other: true, rest: true }, 'bin_b')]],
    ['put the yellow cylinder on the shelf and whatever is left in bin b', [place({ color: 'yellow', shape: 'cylinder' }, 'shelf'), place({ all: true, other: true, rest: true }, 'bin_b')]],
    ['put the remaining cubes in bin a', [place({ shape: 'cube', all: true, other: true, rest: true }, 'bin_a')]],
    ['the cubes that are left go on the shelf', [place({ shape: 'cube', all: true, rest: true }, 'shelf')]],
  ])('"%s"', check);

  it('"the rest" keeps no kind from the object before it: everything else, not the other red cubes', () => {
    const [, rest] = grounded('take the red cube to bin b and the rest to the shelf').goals as Array<{ object: { color?: string; shape?: string } }>;
    expect(rest!.object.color).toBeUndefined();
    expect(rest!.object.shape).toBeUndefined();
  });

  it('"the rest" with nothing named before it is refused: the rest of what', () => {
    expect(refusalOf('put the rest in bin a')).toContain('the rest of what');
    expect(refusalOf('just move everything else to the shelf')).toContain('the rest of what');
  });

  it('"leave the rest where they are" is still a hands-off rule, not a delivery', () => {
    const goals = grounded('move the red cube to bin a and leave the rest where they are').goals;
    expect(goals.map((g) => g.kind)).toEqual(['place', 'keep']);
  });
});

describe('exceptions of several kinds, and an exception said after a comma', () => {
  it.each<Case>([
    ['put all the cubes except the red and the blue in bin a', [place({ shape: 'cube', all: true, except: { color: 'red' }, spare: [{ color: 'blue' }] }, 'bin_a')]],
    ['every ball but the red and green ones goes on the shelf', [place({ shape: 'ball', all: true, except: { color: 'red' }, spare: [{ color: 'green' }] }, 'shelf')]],
    ['move everything apart from the red, green and blue cubes to bin b', [place({ all: true, except: { color: 'red', shape: 'cube' }, spare: [{ color: 'green', shape: 'cube' }, { color: 'blue', shape: 'cube' }] }, 'bin_b')]],
    ['put the cubes on the shelf, all but the green one', [place({ shape: 'cube', all: true, except: { color: 'green' } }, 'shelf')]],
    ['move the cylinders to bin b, all except the yellow ones', [place({ shape: 'cylinder', all: true, except: { color: 'yellow' } }, 'bin_b')]],
  ])('"%s"', check);

  it('a comma clause that leaves out no object is not read as an exception', () => {
    expect(refusalOf('go to the shelf, but not the long way')).not.toContain('except the long way');
  });
});

describe('counts that say how many there are', () => {
  it.each<Case>([
    ['put both balls in bin a', [place({ shape: 'ball', all: true, count: 2, exact: true }, 'bin_a')]],
    ['take the two cubes to the shelf', [place({ shape: 'cube', all: true, count: 2, exact: true }, 'shelf')]],
    ['move all three balls to bin b', [place({ shape: 'ball', all: true, count: 3, exact: true }, 'bin_b')]],
  ])('"%s" is exact: more of them in the room is asked about, not guessed', check);

  it.each(['put two of the balls in bin a', 'take a couple of cubes to the shelf', 'bring any two balls to bin b', 'move three red things to bin a'])('"%s" is any that many', (text) => {
    const [goal] = grounded(text).goals as Array<{ object: { exact?: boolean; count?: number } }>;
    expect(goal!.object.count).toBeGreaterThan(1);
    expect(goal!.object.exact).toBeUndefined();
  });
});

describe('"them" after objects moved together', () => {
  it('"them" (or "them both") after two deliveries to one place is each of the two, sent on', () => {
    for (const them of ['them', 'them both', 'both of them']) {
      const goals = grounded(`take the red ball and the blue ball to bin a, then put ${them} on the shelf`).goals;
      expect(goals).toMatchObject([
        place({ color: 'red', shape: 'ball' }, 'bin_a'),
        place({ color: 'blue', shape: 'ball' }, 'bin_a'),
        place({ color: 'red', shape: 'ball', again: true }, 'shelf'),
        place({ color: 'blue', shape: 'ball', again: true }, 'shelf'),
      ]);
    }
  });

  it('"them" after "all the cubes" is that group; "it" after one object is still what is held', () => {
    expect(grounded('move all the cubes to bin a, then put them on the shelf').goals[1]).toMatchObject(place({ shape: 'cube', all: true }, 'shelf'));
    expect(grounded('move the red ball to bin a, then put it on the shelf').goals[1]).toMatchObject(place({ pronoun: true }, 'shelf'));
  });
});

describe('a superlative to a place said without "to"', () => {
  it.each<Case>([
    ['bring the cube nearest the shelf to bin a', [place({ shape: 'cube', relation: { ranked: 'nearest', to: { zone: 'shelf' } } }, 'bin_a')]],
    ['take the ball closest the charging dock to the shelf', [place({ shape: 'ball', relation: { ranked: 'nearest', to: { zone: 'charging_dock' } } }, 'shelf')]],
    ['move the nearest cube to bin a', [place({ shape: 'cube', rank: 'nearest' }, 'bin_a')]],
  ])('"%s"', check);

  // "grab" can deliver ("grab X to Z"), but a "to" right after a comparison says which X: this was
  // read as "put the nearest ball in the charging dock, then on the shelf", and reported succeeded.
  it.each<Case>([
    [
      'grab the ball closest to the charging dock and put it on the shelf',
      [{ kind: 'pick', object: { shape: 'ball', relation: { ranked: 'nearest', to: { zone: 'charging_dock' } } } }, place({ pronoun: true }, 'shelf')],
    ],
    ['get the cube nearest to bin a', [{ kind: 'pick', object: { shape: 'cube', relation: { ranked: 'nearest', to: { zone: 'bin_a' } } } }]],
    ['bring the ball closest to bin b to the shelf', [place({ shape: 'ball', relation: { ranked: 'nearest', to: { zone: 'bin_b' } } }, 'shelf')]],
  ])('"%s": the comparison keeps its "to"', check);

  it('a superlative to something the map does not have is refused', () => {
    expect(refusalOf('put the cube closest the window in bin a')).toContain('no window');
  });
});
