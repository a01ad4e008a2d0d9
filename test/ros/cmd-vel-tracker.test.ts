/**
 * The cmd_vel follower's control law (PathTracker) on a model of a base commanded over ROS:
 * commands at 20 Hz computed from odometry 40 ms old, and a base that reaches a command only at
 * its acceleration limits. It must arrive at the goal (well within the tolerance), face the final heading, never
 * leave the planned polyline by more than a few centimetres (the planner keeps little margin),
 * turn a full turn when asked, and settle without hunting.
 */
import { describe, expect, it } from 'vitest';
import { normalizeAngle, type Pose, type Vec2 } from '../../src/core/geometry.js';
import { PathTracker, type TrackerLimits } from '../../src/ros/backend/path-tracker.js';

const LIMITS: TrackerLimits = { maxLinear: 0.6, maxAngular: 1.8, linearAccel: 1.2, angularAccel: 4, tolerance: 0.05, headingTolerance: (1.5 * Math.PI) / 180 };
const DT = 0.005;
const COMMAND_EVERY = 10; // 20 Hz
const ODOM_DELAY = 8; // 40 ms

function approach(v: number, target: number, step: number): number {
  return Math.abs(target - v) <= step ? target : v + Math.sign(target - v) * step;
}

function distanceToPolyline(p: Vec2, path: Vec2[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const len2 = (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / len2));
    best = Math.min(best, Math.hypot(p.x - (a.x + t * (b.x - a.x)), p.y - (a.y + t * (b.y - a.y))));
  }
  return best;
}

/** Runs the tracker against the base model until done (or 120 s); what happened. */
function drive(tracker: PathTracker, start: Pose, odomDelay = ODOM_DELAY) {
  const base = { ...start, linear: 0, angular: 0 };
  const history: Array<{ pose: Pose; linear: number; angular: number }> = [];
  let command = { linear: 0, angular: 0 };
  let turned = 0;
  let maxLinear = 0;
  let directionChanges = 0;
  let lastAngularSign = 0;
  for (let step = 0; step < 120 / DT; step++) {
    history.push({ pose: { x: base.x, y: base.y, heading: base.heading }, linear: base.linear, angular: base.angular });
    if (step % COMMAND_EVERY === 0) {
      const seen = history[Math.max(0, history.length - 1 - odomDelay)]!;
      const cmd = tracker.step(seen);
      if (cmd.done) return { base, done: true, turned, maxLinear, directionChanges, history };
      command = cmd;
      const sign = Math.sign(cmd.angular);
      if (sign !== 0 && lastAngularSign !== 0 && sign !== lastAngularSign && cmd.linear === 0) directionChanges++;
      if (sign !== 0) lastAngularSign = sign;
    }
    base.linear = approach(base.linear, command.linear, LIMITS.linearAccel * DT);
    base.angular = approach(base.angular, command.angular, LIMITS.angularAccel * DT);
    const mid = base.heading + (base.angular * DT) / 2;
    base.x += base.linear * DT * Math.cos(mid);
    base.y += base.linear * DT * Math.sin(mid);
    base.heading = normalizeAngle(base.heading + base.angular * DT);
    turned += base.angular * DT;
    maxLinear = Math.max(maxLinear, base.linear);
  }
  return { base, done: false, turned, maxLinear, directionChanges, history };
}

describe('the cmd_vel follower (PathTracker)', () => {
  it('drives a path with corners to its end within the tolerance, facing the final heading, on the path all the way', () => {
    const path = [
      { x: 1, y: 1 },
      { x: 1.875, y: 3.525 },
      { x: 2.4, y: 3.8 },
      { x: 4, y: 3.85 },
    ];
    const run = drive(new PathTracker(path, LIMITS, Math.PI), { x: 1, y: 1, heading: 0 });
    expect(run.done).toBe(true);
    const end = path.at(-1)!;
    // The tolerance bounds the arrival; the aim is the goal itself.
    expect(Math.hypot(run.base.x - end.x, run.base.y - end.y)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(normalizeAngle(run.base.heading - Math.PI))).toBeLessThanOrEqual(LIMITS.headingTolerance + 0.01);
    expect(Math.max(...run.history.map((h) => distanceToPolyline(h.pose, path)))).toBeLessThan(0.03);
    expect(run.maxLinear).toBeCloseTo(LIMITS.maxLinear, 6); // it does drive at speed on the long legs
    expect(run.directionChanges).toBe(0); // no hunting on the turns
    expect([run.base.linear, run.base.angular]).toEqual([0, 0]);
  });

  it('still arrives and faces the heading when odometry is a quarter of a second late (a loaded machine)', () => {
    const path = [
      { x: 1, y: 1 },
      { x: 3, y: 1 },
      { x: 3, y: 2.5 },
    ];
    const run = drive(new PathTracker(path, LIMITS, -Math.PI / 2), { x: 1, y: 1, heading: Math.PI / 2 }, 50);
    expect(run.done).toBe(true);
    expect(Math.hypot(run.base.x - 3, run.base.y - 2.5)).toBeLessThanOrEqual(LIMITS.tolerance);
    expect(Math.abs(normalizeAngle(run.base.heading + Math.PI / 2))).toBeLessThanOrEqual(LIMITS.headingTolerance + 0.01);
    expect(Math.max(...run.history.map((h) => distanceToPolyline(h.pose, path)))).toBeLessThan(0.1);
  });

  it('turns a full turn on the spot for a 2π rotation, and back for −π/2', () => {
    const full = drive(new PathTracker([{ x: 2, y: 2 }], LIMITS, undefined, 2 * Math.PI), { x: 2, y: 2, heading: 0.3 });
    expect(full.done).toBe(true);
    expect(full.turned).toBeCloseTo(2 * Math.PI, 1);
    expect(Math.hypot(full.base.x - 2, full.base.y - 2)).toBe(0);
    const back = drive(new PathTracker([{ x: 2, y: 2 }], LIMITS, undefined, -Math.PI / 2), { x: 2, y: 2, heading: 0 });
    expect(back.done).toBe(true);
    expect(back.turned).toBeCloseTo(-Math.PI / 2, 1);
  });

  it('only turns to the heading when already at the goal, and honours a lower speed limit', () => {
    const atGoal = drive(new PathTracker([{ x: 1, y: 1 }, { x: 1.01, y: 1 }], LIMITS, Math.PI / 2), { x: 1, y: 1, heading: 0 });
    expect(atGoal.done).toBe(true);
    expect(Math.hypot(atGoal.base.x - 1, atGoal.base.y - 1)).toBeLessThan(0.01); // a creep at most
    const slow = drive(new PathTracker([{ x: 0, y: 0 }, { x: 3, y: 0 }], { ...LIMITS, maxLinear: 0.2 }), { x: 0, y: 0, heading: 0 });
    expect(slow.done).toBe(true);
    expect(slow.maxLinear).toBeLessThanOrEqual(0.2 + 1e-9);
    expect(Math.abs(slow.base.x - 3)).toBeLessThanOrEqual(LIMITS.tolerance);
  });
});
