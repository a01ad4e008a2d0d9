/**
 * Pairing a camera image with the pose the base had when it was taken: the nearest odometry
 * stamp, and no pose at all for an image stamped outside the odometry kept (a lagging camera),
 * rather than a pose from seconds away.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PAIRING_GAP_S, PoseHistory } from '../../src/ros/backend/pose-history.js';

function turning(from: number, to: number, hz = 25): PoseHistory {
  const h = new PoseHistory();
  for (let t = from; t <= to + 1e-9; t += 1 / hz) h.push(t, { x: 1, y: 1, heading: t });
  return h;
}

describe('PoseHistory', () => {
  it('pairs an image with the pose stamped nearest to it', () => {
    const h = turning(100, 102);
    expect(h.at(101.01)!.heading).toBeCloseTo(101, 6);
    expect(h.at(101.03)!.heading).toBeCloseTo(101.04, 6);
    expect(h.at(102 + MAX_PAIRING_GAP_S / 2)!.heading).toBeCloseTo(102, 6);
  });

  it('has no pose for an image stamped outside the odometry it keeps', () => {
    const h = turning(100, 110); // more than it keeps: the oldest are dropped
    expect(h.at(100.5)).toBeUndefined();
    expect(h.at(110 + 2 * MAX_PAIRING_GAP_S)).toBeUndefined();
    expect(new PoseHistory().at(5)).toBeUndefined();
  });

  it('gives the latest pose for an unstamped image', () => {
    expect(turning(100, 101).at(0)!.heading).toBeCloseTo(101, 6);
  });
});
