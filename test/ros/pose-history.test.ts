/**
 * Pairing a camera image with the pose the base had when it was taken: the nearest odometry
 * stamp, and no pose at all for an image stamped outside the odometry kept (a lagging camera),
 * rather than a pose from seconds away.
 */
import { describe, expect, it } from 'vitest';
import { KEPT_S, MAX_PAIRING_GAP_S, PoseHistory } from '../../src/ros/backend/pose-history.js';

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

  it('keeps seconds of odometry whatever its rate: an image lagging a second behind 100 Hz odometry has its pose', () => {
    const h = turning(100, 103, 100);
    expect(h.at(102)!.heading).toBeCloseTo(102, 6);
    expect(h.at(100.5)!.heading).toBeCloseTo(100.5, 6); // 2.5 s behind: 250 messages ago
    const long = turning(100, 100 + 3 * KEPT_S, 100);
    expect(long.at(100 + KEPT_S)).toBeUndefined();
    expect(long.at(100 + 2.5 * KEPT_S)!.heading).toBeCloseTo(100 + 2.5 * KEPT_S, 6);
  });

  it('forgets the poses of a clock that went back', () => {
    const h = turning(100, 101);
    h.push(5, { x: 2, y: 2, heading: 0 });
    expect(h.at(100.5)).toBeUndefined();
    expect(h.at(5)).toEqual({ x: 2, y: 2, heading: 0 });
  });

  it('gives the latest pose for an unstamped image', () => {
    expect(turning(100, 101).at(0)!.heading).toBeCloseTo(101, 6);
  });
});
