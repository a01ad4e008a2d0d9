import { describe, expect, it } from 'vitest';
import { goalText } from '../../src/agent/planner/goal-check.js';
import { readInstruction } from '../../src/agent/planner/instruction.js';
import { grounded, refusalOf as refusal, WAREHOUSE_ZONES } from './planner-map.js';

/** Place words resolved against the map's own zones, constraints kept or refused up front (#15). */
const LAB = ['table', 'outbox', 'loading_bay', 'loading_dock', 'packing_area', 'charging_dock', 'home'];

describe('places are read against the map', () => {
  it.each([
    ['put the red cube on the table', 'table'],
    ['put the red cube in the outbox', 'outbox'],
    ['bring the blue ball to loading_bay', 'loading_bay'],
    ['bring the blue ball to the loading bay', 'loading_bay'],
    ['drop the red cube off at the loading dock', 'loading_dock'],
    ['take the green ball to packing', 'packing_area'],
    ['take the green ball to the packing area', 'packing_area'],
    ['take it over to the packng area', 'packing_area'],
  ])('%s → %s', (text, zone) => {
    const goal = grounded(text, LAB).goals.at(-1)!;
    expect(goal).toMatchObject({ kind: 'place', target: { zone } });
  });

  it('says how it read a word', () => {
    expect(grounded('take the green ball to packing', LAB).readings).toContain("reading 'packing' as packing_area");
    expect(grounded('pick up teh red cube').readings).toContain("reading 'teh' as 'the'");
    expect(grounded('pick up the red cbue').goals[0]).toMatchObject({ kind: 'pick', object: { color: 'red', shape: 'cube' } });
    expect(grounded('pick up the yelow cylinder').goals[0]).toMatchObject({ object: { color: 'yellow', shape: 'cylinder' } });
  });

  it('leaves real English words alone', () => {
    expect(readInstruction('how many objects are there, slow down and swap them', []).readings).toEqual([]);
  });

  it('a delivery to a place named "dock" does not go to the charging dock when the map has another dock', () => {
    expect(grounded('put the red cube at the loading dock', LAB).goals[0]).toMatchObject({ target: { zone: 'loading_dock' } });
    expect(refusal('put the red cube on the dock', LAB)).toBe('"dock" could be loading_dock or charging_dock: say which');
    // With one dock only, "the dock" is it.
    expect(grounded('put the red cube on the dock').goals[0]).toMatchObject({ target: { zone: 'charging_dock' } });
  });

  it('the map names come before built-in place words', () => {
    expect(grounded('go to the shelf', ['shelf_zone', 'shelf']).goals[0]).toMatchObject({ target: { zone: 'shelf' } });
    expect(grounded('go to the dock', ['dock', 'charging_dock']).goals[0]).toMatchObject({ kind: 'goto', target: { zone: 'dock' } });
    expect(grounded('go to bin 1', ['bin_1', 'bin_a']).goals[0]).toMatchObject({ target: { zone: 'bin_1' } });
    expect(grounded('go to bin one', ['bin_1', 'bin_2']).goals[0]).toMatchObject({ target: { zone: 'bin_1' } });
    expect(grounded('go to the red zone', ['red_zone', 'blue_zone']).goals[0]).toMatchObject({ target: { zone: 'red_zone' } });
  });

  it('two equally good places are named, not picked between', () => {
    expect(refusal('put the red cube in the bin')).toBe('"bin" could be bin_a or bin_b: say which');
    expect(refusal('go to loading', LAB)).toBe('"loading" could be loading_bay or loading_dock: say which');
  });

  it('an unknown place lists the map\'s zones, before anything is picked up', () => {
    expect(refusal('go to the kitchen')).toBe('I do not know a place called "kitchen": this map has home, shelf, bin_a, bin_b and charging_dock');
    // A built-in place word that is not on this map.
    expect(refusal('pick up the red cube and put it in bin a', LAB)).toMatch(/^I do not know a place called "bin a": this map has table, outbox/);
  });

  it('"home" is the home zone, or where the robot started when the map has none', () => {
    expect(grounded('bring it back', WAREHOUSE_ZONES).goals[0]).toMatchObject({ kind: 'place', target: { zone: 'home' } });
    expect(grounded('bring the red cube home', ['table', 'outbox']).goals[0]).toMatchObject({ kind: 'place', target: { start: true } });
    expect(grounded('go back to where you started', ['table']).goals[0]).toMatchObject({ kind: 'goto', target: { start: true } });
  });

  it('reads the forms people type', () => {
    expect(grounded('drop it off at the table', LAB).goals[0]).toMatchObject({ kind: 'place', object: { pronoun: true }, target: { zone: 'table' } });
    expect(grounded('drop the red cube off in bin b').goals[0]).toMatchObject({ kind: 'place', target: { zone: 'bin_b' } });
    expect(grounded('tell me what you see').goals[0]).toMatchObject({ kind: 'scan' });
    expect(grounded('take a picture').goals[0]).toMatchObject({ kind: 'capture' });
    expect(grounded('turn around').goals[0]).toMatchObject({ kind: 'rotate', degrees: 180 });
  });
});

