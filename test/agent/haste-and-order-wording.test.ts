import { describe, expect, it } from 'vitest';
import { expectGrounding, refusalOf, WAREHOUSE_ZONES, type WordingCase as Case } from './planner-map.js';

/**
 * How soon or how carefully (#15): "quick,", "carefully", "as soon as you can", "when you can",
 * "hurry up and …" ask nothing the robot does not do anyway, and are read past; "slowly" still
 * sets a lower speed, and a negation before such a word is never dropped. The order clauses are
 * done in: "X, but before that Y" is Y then X; "X and after go home" is X then going home (it had
 * been read as a time clause, home first); a heading such as "do this:" only announces the list.
 */
const check = expectGrounding(WAREHOUSE_ZONES);
const blueCube = { color: 'blue', shape: 'cube' };
const redCube = { color: 'red', shape: 'cube' };
const place = (object: object, zone: string) => ({ kind: 'place', object, target: { zone } });
const goto = (zone: string) => ({ kind: 'goto', target: { zone } });

describe('haste, care and courtesy said with a command', () => {
  it.each<Case>([
    ['quick, put the blue cube in bin a', [place(blueCube, 'bin_a')]],
    ['carefully carry the blue cube over to bin a', [place(blueCube, 'bin_a')]],
    ['put the red cube in bin b gently please', [place(redCube, 'bin_b')]],
    ['please get the red cube to bin b as soon as you can', [place(redCube, 'bin_b')]],
    ['put the blue cube in bin a when you can', [place(blueCube, 'bin_a')]],
    ['straight away, bring the red cube to the shelf', [place(redCube, 'shelf')]],
    ['hurry up and put the red cube in bin a', [place(redCube, 'bin_a')]],
    ['be quick, go to bin b', [goto('bin_b')]],
    ['go to bin a, and be careful', [goto('bin_a')]],
    ['would you be so kind as to bring the red cube to bin b', [place(redCube, 'bin_b')]],
    ["i'd appreciate it if you could put the blue cube in bin a", [place(blueCube, 'bin_a')]],
    ["if you wouldn't mind, take the blue cube to bin a", [place(blueCube, 'bin_a')]],
    ['take the red cube straight to bin b', [place(redCube, 'bin_b')]],
    ['head directly to the shelf', [goto('shelf')]],
  ])('%s', (text, goals) => check(text, goals));

  it('keeps "slowly" as a lower top speed', () => {
    check('slowly and gently, put the red cube in bin a', [{ kind: 'set', name: 'max_linear_speed', value: 0.3 }, place(redCube, 'bin_a')]);
  });

  it('never drops a negation said with such a word, nor reads a manner alone as a command', () => {
    expect(refusalOf('put the red cube in bin a, but not carefully')).toContain('not carefully');
    expect(refusalOf('do it carefully')).toContain('do it carefully');
    // "straight" with no place after it is a drive ahead, which needs a distance.
    expect(refusalOf('go straight')).toContain('go straight');
    expect(refusalOf("don't go straight to bin a")).toContain('straight');
    // A negation before a dash is never taken for a heading and left out.
    expect(refusalOf("don't move - just tell me what you see")).not.toBeNull();
    // "if you can see it" is a condition, not a courtesy: not read past.
    expect(refusalOf('if you can see the red cube, pick it up')).not.toBeNull();
  });
});

describe('the order clauses are done in', () => {
  it.each<Case>([
    ['go to bin a, but before that put the blue cube on the shelf', [place(blueCube, 'shelf'), goto('bin_a')]],
    ['go home. before that, take the red cube to bin b', [place(redCube, 'bin_b'), goto('home')]],
    ['pick up the red cube and put it in bin a and after go to home', [{ kind: 'pick', object: redCube }, { kind: 'place', object: { pronoun: true }, target: { zone: 'bin_a' } }, goto('home')]],
    ['go to bin a and afterwards go home', [goto('bin_a'), goto('home')]],
    ['go to bin a and after charging go home', [goto('bin_a'), { kind: 'charge' }, goto('home')]],
    ['do this: pick up the red cube, then drop it in bin b', [{ kind: 'pick', object: redCube }, { kind: 'place', object: { pronoun: true }, target: { zone: 'bin_b' } }]],
    ["here's what I need: the blue cube to bin a", [place(blueCube, 'bin_a')]],
    ['go to bin b, but before you do that, charge', [{ kind: 'charge' }, goto('bin_b')]],
    ['first things first, charge up, then go to bin a', [{ kind: 'charge' }, goto('bin_a')]],
    ['jobs for today - red cube to bin a; blue cube to the shelf', [place(redCube, 'bin_a'), place(blueCube, 'shelf')]],
  ])('%s', (text, goals) => check(text, goals));
});
