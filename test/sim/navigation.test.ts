import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/core/rng.js';
import { normalizeAngle } from '../../src/core/geometry.js';
import { FULL_SPEED, makeEngine, runMotion } from './sim-fixtures.js';

describe('navigation', () => {
  for (const scenario of ['warehouse', 'cluttered']) {
    it(`drives to many random reachable goals in ${scenario} without ever touching anything`, () => {
      const { world, engine } = makeEngine(scenario);
      const rng = new SeededRng(2024).fork(scenario);
      let goals = 0;
      while (goals < 30) {
        const target = { x: rng.range(0, world.map.width), y: rng.range(0, world.map.depth) };
        if (!engine.planPath(target).ok) continue;
        goals++;
        world.robot.battery = 1; // this suite is about motion, not energy
        const heading = rng.next() < 0.5 ? rng.range(-Math.PI, Math.PI) : undefined;
        const tolerance = rng.pick([0.05, 0.1, 0.3]);
        engine.startMotion({ kind: 'goto', target, heading, limits: { ...FULL_SPEED, tolerance } });
        const run = runMotion(engine, 120);
        expect(run.state.status, `goal ${goals} ${JSON.stringify(target)}: ${run.state.reason}`).toBe('succeeded');
        expect(run.minClearance).toBeGreaterThan(world.config.radius);
        expect(Math.hypot(world.robot.x - target.x, world.robot.y - target.y)).toBeLessThanOrEqual(tolerance);
        if (heading !== undefined) expect(Math.abs(normalizeAngle(world.robot.heading - heading))).toBeLessThanOrEqual(0.02);
      }
    });
  }

  it('crosses the cluttered room through a narrow gap', () => {
    const { world, engine } = makeEngine('cluttered');
    engine.startMotion({ kind: 'goto', target: { x: 7, y: 2.6 }, limits: FULL_SPEED });
    const run = runMotion(engine, 60);
    expect(run.state.status).toBe('succeeded');
    expect(run.minClearance).toBeGreaterThan(world.config.radius);
    expect(world.robot.x).toBeGreaterThan(6.9);
  });

  for (const tolerance of [0.01, 0.05, 0.15, 0.3]) {
    it(`arrives within a tolerance of ${tolerance} m and then turns to the final heading`, () => {
      const { world, engine } = makeEngine('warehouse');
      const target = { x: 5.5, y: 6.5 };
      engine.startMotion({ kind: 'goto', target, heading: -2, limits: { ...FULL_SPEED, tolerance } });
      const run = runMotion(engine, 60);
      expect(run.state.status).toBe('succeeded');
      expect(Math.hypot(world.robot.x - target.x, world.robot.y - target.y)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(normalizeAngle(world.robot.heading + 2))).toBeLessThanOrEqual(0.02);
      expect(world.robot.linear).toBe(0);
      expect(world.robot.angular).toBe(0);
    });
  }

  it('succeeds at once when already within tolerance, and fails at once when unreachable', () => {
    const { world, engine } = makeEngine('warehouse');
    engine.startMotion({ kind: 'goto', target: { x: world.robot.x + 0.02, y: world.robot.y }, limits: FULL_SPEED });
    expect(runMotion(engine, 1).state.status).toBe('succeeded');
    engine.startMotion({ kind: 'goto', target: { x: 4.2, y: 4.6 }, limits: FULL_SPEED });
    expect(engine.motionState()).toMatchObject({ status: 'failed', reason: 'x=4.2 y=4.6 is inside obstacle "rack"' });
  });

  it('refuses a step into something that moved into the way: stops and fails "blocked by"', () => {
    const { world, engine } = makeEngine('empty');
    engine.startMotion({ kind: 'goto', target: { x: 6, y: 1 }, limits: FULL_SPEED });
    for (let i = 0; i < 50; i++) engine.step();
    // Something is put down right in front of the robot after the path was planned.
    world.objects.push({ id: 'dropped', color: 'red', shape: 'cube', size: 0.12, x: world.robot.x + 0.4, y: world.robot.y, yaw: 0, heldBy: null });
    const run = runMotion(engine, 10);
    expect(run.state).toMatchObject({ status: 'failed', reason: 'blocked by an object on the floor' });
    expect(run.minClearance).toBeGreaterThanOrEqual(world.config.radius);
    expect(world.robot.linear).toBe(0);
  });
});
