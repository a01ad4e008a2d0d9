import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { expectGrounding, WAREHOUSE_ZONES, type WordingCase as Case } from './planner-map.js';

/**
 * Time clauses inside a sequence are put in doing order as one said first is: "X, then, once you
 * have it, Y" (holding it is what doing X gives, nothing more to do), "finally go home, after
 * putting X on Z" (putting first), and "X and after that Y" (the "and" belongs to the sequence
 * word; it had been left on the place: 'a place called "bin a and"'). (#15)
 */
const check = expectGrounding(WAREHOUSE_ZONES);
const goto = (zone: string) => ({ kind: 'goto', target: { zone } });

describe('time clauses inside a sequence', () => {
  it.each<Case>([
    ['pick up the red cube and then, once you have it, take it to bin b', [{ kind: 'pick', object: { color: 'red', shape: 'cube' } }, { kind: 'place', object: { pronoun: true }, target: { zone: 'bin_b' } }]],
    ["grab the blue ball, then when you've got it bring it to the shelf", [{ kind: 'pick', object: { color: 'blue', shape: 'ball' } }, { kind: 'place', object: { pronoun: true }, target: { zone: 'shelf' } }]],
    ['finally go home, after putting the blue cube on the shelf', [{ kind: 'place', object: { color: 'blue', shape: 'cube' }, target: { zone: 'shelf' } }, goto('home')]],
    ['go to bin a. lastly, go to the shelf after charging', [goto('bin_a'), { kind: 'charge' }, goto('shelf')]],
    ['put the red cube in bin a and after that go to the shelf', [{ kind: 'place', object: { color: 'red', shape: 'cube' }, target: { zone: 'bin_a' } }, goto('shelf')]],
    ['go to bin b and afterwards go home', [goto('bin_b'), goto('home')]],
  ])('%s', check);
});

describe('on the real runtime', { timeout: 300_000 }, () => {
  const mission = plannerMissions({ maxSteps: 100 });

  it('"pick up the blue cube and then, once you have it, take it to bin b" delivers it, judged by the world', async () => {
    const { run } = await mission('warehouse', 1, 'pick up the blue cube and then, once you have it, take it to bin b');
    expect(run.outcome).toBe('succeeded');
    expect(run.world.objects.find((o) => o.id === 'blue_cube')?.zone).toBe('bin_b');
  });
});
