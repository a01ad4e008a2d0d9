import { describe, expect, it } from 'vitest';
import { Beliefs } from '../../src/agent/planner/beliefs.js';
import { secondLookAlike } from '../../src/agent/planner/one-meant.js';
import type { ObjectQuery } from '../../src/agent/planner/referring.js';

/**
 * "The red cube" checked against what was seen after it was chosen: a second red cube makes the
 * choice a guess, but the chosen cube itself under another name — at the spot it was taken from,
 * or where the robot put it down — does not.
 */
const theRedCube: ObjectQuery = { color: 'red', shape: 'cube', all: false, definite: true, text: 'the red cube' };
const detection = (id: string, x: number, y: number, range_m = 2) => ({ id, label: id.split('#')[0], color: 'red', shape: 'cube', position: { x, y }, range_m });

function chosenAndMoved(): Beliefs {
  const b = new Beliefs(null);
  b.absorb({ detections: [detection('red_cube#1', 2.5, 2.2)] });
  b.meant.push({ q: theRedCube, id: 'red_cube#1', at: { x: 2.5, y: 2.2 } });
  b.absorb({ holding: 'red_cube#1' });
  b.forget('red_cube#1');
  b.absorb({ released: 'red_cube#1', operation: { result: { position: { x: 7.0, y: 1.2 } } }, pose: { x: 6.6, y: 1.2 } });
  b.meant[0]!.heldAs = 'red_cube#1';
  return b;
}

describe('a plain "the X" checked against later sightings', () => {
  it('a second red cube seen later is named with the one chosen', () => {
    const b = chosenAndMoved();
    b.absorb({ detections: [detection('red_cube#1', 7.0, 1.2), detection('red_cube#2', 8.6, 2.4)] });
    expect(secondLookAlike(b)).toMatchObject({ status: 'unmet', text: 'the red cube is the only one', evidence: expect.stringMatching(/red_cube#1 at \(2\.5, 2\.2\).*red_cube#2 at \(8\.6, 2\.4\)/) });
  });

  it('the chosen cube seen again where it was put down under a new id, or a stale double sighting where it was taken from, is not a second one', () => {
    const b = chosenAndMoved();
    b.absorb({ detections: [detection('red_cube#3', 7.3, 1.25, 6.6)] });
    b.absorb({ detections: [detection('red_cube#4', 2.8, 2.3)] });
    expect(secondLookAlike(b)).toBeNull();
  });

  it('a red cube that was outside the zone the words named does not match "the red cube in bin a"', () => {
    const map = { width: 10, depth: 8, obstacles: [], zones: [{ name: 'bin_a', min_x: 2, min_y: 1.7, max_x: 3, max_y: 2.7, center: { x: 2.5, y: 2.2 } }] };
    const b = new Beliefs(map);
    const inBinA = { ...theRedCube, inZone: 'bin_a', text: 'the red cube in bin a' };
    b.absorb({ detections: [detection('red_cube#1', 2.5, 2.2)] });
    b.meant.push({ q: inBinA, id: 'red_cube#1', at: { x: 2.5, y: 2.2 } });
    b.absorb({ detections: [detection('red_cube#2', 8.6, 2.4)] });
    expect(secondLookAlike(b)).toBeNull();
  });
});
