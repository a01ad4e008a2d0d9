import { describe, expect, it } from 'vitest';
import type { PlannerMap } from '../../src/agent/planner/beliefs.js';
import { Beliefs } from '../../src/agent/planner/beliefs.js';
import { groundInstruction } from '../../src/agent/planner/grounding.js';
import { readInstruction } from '../../src/agent/planner/instruction.js';
import { zoneWords } from '../../src/agent/planner/place-words.js';
import { chooseByRelation } from '../../src/agent/planner/relation-choice.js';
import { bestByRelation, corners, relationScore, type Scene } from '../../src/agent/planner/relation-geometry.js';
import type { Relation } from '../../src/agent/planner/relations.js';

/**
 * Relations grounded in a map and measured on it (#15): walls from the room's bounds and its
 * partitions, corners where walls meet, zones and furniture by name, objects seen; two equally
 * good candidates are a tie, never a silent pick.
 */
const rect = (x: number, y: number, w: number, d: number) => ({ min_x: x - w / 2, min_y: y - d / 2, max_x: x + w / 2, max_y: y + d / 2 });
const ROOM: PlannerMap = {
  width: 10,
  depth: 8,
  obstacles: [
    { id: 'partition', ...rect(6, 6, 0.2, 4) }, // from the north wall down to y = 4
    { id: 'workbench', ...rect(2, 4, 1.6, 0.6) },
  ],
  zones: [
    { name: 'bin_a', ...rect(8.5, 1, 1, 1), center: { x: 8.5, y: 1 } },
    { name: 'drop_off', ...rect(4, 1, 1.5, 1), center: { x: 4, y: 1 } },
  ],
};
const ground = (text: string) => groundInstruction(readInstruction(text, zoneWords(ROOM.zones.map((z) => z.name))), ROOM);
const goalsOf = (text: string) => {
  const g = ground(text);
  if ('refusal' in g) throw new Error(g.refusal);
  return g;
};
const scene = (objects: Scene['objects'] = [], heading = 0): Scene => ({ map: ROOM, objects, origin: { x: 5, y: 2, heading } });
const obj = (id: string, x: number, y: number) => ({ id, color: id.split('_')[0]!, shape: id.split('_')[1]!.replace(/#.*/, ''), x, y });

describe('grounding relations in the map', () => {
  it('reads "the left wall" as the west wall, and says so', () => {
    const g = goalsOf('get the cube that is against the left wall and put it in bin a');
    expect(g.goals[0]).toMatchObject({ kind: 'pick', object: { shape: 'cube', relation: { near: { wall: 'west' } } } });
    expect(g.readings.join('; ')).toMatch(/as by the west wall \(x = 0\), on the map as drawn/);
  });

  it('a piece of furniture or a zone named in a relation is found on the map', () => {
    expect(goalsOf('pick up the ball by the workbench').goals[0]).toMatchObject({ object: { relation: { near: { obstacles: ['workbench'] } } } });
    expect(goalsOf('pick up the cube closest to bin a').goals[0]).toMatchObject({ object: { relation: { ranked: 'nearest', to: { zone: 'bin_a' } } } });
  });

  it('refuses a landmark the map does not have, saying what it has', () => {
    const g = ground('pick up the one by the door');
    expect(g).toEqual({ refusal: expect.stringMatching(/the map marks no doors.*zones bin_a and drop_off and the obstacles partition and workbench/) });
    expect(ground('pick up the cube next to the sofa')).toEqual({ refusal: expect.stringMatching(/I do not know what "sofa" is/) });
  });

  it('"not in" a zone is grounded like "in"', () => {
    expect(goalsOf('pick up the cube that is not in bin a').goals[0]).toMatchObject({ object: { notInZone: 'bin_a' } });
  });
});

describe('measuring relations', () => {
  it('finds the corners where walls meet, not the outside corners of furniture', () => {
    const found = corners(ROOM).map((c) => `${c.x},${c.y}`).sort();
    // The room's four, and where the partition meets the north wall on either side.
    expect(found).toEqual(['0,0', '0,8', '10,0', '10,8', '5.9,8', '6.1,8'].sort());
  });

  it('"by the wall" holds near any wall, partitions included, and not in the middle of the room', () => {
    const near = { near: { wall: null }, text: 'by the wall' } as const;
    expect(relationScore({ x: 0.4, y: 3 }, near, scene())).toBeCloseTo(0.4);
    expect(relationScore({ x: 5.6, y: 6 }, near, scene())).toBeCloseTo(0.3);
    expect(relationScore({ x: 3, y: 2 }, near, scene())).toBeNull();
  });

  it('wall sides said from the robot are read from where it stood', () => {
    const left = { near: { wall: 'robot-left' }, text: 'by the wall on your left' } as const;
    // Facing east, the robot's left is the north wall; facing north, the west wall.
    expect(relationScore({ x: 3, y: 7.6 }, left, scene([], 0))).toBeCloseTo(0.4);
    expect(relationScore({ x: 0.4, y: 3 }, left, scene([], 90))).toBeCloseTo(0.4);
    expect(relationScore({ x: 0.4, y: 3 }, left, scene([], 0))).toBeNull();
  });

  it('the one next to another object, and the one between two', () => {
    const objects = [obj('blue_ball#1', 3, 6), obj('red_cube#1', 3.5, 6), obj('red_cube#2', 8, 3)];
    const next = { near: { object: { color: 'blue', shape: 'ball' }, text: 'blue ball' }, text: 'next to the blue ball' } as const;
    expect(bestByRelation(objects.slice(1), next, scene(objects))).toEqual({ best: objects[1] });
    const between: Relation = { between: [{ obstacles: ['workbench'] }, { zone: 'bin_a' }], text: 'between the workbench and bin a' };
    expect(relationScore({ x: 5.2, y: 2.5 }, between, scene())).not.toBeNull();
    expect(relationScore({ x: 1, y: 7 }, between, scene())).toBeNull();
  });

  it('two equally good candidates are a tie, named both', () => {
    const a = obj('red_cube#1', 0.4, 3);
    const b = obj('red_cube#2', 9.6, 5);
    const c = obj('red_cube#3', 0.45, 6);
    const byWall = { near: { wall: null }, text: 'by the wall' } as const;
    expect(bestByRelation([a, b], byWall, scene())).toEqual({ tie: [a, b] });
    expect(bestByRelation([a, b], { near: { wall: 'west' }, text: 'by the west wall' }, scene())).toEqual({ best: a });
    expect(bestByRelation([a, c], { near: { wall: 'west' }, text: 'by the west wall' }, scene())).toEqual({ tie: [a, c] });
    // Everything on the robot's left is as good as anything else there.
    expect(bestByRelation([obj('red_cube#4', 6, 5), obj('red_cube#5', 2, 6)], { side: 'left', text: 'on my left' }, scene())).toHaveProperty('tie');
  });

  it('what the robot remembers is matched by the relation, best first', () => {
    const beliefs = new Beliefs(ROOM);
    beliefs.absorb({ pose: { x: 5, y: 2, heading_deg: 90 } });
    beliefs.absorb({ detections: [{ id: 'green_cube#1', label: 'green_cube', color: 'green', shape: 'cube', position: { x: 3, y: 2 } }, { id: 'green_cube#2', label: 'green_cube', color: 'green', shape: 'cube', position: { x: 9.6, y: 6 } }] });
    const q = goalsOf('pick up the cube by the right wall').goals[0]!;
    expect(q.kind === 'pick' && beliefs.matching(q.object, { x: 5, y: 2 }).map((o) => o.id)).toEqual(['green_cube#2']);
  });

  it('"the left wall" is asked about when the robot\'s own left would pick another object', () => {
    const chosen = (heading: number) => {
      const beliefs = new Beliefs(ROOM);
      beliefs.absorb({ pose: { x: 5, y: 2, heading_deg: heading } });
      beliefs.absorb({ detections: [{ id: 'red_cube#1', label: 'red_cube', color: 'red', shape: 'cube', position: { x: 0.4, y: 3 } }, { id: 'red_cube#2', label: 'red_cube', color: 'red', shape: 'cube', position: { x: 3, y: 7.6 } }] });
      const goal = goalsOf('pick up the cube by the left wall').goals[0]!;
      if (goal.kind !== 'pick') throw new Error('not a pick');
      return chooseByRelation(beliefs, goal.object, beliefs.matching(goal.object, { x: 5, y: 2 }), (q) => beliefs.matching(q, { x: 5, y: 2 }), { x: 5, y: 2 });
    };
    // Facing north, its left is the map's left: no question.
    expect(chosen(90)).toMatchObject({ target: { id: 'red_cube#1' } });
    // Facing east, its left is the north wall, where another cube stands.
    // The two are named in the words, and handed over as the question's candidates.
    expect(chosen(0)).toEqual({
      problem: expect.stringMatching(/red_cube#1 at \(0.4, 3\) \(by the left wall, the map's side\) or red_cube#2 at \(3, 7.6\) \(by the north wall, my side/),
      among: [expect.objectContaining({ id: 'red_cube#1' }), expect.objectContaining({ id: 'red_cube#2' })],
    });
  });

  it('"the closest" with two as close as each other is asked about; "the other one" is not one already held', () => {
    const beliefs = new Beliefs(ROOM);
    beliefs.absorb({ pose: { x: 5, y: 2, heading_deg: 0 } });
    beliefs.absorb({ detections: [{ id: 'red_cube#1', label: 'red_cube', color: 'red', shape: 'cube', position: { x: 3, y: 2 } }, { id: 'red_cube#2', label: 'red_cube', color: 'red', shape: 'cube', position: { x: 7.05, y: 2 } }] });
    const closest = goalsOf('pick up the closest cube').goals[0]!;
    if (closest.kind !== 'pick') throw new Error('not a pick');
    const all = beliefs.matching(closest.object, { x: 5, y: 2 });
    expect(chooseByRelation(beliefs, closest.object, all, () => all, { x: 5, y: 2 })).toEqual({
      problem: expect.stringMatching(/red_cube#1 .* or red_cube#2 .*as near as each other/),
      among: [expect.objectContaining({ id: 'red_cube#1' }), expect.objectContaining({ id: 'red_cube#2' })],
    });
    expect(chooseByRelation(beliefs, closest.object, all, () => all, { x: 4, y: 2 })).toEqual({ target: expect.objectContaining({ id: 'red_cube#1' }) });
    const [, other] = goalsOf('put the red cube in bin a, then the other one in drop off').goals;
    if (other?.kind !== 'place') throw new Error('not a place');
    expect(other.object).toMatchObject({ color: 'red', shape: 'cube', other: true });
    beliefs.absorb({ holding: 'red_cube#1' });
    beliefs.holding = null;
    expect(beliefs.matching(other.object, { x: 5, y: 2 }).map((o) => o.id)).toEqual(['red_cube#2']);
  });
});