describe('several deliveries in one sentence', () => {
  it('"X to one place and Y to another" is two deliveries', () => {
    const { goals } = grounded('put the red cube in bin a and the blue ball on the shelf');
    expect(goals).toMatchObject([
      { kind: 'place', object: { color: 'red', shape: 'cube' }, target: { zone: 'bin_a' } },
      { kind: 'place', object: { color: 'blue', shape: 'ball' }, target: { zone: 'shelf' } },
    ]);
  });

  it('"X and Y to one place" is two deliveries', () => {
    expect(grounded('put the red cube and the blue ball in bin b').goals).toMatchObject([
      { kind: 'place', object: { color: 'red', shape: 'cube' }, target: { zone: 'bin_b' } },
      { kind: 'place', object: { color: 'blue', shape: 'ball' }, target: { zone: 'bin_b' } },
    ]);
  });
});

describe('constraints are kept or refused, never dropped', () => {
  it('"go to the dock without charging" goes there and keeps "did not charge"', () => {
    for (const text of ['go to the dock without charging', 'go to the charging dock but don\'t charge', 'go to the dock, but do not charge']) {
      const g = grounded(text);
      expect(g.noCharge, text).toBe(true);
      expect(g.goals.map((x) => x.kind), text).toEqual(['goto', 'keep']);
      expect(goalText(g.goals[1]!)).toBe('did not charge');
    }
  });

  it('a contradiction is refused', () => {
    expect(refusal('charge the battery but don\'t charge')).toMatch(/contradicts charging/);
  });

  it('"don\'t go through X" with a drive keeps every drive out of X (test/agent/avoid-zones.test.ts); an unknown X lists the zones', () => {
    expect(grounded('bring the red cube to bin a but don\'t go through bin b').keepOut).toEqual([{ said: 'bin b', zone: 'bin_b' }]);
    expect(grounded('go to bin a and avoid the shelf').keepOut).toEqual([{ said: 'shelf', zone: 'shelf' }]);
    expect(refusal('go to bin a without going through the kitchen')).toMatch(/do not know a place called "kitchen": this map has/);
  });

  it('a negation it cannot place is not understood, rather than ignored', () => {
    expect(refusal('put all the cubes in bin a but not the tall one')).toMatch(/I do not understand .*but not the tall one.*will not guess/);
  });

  it('"but not the red one" after the clause spares the red ones in every goal', () => {
    expect(grounded('put all the cubes in bin a but not the red one').goals[0]).toMatchObject({ kind: 'place', object: { shape: 'cube', all: true, spare: [{ color: 'red' }] } });
  });
});

describe('pronouns', () => {
  it('"it" after a search is the object searched for', () => {
    const { goals } = grounded('find the blue ball, pick it up and put it on the shelf');
    expect(goals).toMatchObject([
      { kind: 'find', object: { color: 'blue', shape: 'ball' } },
      { kind: 'pick', object: { color: 'blue', shape: 'ball', all: false } },
      { kind: 'place', object: { pronoun: true }, target: { zone: 'shelf' } },
    ]);
  });

  it('"it" with nothing before is refused, not read as any object', () => {
    expect(refusal('pick it up')).toBe('"it" does not name an object here: say which object');
  });
});
