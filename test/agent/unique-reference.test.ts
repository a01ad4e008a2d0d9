import { describe, expect, it } from 'vitest';
import { Beliefs, type PlannerMap } from '../../src/agent/planner/beliefs.js';
import { distinct, namesOne, unseenInZone } from '../../src/agent/planner/one-meant.js';
import type { ObjectQuery } from '../../src/agent/planner/referring.js';

/** What decides whether "the X" may be acted on: which references name one object by their words
 *  alone, when the zone they name has been seen whole, and which sightings are one object. */
const rect = (name: string, x0: number, y0: number, x1: number, y1: number) => ({ name, min_x: x0, min_y: y0, max_x: x1, max_y: y1, center: { x: (x0 + x1) / 2, y: (y0 + y1) / 2 } });
/** A 10 x 6 m room split by a wall at x 4.8-5.2 (a doorway-less partition), bin_a west of it, bin_b east. */
const MAP: PlannerMap = {
  width: 10,
  depth: 6,
  obstacles: [{ id: 'wall', min_x: 4.8, min_y: 0, max_x: 5.2, max_y: 6 }],
  zones: [rect('bin_a', 2, 2, 3, 3), rect('bin_b', 7, 2, 8, 3)],
};
const cube = (id: string, x: number, y: number) => ({ id, label: 'red_cube', color: 'red', shape: 'cube', position: { x, y }, range_m: 2 });
const q = (extra: Partial<ObjectQuery>): ObjectQuery => ({ color: 'red', shape: 'cube', all: false, definite: true, text: 'the red cube', ...extra });

describe('a definite singular and the places that make it one', () => {
  it('a plain "the X" (with or without a zone) asks for the sweep; a rank, a relation, "a X" or "it" do not', () => {
    expect(namesOne(q({}))).toBe(true);
    expect(namesOne(q({ inZone: 'bin_a' }))).toBe(true);
    expect(namesOne(q({ rank: 'nearest' }))).toBe(false);
    expect(namesOne(q({ definite: false, count: 1 }))).toBe(false);
    expect(namesOne(q({ pronoun: true }))).toBe(false);
  });

  it('a zone is seen once a scan saw all of it, and not by a scan behind a wall; what is unseen comes nearest first', () => {
    const b = new Beliefs(MAP);
    b.coverage();
    const from = { x: 0, y: 0 };
    expect(unseenInZone(b, MAP.zones[0]!, from)[0]).toEqual({ x: 2.1, y: 2.1 });
    b.scannedFrom({ x: 2.5, y: 4.5 });
    expect(unseenInZone(b, MAP.zones[0]!, from)).toEqual([]);
    // bin_b is 5 m away behind the wall: the same scan says nothing about it.
    expect(unseenInZone(b, MAP.zones[1]!, from)).toHaveLength(9);
  });

  it('seen is what the coverage map covered: floor 3.6-4.4 m off a scan is not, the spot the robot scanned from is', () => {
    const open: PlannerMap = { width: 10, depth: 6, obstacles: [], zones: [rect('bay', 1, 1, 2, 2)] };
    const b = new Beliefs(open);
    // A scan (of a few headings, say) from 3.6 m east of the bay: the camera is trusted to 3.5 m.
    b.scannedFrom({ x: 5.6, y: 1.5 });
    expect(unseenInZone(b, open.zones[0]!, { x: 5.6, y: 1.5 })).toHaveLength(9);
    expect(b.coverage()!.covers({ x: 1.9, y: 1.5 })).toBe(false);
    // Standing in the bay to scan: the floor under the robot is free, the rest of the bay in view.
    b.scannedFrom({ x: 1.5, y: 1.5 });
    b.scannedFrom({ x: 3.5, y: 1.5 });
    expect(unseenInZone(b, open.zones[0]!, { x: 0, y: 0 })).toEqual([]);
  });

  it('two sightings far apart are two objects, near each other one, unless one result reported both', () => {
    const b = new Beliefs(MAP);
    b.absorb({ detections: [cube('red_cube#1', 2.5, 2.5)] });
    b.absorb({ detections: [cube('red_cube#2', 2.7, 2.6)] });
    b.absorb({ detections: [cube('red_cube#3', 7.5, 2.5)] });
    expect(distinct(b, b.matching(q({}), { x: 0, y: 0 })).map((o) => o.id)).toEqual(['red_cube#1', 'red_cube#3']);
    b.absorb({ detections: [cube('red_cube#4', 2.5, 4.0), cube('red_cube#5', 2.5, 4.3)] });
    expect(distinct(b, b.matching(q({}), { x: 0, y: 0 }))).toHaveLength(4);
  });
});
