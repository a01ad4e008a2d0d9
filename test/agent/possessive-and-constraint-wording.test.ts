import { describe, expect, it } from 'vitest';
import { expectGrounding, grounded, refusalOf, type WordingCase as Case } from './planner-map.js';

/**
 * An object named by the place it lies in, said as a possessive (#15): "the ice machine's yellow
 * ball" is the yellow ball in the ice machine zone, when the words before "'s" name a zone of this
 * map ("the robot's ball" is refused, quoting it). Constraints as people say them: "without
 * going down aisle 1" keeps out of aisle 1; "leave the other one alone" leaves everything not
 * named where it is.
 */
const STOCKROOM = ['goods_in', 'aisle_1', 'aisle_2', 'aisle_3', 'ice_machine', 'tills', 'charging_dock'];
const LAB = ['door', 'bench_1', 'bench_2', 'bench_3', 'bench_4', 'sink', 'teachers_desk', 'prep_room', 'charging_dock'];
const inStockroom = expectGrounding(STOCKROOM);
const inLab = expectGrounding(LAB);

describe('a possessive naming the place an object lies in', () => {
  it('reads "the ice machine\'s yellow ball" as the yellow ball in ice_machine', () => {
    inStockroom("bring the ice machine's yellow ball to goods in", [{ kind: 'place', object: { color: 'yellow', shape: 'ball', inZone: 'ice_machine' }, target: { zone: 'goods_in' } }]);
  });

  it.each<Case>([
    ["take bench 4's green cylinder to the sink", [{ kind: 'place', object: { color: 'green', shape: 'cylinder', inZone: 'bench_4' }, target: { zone: 'sink' } }]],
    ["put the teacher's desk's green ball in the sink", [{ kind: 'place', object: { color: 'green', shape: 'ball', inZone: 'teachers_desk' }, target: { zone: 'sink' } }]],
    // A possessive that is itself the zone's name stays a place.
    ["carry the blue ball over to the teacher's desk", [{ kind: 'place', object: { color: 'blue', shape: 'ball' }, target: { zone: 'teachers_desk' } }]],
  ])('%s', (text, goals) => inLab(text, goals));

  it('reads an owner whose zone name has an article in it ("the door\'s" for by_the_door)', () => {
    expectGrounding(['by_the_door', 'sofa', 'toy_box', 'charging_dock'])("take the door's blue cube to the sofa", [{ kind: 'place', object: { color: 'blue', shape: 'cube', inZone: 'by_the_door' }, target: { zone: 'sofa' } }]);
  });

  it('refuses an owner that is no place of the map, quoting it', () => {
    expect(refusalOf("bring the robot's yellow ball to goods in", STOCKROOM)).toContain("the robot's yellow ball");
  });
});

describe('constraints said as people say them', () => {
  it('keeps out of an aisle the robot is told not to go down', () => {
    const g = grounded('take the red cube up to the ice machine without going down aisle 1', STOCKROOM);
    expect(g.keepOut).toEqual([{ said: 'aisle 1', zone: 'aisle_1' }]);
  });

  it.each(['go to the tills without using aisle 2', "head to the tills, don't use aisle 2", 'go to the tills but not down aisle 2'])('keeps out of the aisle in "%s"', (text) => {
    expect(grounded(text, STOCKROOM).keepOut).toEqual([{ said: 'aisle 2', zone: 'aisle_2' }]);
  });

  it('reads "leave the other one alone" as leaving everything not named where it is', () => {
    const g = grounded('put one of the red cubes on the shelf and leave the other one alone');
    expect(g.goals).toMatchObject([
      { kind: 'place', object: { color: 'red', shape: 'cube', count: 1 }, target: { zone: 'shelf' } },
      { kind: 'keep', constraint: { rule: 'hands_off', spare: { notNamed: [{ color: 'red', shape: 'cube' }] } } },
    ]);
  });
});
