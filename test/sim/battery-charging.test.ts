import { describe, expect, it } from 'vitest';
import { DEFAULT_ROBOT_CONFIG } from '../../src/sim/robot-config.js';
import { estimateTripDrain } from '../../src/sim/battery.js';
import { FULL_SPEED, makeEngine, runMotion, stepSeconds } from './sim-fixtures.js';

const battery = DEFAULT_ROBOT_CONFIG.battery;

describe('battery', () => {
  it('drains with time when idle, and more with distance and rotation', () => {
    const idle = makeEngine('empty');
    const b0 = idle.world.robot.battery;
    stepSeconds(idle.engine, 10);
    expect(b0 - idle.world.robot.battery).toBeCloseTo(10 * battery.drainPerSecond, 9);

    const driving = makeEngine('empty');
    driving.engine.startMotion({ kind: 'goto', target: { x: 5, y: 1 }, limits: FULL_SPEED });
    const run = runMotion(driving.engine);
    const seconds = run.steps * driving.engine.dt;
    const used = b0 - driving.world.robot.battery;
    expect(used).toBeCloseTo(seconds * battery.drainPerSecond + driving.world.robot.odometer * battery.drainPerMetre, 9);

    const turning = makeEngine('empty');
    turning.engine.startMotion({ kind: 'rotate', angle: Math.PI, limits: FULL_SPEED });
    const turn = runMotion(turning.engine);
    const turnUsed = b0 - turning.world.robot.battery;
    expect(turnUsed - turn.steps * turning.engine.dt * battery.drainPerSecond).toBeCloseTo(Math.PI * battery.drainPerRadian, 4);
  });

  it('estimates a trip generously: at least what driving that far actually uses', () => {
    const { world, engine } = makeEngine('warehouse');
    const plan = engine.planPath({ x: 8, y: 5 });
    if (!plan.ok) throw new Error(plan.reason);
    const b0 = world.robot.battery;
    engine.startMotion({ kind: 'goto', target: { x: 8, y: 5 }, limits: FULL_SPEED });
    runMotion(engine);
    expect(estimateTripDrain(world.config, plan.lengthM)).toBeGreaterThan(b0 - world.robot.battery);
    expect(estimateTripDrain(world.config, 10)).toBeGreaterThan(estimateTripDrain(world.config, 5));
  });

  it('stops the base with "battery empty" when the charge runs out, and refuses to start', () => {
    const { world, engine } = makeEngine('empty');
    world.robot.battery = 0.004;
    engine.startMotion({ kind: 'goto', target: { x: 8, y: 1 }, limits: FULL_SPEED });
    const run = runMotion(engine, 60);
    expect(run.state).toMatchObject({ status: 'failed', reason: 'battery empty' });
    expect(world.robot.battery).toBe(0);
    expect(world.robot.linear).toBe(0);
    expect(world.robot.x).toBeLessThan(7);
    engine.startMotion({ kind: 'rotate', angle: 1, limits: FULL_SPEED });
    expect(engine.motionState()).toMatchObject({ status: 'failed', reason: 'battery empty' });
  });
});

describe('charging', () => {
  it('refuses to charge off the dock, saying where the dock is', () => {
    const { world, engine } = makeEngine('warehouse');
    expect(engine.onDock()).toBe(false);
    const refused = engine.setCharging(true);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toBe('not on a charging dock: drive into the charging_dock zone (x 0.25..1.15, y 6.75..7.65) first');
    expect(world.robot.charging).toBe(false);
  });

  it('charges on the dock until switched off, capped at full', () => {
    const { world, engine } = makeEngine('low-battery');
    engine.startMotion({ kind: 'goto', target: { x: 0.7, y: 7.2 }, limits: FULL_SPEED });
    world.robot.battery = 0.5; // enough for the trip; this test is about the dock
    expect(runMotion(engine).state.status).toBe('succeeded');
    expect(engine.onDock()).toBe(true);
    expect(engine.setCharging(true)).toEqual({ ok: true });
    const before = world.robot.battery;
    stepSeconds(engine, 10);
    expect(world.robot.battery - before).toBeCloseTo(10 * (battery.chargePerSecond - battery.drainPerSecond), 9);
    stepSeconds(engine, 60);
    expect(world.robot.battery).toBe(1);
    expect(engine.setCharging(false)).toEqual({ ok: true });
    stepSeconds(engine, 1);
    expect(world.robot.battery).toBeLessThan(1);
  });

  it('unplugs when a motion starts', () => {
    const { world, engine } = makeEngine('warehouse');
    world.robot.x = 0.7;
    world.robot.y = 7.2;
    expect(engine.setCharging(true)).toEqual({ ok: true });
    engine.startMotion({ kind: 'rotate', angle: 1, limits: FULL_SPEED });
    expect(world.robot.charging).toBe(false);
    expect(engine.setCharging(true)).toEqual({ ok: false, reason: 'the base is moving: stop it before charging' });
  });
});
