import { describe, expect, it } from 'vitest';
import { normalizeAngle } from '../../src/core/geometry.js';
import { DEFAULT_ROBOT_CONFIG, PHYSICS_DT } from '../../src/sim/robot-config.js';
import { FULL_SPEED, makeEngine, runMotion } from './sim-fixtures.js';

const cfg = DEFAULT_ROBOT_CONFIG;
const EPS = 1e-9;

describe('kinematics and limits', () => {
  it('turns in place within the angular speed and acceleration limits, to ±0.02 rad', () => {
    const { world, engine } = makeEngine('empty');
    const start = { ...world.robot };
    engine.startMotion({ kind: 'rotate', angle: Math.PI / 2, limits: { ...FULL_SPEED, maxAngular: 1.2 } });
    let prev = 0;
    const run = runMotion(engine, 30, () => {
      const w = world.robot.angular;
      expect(Math.abs(w)).toBeLessThanOrEqual(1.2 + EPS);
      expect(Math.abs(w - prev)).toBeLessThanOrEqual(cfg.maxAngularAccel * PHYSICS_DT + EPS);
      expect(world.robot.linear).toBe(0);
      prev = w;
    });
    expect(run.state.status).toBe('succeeded');
    expect(Math.abs(normalizeAngle(world.robot.heading - (start.heading + Math.PI / 2)))).toBeLessThanOrEqual(0.02);
    expect(world.robot.x).toBe(start.x);
    expect(world.robot.y).toBe(start.y);
    // It takes at least as long as a bang-bang profile at the limits would.
    expect(run.steps * PHYSICS_DT).toBeGreaterThan(Math.PI / 2 / 1.2);
  });

  it('turns through more than a full circle when asked (a scan turn), either way', () => {
    for (const angle of [2 * Math.PI, -2.5 * Math.PI]) {
      const { world, engine } = makeEngine('empty');
      const h0 = world.robot.heading;
      let turned = 0;
      let last = h0;
      engine.startMotion({ kind: 'rotate', angle, limits: FULL_SPEED });
      const run = runMotion(engine, 30, () => {
        turned += normalizeAngle(world.robot.heading - last);
        last = world.robot.heading;
      });
      expect(run.state.status).toBe('succeeded');
      expect(Math.abs(turned - angle)).toBeLessThanOrEqual(0.02);
    }
  });

  it('drives within the goal speed and the base acceleration limits, and the odometer adds up', () => {
    const { world, engine } = makeEngine('empty');
    engine.startMotion({ kind: 'goto', target: { x: 4, y: 1 }, limits: { ...FULL_SPEED, maxLinear: 0.5 } });
    let prevV = 0;
    let prevW = 0;
    let travelled = 0;
    let px = world.robot.x;
    let py = world.robot.y;
    let peak = 0;
    const run = runMotion(engine, 30, () => {
      const r = world.robot;
      expect(Math.abs(r.linear)).toBeLessThanOrEqual(0.5 + EPS);
      expect(Math.abs(r.linear - prevV)).toBeLessThanOrEqual(cfg.maxLinearAccel * PHYSICS_DT + EPS);
      expect(Math.abs(r.angular - prevW)).toBeLessThanOrEqual(cfg.maxAngularAccel * PHYSICS_DT + EPS);
      // Unicycle: the base moves v·dt per step along its heading, never sideways.
      const step = Math.hypot(r.x - px, r.y - py);
      expect(step).toBeCloseTo(Math.abs(r.linear) * PHYSICS_DT, 9);
      travelled += step;
      peak = Math.max(peak, r.linear);
      px = r.x;
      py = r.y;
      prevV = r.linear;
      prevW = r.angular;
    });
    expect(run.state.status).toBe('succeeded');
    expect(peak).toBeCloseTo(0.5, 6);
    expect(world.robot.odometer).toBeCloseTo(travelled, 9);
    expect(Math.hypot(world.robot.x - 4, world.robot.y - 1)).toBeLessThanOrEqual(0.05);
    expect(world.robot.linear).toBe(0);
  });

  it('reports progress from 0 to 1 and the remaining distance while driving', () => {
    const { engine } = makeEngine('warehouse');
    engine.startMotion({ kind: 'goto', target: { x: 8, y: 5 }, limits: FULL_SPEED });
    const first = engine.motionState();
    expect(first.status).toBe('active');
    expect(first.progress).toBe(0);
    expect(first.remaining).toBeGreaterThan(7);
    expect(first.path!.length).toBeGreaterThanOrEqual(2);
    const seen: number[] = [];
    runMotion(engine, 60, () => void seen.push(engine.motionState().progress));
    expect(seen.every((p, i) => i === 0 || p >= seen[i - 1]! - 1e-6)).toBe(true);
    expect(engine.motionState()).toMatchObject({ status: 'succeeded', progress: 1, remaining: 0 });
  });

  it('stops and brakes within the acceleration limit when the goal is stopped', () => {
    const { world, engine } = makeEngine('empty');
    engine.startMotion({ kind: 'goto', target: { x: 6, y: 1 }, limits: FULL_SPEED });
    for (let i = 0; i < 100; i++) engine.step();
    const v0 = world.robot.linear;
    expect(v0).toBeGreaterThan(0.5);
    engine.stopMotion('operator said stop');
    expect(engine.motionState()).toMatchObject({ status: 'failed', reason: 'operator said stop' });
    let steps = 0;
    while (world.robot.linear !== 0) {
      engine.step();
      steps++;
    }
    expect(steps).toBe(Math.ceil(v0 / (cfg.maxLinearAccel * PHYSICS_DT) - 1e-9));
  });
});
