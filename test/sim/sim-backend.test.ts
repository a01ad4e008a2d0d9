import { describe, expect, it } from 'vitest';
import { createSimulation, SimulatorBackend } from '../../src/sim/sim-backend.js';
import type { RobotBackend } from '../../src/robot/backend.js';
import { RealtimeRunner, VirtualRunner } from '../../src/sim/runner.js';
import { loadScenario } from '../../src/sim/scenario.js';
import type { CameraFrame } from '../../src/core/camera-frame.js';

const limits = { maxLinear: 1, maxAngular: 2.5, tolerance: 0.05 };

describe('SimulatorBackend', () => {
  it('is a RobotBackend over one virtual clock, built from a scenario name or object', () => {
    const sim = createSimulation({ scenario: 'warehouse', seed: 3 });
    const backend: RobotBackend = sim.backend;
    expect(backend.kind).toBe('simulator');
    expect(backend.clock).toBe(sim.clock);
    expect(sim.runner).toBeInstanceOf(VirtualRunner);
    expect(sim.rng.next()).toBe(createSimulation({ scenario: loadScenario('warehouse'), seed: 3 }).rng.next());
    expect(backend.staticMap().obstacles.map((o) => o.id)).toEqual(['rack', 'pallet', 'crate']);
    expect(backend.readState()).toEqual({
      pose: { x: 1, y: 1, heading: 0 },
      linear: 0,
      angular: 0,
      battery: 0.9,
      charging: false,
      onDock: false,
      holding: null,
    });
  });

  it('plans, drives in virtual time and reports each physics step', async () => {
    const { backend, clock } = createSimulation({ scenario: 'warehouse', seed: 1 });
    const plan = backend.planPath({ x: 3, y: 1.5 });
    expect(plan.ok).toBe(true);
    expect(backend.planPath({ x: 4.2, y: 4.6 })).toEqual({ ok: false, reason: 'x=4.2 y=4.6 is inside obstacle "rack"' });
    let updates = 0;
    const off = backend.onUpdate(() => void updates++);
    backend.startMotion({ kind: 'goto', target: { x: 3, y: 1.5 }, limits });
    expect(backend.motionState().status).toBe('active');
    await backend.sleep(1);
    expect(updates).toBe(50);
    expect(clock.now()).toBe(1);
    while (backend.motionState().status === 'active') await backend.sleep(0.5);
    expect(backend.motionState()).toMatchObject({ status: 'succeeded', progress: 1 });
    const { pose } = backend.readState();
    expect(Math.hypot(pose.x - 3, pose.y - 1.5)).toBeLessThanOrEqual(0.05);
    off();
    const seen = updates;
    await backend.sleep(1);
    expect(updates).toBe(seen);
  });

  it('stops, grips and charges through the engine', async () => {
    const { backend, world } = createSimulation({ scenario: 'warehouse', seed: 1 });
    backend.startMotion({ kind: 'rotate', angle: 3, limits });
    await backend.sleep(0.4);
    backend.stopMotion('enough');
    expect(backend.motionState()).toMatchObject({ status: 'failed', reason: 'enough' });
    backend.startGripper('grasp');
    expect(backend.gripperState()).toEqual({ status: 'active', action: 'grasp' });
    await backend.sleep(2);
    expect(backend.gripperState().reason).toMatch(/^nothing in reach/);
    const refused = backend.setCharging(true);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(/charging_dock/);
    Object.assign(world.robot, { x: 0.7, y: 7.2 });
    expect(backend.readState().onDock).toBe(true);
    expect(backend.setCharging(true)).toEqual({ ok: true });
    expect(backend.readState().charging).toBe(true);
  });

  it('estimates trip drain that grows with distance', () => {
    const { backend } = createSimulation({ scenario: 'warehouse', seed: 1 });
    expect(backend.estimateDrain(0)).toBeGreaterThan(0);
    expect(backend.estimateDrain(20)).toBeGreaterThan(backend.estimateDrain(10));
  });

  it('captures frames through an injected renderer, and says clearly when there is none', async () => {
    const bare = createSimulation({ scenario: 'warehouse', seed: 1 });
    expect(() => bare.backend.captureFrame()).toThrow(/no camera renderer/);
    const calls: Array<{ pose: unknown; time: number }> = [];
    const sim = createSimulation({
      scenario: 'warehouse',
      seed: 1,
      renderFrame: (world, pose, time): CameraFrame => {
        calls.push({ pose, time });
        return { width: 1, height: 1, rgb: new Uint8Array(3), pose, camera: world.config.camera, time };
      },
    });
    await sim.backend.sleep(0.5);
    const frame = sim.backend.captureFrame();
    expect(frame.time).toBe(0.5);
    expect(calls).toEqual([{ pose: { x: 1, y: 1, heading: 0 }, time: 0.5 }]);
  });

  it('uses a wall-clock-paced runner when asked for real time', () => {
    const sim = createSimulation({ scenario: 'empty', seed: 1, realtime: { wallClock: () => 0, delay: async () => {} } });
    expect(sim.runner).toBeInstanceOf(RealtimeRunner);
    expect(sim.backend).toBeInstanceOf(SimulatorBackend);
    expect(sim.backend.clock).toBe(sim.clock);
  });
});
