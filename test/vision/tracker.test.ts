import { describe, expect, it } from 'vitest';
import { DEFAULT_ROBOT_CONFIG } from '../../src/sim/robot-config.js';
import { ObjectTracker } from '../../src/vision/tracker.js';

const camera = DEFAULT_ROBOT_CONFIG.camera;
const obs = (label: string, x: number, y: number, confidence = 0.9, rangeM = 1.5) => ({ label, x, y, confidence, rangeM });

describe('ObjectTracker', () => {
  it('keeps ids stable across frames and smooths the position', () => {
    const t = new ObjectTracker();
    expect(t.update([obs('red_cube', 3, 2), obs('blue_ball', 1, 1)], 0)).toEqual(['red_cube#1', 'blue_ball#1']);
    expect(t.update([obs('blue_ball', 1.05, 1), obs('red_cube', 3.02, 2.01)], 1)).toEqual(['blue_ball#1', 'red_cube#1']);
    const red = t.get('red_cube#1')!;
    expect(red.timesSeen).toBe(2);
    expect(red.firstSeen).toBe(0);
    expect(red.lastSeen).toBe(1);
    expect(red.x).toBeCloseTo(3.01, 5);
    expect(red.y).toBeCloseTo(2.005, 5);
  });

  it('re-identifies an object seen again after a gap, within the gate', () => {
    const t = new ObjectTracker({ gateM: 0.35 });
    t.update([obs('green_cylinder', 5, 5)], 0);
    t.update([], 5);
    expect(t.update([obs('green_cylinder', 5.2, 4.9)], 10)).toEqual(['green_cylinder#1']);
    expect(t.get('green_cylinder#1')!.lastSeen).toBe(10);
  });

  it('gives two same-label objects apart two ids, and new ids beyond the gate', () => {
    const t = new ObjectTracker();
    expect(t.update([obs('red_cube', 3, 2), obs('red_cube', 6, 6)], 0)).toEqual(['red_cube#1', 'red_cube#2']);
    // Seen again in the other order: each keeps its own id.
    expect(t.update([obs('red_cube', 6.05, 6), obs('red_cube', 3, 2.05)], 1)).toEqual(['red_cube#2', 'red_cube#1']);
    expect(t.update([obs('red_cube', 4.5, 4)], 2)).toEqual(['red_cube#3']);
  });

  it('never gives one object to two sightings in a frame', () => {
    const t = new ObjectTracker();
    t.update([obs('red_cube', 3, 2)], 0);
    expect(t.update([obs('red_cube', 3.1, 2), obs('red_cube', 3.05, 2)], 1)).toEqual(['red_cube#2', 'red_cube#1']);
  });

  it('does not associate different colours, nor look-alikes beyond their gate', () => {
    const t = new ObjectTracker({ lookAlikeGateM: 0.2 });
    t.update([obs('red_cube', 3, 2)], 0);
    expect(t.update([obs('blue_cube', 3, 2)], 1)).toEqual(['blue_cube#1']);
    expect(t.update([obs('red_ball', 3.3, 2)], 2)).toEqual(['red_ball#1']);
    expect(t.list()).toHaveLength(3);
  });

  it('counts a look-alike sighting on top of a remembered object as a vote, not a new object', () => {
    const t = new ObjectTracker();
    t.update([obs('blue_cube', 3, 2)], 0);
    t.update([obs('blue_cube', 3.02, 2)], 1);
    // The detector's typical slip: the same cube, once, as a ball.
    expect(t.update([obs('blue_ball', 3.05, 2.03, 0.5)], 2)).toEqual(['blue_cube#1']);
    expect(t.list().map((o) => [o.id, o.label, o.timesSeen, o.lastSeen])).toEqual([['blue_cube#1', 'blue_cube', 3, 2]]);
    expect(t.takeRetired()).toEqual([]);
  });

  it('widens both gates for far sightings, whose position error grows with range', () => {
    const t = new ObjectTracker({ gateM: 0.35, lookAlikeGateM: 0.2, gatePerRangeM: 0.06 });
    t.update([obs('yellow_cylinder', 8.6, 4.2, 0.9, 1.5)], 0);
    // A 5 px blob 6.7 m away, 0.35 m off and with the shape wrong: still the cylinder.
    expect(t.update([obs('yellow_cube', 8.91, 4.03, 0.41, 6.7)], 1)).toEqual(['yellow_cylinder#1']);
    expect(t.update([obs('yellow_cylinder', 9.0, 4.2, 0.6, 6.7)], 2)).toEqual(['yellow_cylinder#1']);
    // From close by, a look-alike right on a remembered object beats a same-label one 0.34 m off.
    const u = new ObjectTracker();
    u.update([obs('yellow_cylinder', 8.586, 4.182, 0.9, 1.5), obs('yellow_cube', 8.912, 4.032, 0.41, 1.5)], 0);
    for (let k = 1; k <= 4; k++) u.update([obs('yellow_cylinder', 8.586, 4.182, 0.9, 1)], k);
    expect(u.update([obs('yellow_cube', 8.582, 4.123, 0.58, 0.78)], 5)).toEqual(['yellow_cylinder#1']);
    expect(u.get('yellow_cylinder#1')!.label).toBe('yellow_cylinder');
    // The same offsets seen from close by are other objects.
    expect(t.update([obs('yellow_cube', 8.91, 4.6, 0.9, 1)], 3)).toEqual(['yellow_cube#1']);
  });

  it('relabels when the evidence says the first sighting had the shape wrong, retiring the old id', () => {
    const t = new ObjectTracker();
    expect(t.update([obs('yellow_cube', 5, 5, 0.6, 4)], 0)).toEqual(['yellow_cube#1']);
    expect(t.update([obs('yellow_cylinder', 5.05, 5, 0.9, 1.5)], 1)).toEqual(['yellow_cylinder#1']);
    expect(t.takeRetired()).toEqual(['yellow_cube#1']);
    expect(t.takeRetired()).toEqual([]);
    const o = t.get('yellow_cylinder#1')!;
    expect([o.label, o.timesSeen, o.firstSeen, o.lastSeen]).toEqual(['yellow_cylinder', 2, 0, 1]);
    expect(t.get('yellow_cube#1')).toBeUndefined();
  });

  it('tells what a retired id is called now, through repeated relabels, while the object is remembered', () => {
    const t = new ObjectTracker();
    t.update([obs('yellow_cube', 5, 5, 0.6, 4)], 0);
    expect(t.renamedTo('yellow_cube#1')).toBeUndefined();
    t.update([obs('yellow_cylinder', 5.05, 5, 0.9, 1.5)], 1);
    expect(t.renamedTo('yellow_cube#1')).toBe('yellow_cylinder#1');
    // Much stronger evidence for a ball: the cylinder id retires too, and the cube id follows it.
    t.update([obs('yellow_ball', 5, 5, 0.95, 0.5)], 2);
    expect(t.update([obs('yellow_ball', 5, 5, 0.95, 0.5)], 3)).toEqual(['yellow_ball#1']);
    expect([t.renamedTo('yellow_cube#1'), t.renamedTo('yellow_cylinder#1')]).toEqual(['yellow_ball#1', 'yellow_ball#1']);
    expect(t.renamedTo('yellow_ball#1')).toBeUndefined();
    t.forget('yellow_ball#1');
    expect(t.renamedTo('yellow_cube#1')).toBeUndefined();
  });

  it('never relabels on sightings cut by the image edge, but counts them a little', () => {
    const t = new ObjectTracker();
    t.update([obs('red_cube', 3, 1, 0.9, 1)], 0);
    for (let k = 1; k <= 5; k++) expect(t.update([{ ...obs('red_cylinder', 3, 1, 0.9, 0.6), cutByEdge: true }], k)).toEqual(['red_cube#1']);
    // Five cut votes (5 × 0.9 / 0.36 × 0.2 = 2.5) and one whole one (0.9) now outweigh the cube's 0.9 by 1.5×.
    expect(t.update([obs('red_cylinder', 3, 1, 0.9, 1)], 6)).toEqual(['red_cylinder#1']);
  });

  it('prefers a same-label object to a look-alike, and sightings of both in one frame stay two objects', () => {
    const t = new ObjectTracker();
    t.update([obs('red_cube', 3, 2), obs('red_ball', 3.15, 2)], 0);
    expect(t.update([obs('red_ball', 3.05, 2)], 1)).toEqual(['red_ball#1']);
    expect(t.update([obs('red_ball', 3.14, 2), obs('red_cube', 3.01, 2)], 2)).toEqual(['red_ball#1', 'red_cube#1']);
  });

  it('never treats labels outside the colour_shape vocabulary as look-alikes', () => {
    const t = new ObjectTracker();
    t.update([obs('person', 3, 2)], 0);
    expect(t.update([obs('bicycle', 3, 2)], 1)).toEqual(['bicycle#1']);
  });

  it('weights close sightings more than far ones', () => {
    const t = new ObjectTracker();
    t.update([obs('red_cube', 3, 2, 0.9, 4)], 0);
    t.update([obs('red_cube', 3.2, 2, 0.9, 0.8)], 1);
    expect(t.get('red_cube#1')!.x).toBeGreaterThan(3.18);
  });

  it('lists most recently seen first, forgets on request', () => {
    const t = new ObjectTracker();
    t.update([obs('red_cube', 3, 2), obs('blue_ball', 1, 1)], 0);
    t.update([obs('blue_ball', 1, 1)], 2);
    expect(t.list().map((o) => o.id)).toEqual(['blue_ball#1', 'red_cube#1']);
    expect(t.forget('red_cube#1')).toBe(true);
    expect(t.forget('red_cube#1')).toBe(false);
    expect(t.list().map((o) => o.id)).toEqual(['blue_ball#1']);
  });

  describe('confirmed sightings', () => {
    const here = { x: 5, y: 0.9, heading: -0.79 };

    it('never creates an object from a box cut by the image edge (the warehouse blue_ball phantom)', () => {
      const t = new ObjectTracker();
      const phantom = { ...obs('blue_ball', 3.236, 2.689, 0.52, 2.51), cutByEdge: true };
      expect(t.update([phantom], 0, here)).toEqual([undefined]);
      expect(t.update([phantom], 1, { ...here, heading: 0 })).toEqual([undefined]);
      expect(t.list()).toEqual([]);
      expect(t.get('blue_ball#1')).toBeUndefined();
    });

    it('keeps a weak whole sighting as a candidate until another viewpoint confirms it, under the first free id', () => {
      const t = new ObjectTracker();
      expect(t.update([obs('blue_cube', 4.6, 1.3, 0.45, 3.6)], 0, here)).toEqual([undefined]);
      // Again from the same spot: the same view, no new evidence.
      expect(t.update([obs('blue_cube', 4.62, 1.3, 0.47, 3.6)], 1, here)).toEqual([undefined]);
      expect(t.list()).toEqual([]);
      // The robot moved half a metre: a second view confirms it.
      expect(t.update([obs('blue_cube', 4.59, 1.31, 0.46, 3.2)], 2, { ...here, x: 4.5 })).toEqual(['blue_cube#1']);
      expect(t.list().map((o) => [o.id, o.timesSeen])).toEqual([['blue_cube#1', 3]]);
    });

    it('confirms a confident whole sighting at once, and a turn counts as another view', () => {
      const t = new ObjectTracker();
      expect(t.update([obs('red_cube', 6.2, 6.2, 0.88, 5.4)], 0, here)).toEqual(['red_cube#1']);
      expect(t.update([obs('green_ball', 2, 5.8, 0.5, 3)], 0, here)).toEqual([undefined]);
      expect(t.update([obs('green_ball', 2.02, 5.8, 0.5, 3)], 1, { ...here, heading: here.heading + 0.8 })).toEqual(['green_ball#1']);
    });

    it('lets an edge-cut sighting refresh a remembered object but not confirm a candidate', () => {
      const t = new ObjectTracker();
      t.update([obs('red_cube', 3, 1, 0.9, 1)], 0, here);
      expect(t.update([{ ...obs('red_cube', 3.02, 1, 0.9, 0.6), cutByEdge: true }], 1, here)).toEqual(['red_cube#1']);
      t.update([obs('blue_cube', 1, 3, 0.4, 2)], 2, here);
      expect(t.update([{ ...obs('blue_cube', 1, 3, 0.95, 0.6), cutByEdge: true }], 3, { ...here, x: 2 })).toEqual([undefined]);
      expect(t.list().map((o) => o.id)).toEqual(['red_cube#1']);
    });

    it('confirms no shape on two weak sightings that disagree on it (the staff-kitchen green cylinder phantom)', () => {
      const t = new ObjectTracker();
      const door = { x: 11.2, y: 1, heading: 3.14 };
      // A green cube 7.7 m off, once weakly as a cube and, after a turn, weakly as a cylinder.
      expect(t.update([obs('green_cube', 3.613, 2.354, 0.375, 7.71)], 0, door)).toEqual([undefined]);
      expect(t.update([obs('green_cylinder', 3.765, 2.327, 0.398, 7.55)], 8.6, { ...door, heading: 2.61 })).toEqual([undefined]);
      expect(t.list()).toEqual([]);
      // Seen whole and confidently: a green cube, and nothing else.
      expect(t.update([obs('green_cube', 3.4, 2.409, 0.868, 3.09)], 46, { x: 3.51, y: 5.5, heading: -2.06 })).toEqual(['green_cube#1']);
      expect(t.list().map((o) => o.label)).toEqual(['green_cube']);
    });

    it('takes a far sighting off along its line of sight for the object remembered there (the lab-wing second yellow cylinder)', () => {
      const t = new ObjectTracker();
      const near = { x: 7.49, y: 2.5, heading: -1.46 };
      for (const [k, [x, y, c, r]] of [[8.16, 1.192, 0.601, 2.67], [8.193, 1.202, 0.701, 2.7], [8.193, 1.207, 0.854, 1.47], [8.2, 1.2, 0.893, 1.48], [8.23, 1.229, 0.657, 3.21]].entries()) {
        t.update([obs('yellow_cylinder', x!, y!, c!, r!)], k, { ...near, heading: near.heading + k * 0.5 });
      }
      const far = { x: 5.5, y: 8.49, heading: -1.56 };
      // 7.2 m off, the range 0.6 m short along the line of sight and 1 cm off across it; then,
      // after a turn, 0.3 m short: the cylinder remembered both times, not a second one.
      expect(t.update([obs('yellow_cylinder', 7.993, 1.78, 0.376, 7.16)], 60.3, far)).toEqual(['yellow_cylinder#1']);
      expect(t.update([obs('yellow_cylinder', 8.088, 1.492, 0.444, 7.46)], 61.1, { ...far, heading: -1.04 })).toEqual(['yellow_cylinder#1']);
      expect(t.list().map((o) => o.id)).toEqual(['yellow_cylinder#1']);
      // The same offset across the line of sight is another object.
      expect(t.update([obs('yellow_cylinder', 8.8, 1.25, 0.9, 7.2)], 62, far)).toEqual(['yellow_cylinder#2']);
    });

    it('confirms no candidate on two far sightings from one spot that agree only along the line of sight', () => {
      const t = new ObjectTracker();
      const spot = { x: 3.51, y: 11.5, heading: -0.53 };
      // A red cube 9 m off, seen 2 m short and then 2.6 m short: both weak, 0.6 m apart along the ray.
      expect(t.update([obs('red_cube', 9.396, 7.855, 0.42, 6.93)], 196.6, spot)).toEqual([undefined]);
      expect(t.update([obs('red_cube', 9.937, 7.558, 0.46, 7.54)], 197.3, { ...spot, heading: -0.01 })).toEqual([undefined]);
      expect(t.list()).toEqual([]);
    });

    it('gives a sighting near both a remembered object and a candidate to the remembered one', () => {
      const t = new ObjectTracker();
      t.update([obs('red_cube', 3, 2, 0.9, 1.5)], 0, { x: 1.5, y: 2, heading: 0 });
      const below = { x: 3, y: 0.5, heading: Math.PI / 2 };
      expect(t.update([obs('red_cube', 3, 2.45, 0.4, 1.95)], 1, below)).toEqual([undefined]);
      // Nearer the candidate, but not much: the cube remembered, and the candidate is not confirmed.
      expect(t.update([obs('red_cube', 3, 2.24, 0.45, 1.74)], 2, { ...below, heading: 1.1 })).toEqual(['red_cube#1']);
      expect(t.list().map((o) => o.id)).toEqual(['red_cube#1']);
    });

    it('remembers an object put down where it was put, under its old id, and later sightings keep that id', () => {
      const t = new ObjectTracker();
      t.update([obs('red_cube', 3, 1, 0.9, 1)], 0, here);
      t.forget('red_cube#1'); // picked up: it rides in the gripper
      t.putDown({ id: 'red_cube#1', label: 'red_cube', x: 8.9, y: 1.1, confidence: 0.9 }, 5);
      expect(t.get('red_cube#1')).toMatchObject({ x: 8.9, y: 1.1, lastSeen: 5 });
      expect(t.update([obs('red_cube', 8.95, 1.08, 0.8, 1)], 6, here)).toEqual(['red_cube#1']);
      expect(t.list().map((o) => o.id)).toEqual(['red_cube#1']);
    });
  });

  describe('markGone', () => {
    const view = { pose: { x: 1, y: 1, heading: 0 }, camera, time: 10 };

    it('drops an unseen object in view within range, and keeps what it could not have seen', () => {
      const t = new ObjectTracker();
      t.update(
        [
          obs('red_cube', 3, 1), // ahead, 2 m: should be visible
          obs('blue_ball', 6, 1), // ahead but 5 m away: kept
          obs('green_cube', 1, 3), // to the left, out of view: kept
          obs('yellow_ball', 0, 1), // behind: kept
          obs('red_ball', 3.5, 1.2), // ahead and seen this frame
        ],
        0,
      );
      const gone = t.markGone(view, ['red_ball#1']);
      expect(gone).toEqual(['red_cube#1']);
      expect(t.list().map((o) => o.id).sort()).toEqual(['blue_ball#1', 'green_cube#1', 'red_ball#1', 'yellow_ball#1']);
    });

    it('keeps objects cut by the image edge and those hidden behind static geometry', () => {
      const t = new ObjectTracker();
      // 2 m ahead at the very edge of the 70° field of view.
      t.update([obs('red_cube', 3, 1 + 2.2 * Math.tan((35 * Math.PI) / 180)), obs('blue_cube', 3, 1)], 0);
      const gone = t.markGone(view, [], () => true);
      expect(gone).toEqual([]);
      expect(t.markGone(view, [])).toEqual(['blue_cube#1']);
      expect(t.list().map((o) => o.id)).toEqual(['red_cube#1']);
    });

    it('keeps an object half hidden behind a nearer remembered one (the back corner of a full tray)', () => {
      const t = new ObjectTracker();
      t.update([obs('red_cylinder', 2.41, 7.41), obs('yellow_cube', 2.59, 7.59), obs('blue_cylinder', 2.59, 7.41)], 0);
      // From the tray's front corner only the nearer cylinders show: the cube is behind the red one.
      const corner = { pose: { x: 1.65, y: 6.74, heading: 0.79 }, camera, time: 10 };
      expect(t.markGone(corner, ['red_cylinder#1', 'blue_cylinder#1'])).toEqual([]);
      // Not seen from where nothing stands in front of it: gone.
      expect(t.markGone({ ...corner, pose: { x: 4.2, y: 7.59, heading: Math.PI }, time: 11 }, ['blue_cylinder#1', 'red_cylinder#1'])).toEqual(['yellow_cube#1']);
    });

    it('is deterministic: same inputs, same ids and removals', () => {
      const run = () => {
        const t = new ObjectTracker();
        const a = t.update([obs('red_cube', 3, 1), obs('red_cube', 2.5, 0.9), obs('blue_ball', 2, 1.1)], 0);
        const g = t.markGone(view, [a[0]!]);
        return [a, g, t.list()];
      };
      expect(run()).toEqual(run());
    });
  });
});
