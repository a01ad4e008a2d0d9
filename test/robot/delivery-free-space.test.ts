import { describe, expect, it } from 'vitest';
import { createSimulatedRobot, type SimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { sharedDetector } from '../helpers/shared-detector.js';

/**
 * Deliveries into a zone find free space in it (#15): the drop aims at a spot clear of what the
 * robot remembers there, not always at the centre, and a zone with no such spot left is refused
 * as full, with a code, before anything moves.
 */
async function robotIn(binSize?: number): Promise<SimulatedRobot> {
  const warehouse = loadScenario('warehouse');
  const scenario = binSize ? { ...warehouse, zones: warehouse.zones.map((z) => (z.name === 'bin_a' ? { ...z, width: binSize, depth: binSize } : z)) } : warehouse;
  const sr = createSimulatedRobot({ scenario, seed: 1, sharedDetector: await sharedDetector() });
  sr.robot.arm();
  return sr;
}

/** Looks from `from` towards the object, then approaches and grasps it. */
async function fetch(sr: SimulatedRobot, label: string, from: { x: number; y: number; heading: number }) {
  await sr.robot.waitFor(sr.robot.navigateTo(from));
  await sr.robot.detect();
  const seen = sr.robot.seenObjects().find((o) => o.label === label);
  expect(seen, label).toBeDefined();
  await sr.robot.waitFor(sr.robot.approach({ objectId: seen!.id }));
  await sr.robot.waitFor(sr.robot.grasp(seen!.id));
  expect(sr.robot.holding).toBe(seen!.id);
}

describe('delivering into a zone', () => {
  it('puts a second object beside the first, not on it', async () => {
    const sr = await robotIn();
    await fetch(sr, 'blue_cube', { x: 2.6, y: 1.3, heading: 0 });
    await sr.robot.waitFor(sr.robot.deliver('bin_a'));
    await fetch(sr, 'red_cube', { x: 6.2, y: 4.6, heading: 90 });
    const second = sr.robot.deliver('bin_a');
    await sr.robot.waitFor(second);
    expect(second.status, second.error).toBe('succeeded');
    const blue = sr.sim.world.object('blue_cube')!;
    const red = sr.sim.world.object('red_cube')!;
    expect(sr.sim.world.zoneAt(blue)?.name).toBe('bin_a');
    expect(sr.sim.world.zoneAt(red)?.name).toBe('bin_a');
    expect(Math.hypot(blue.x - red.x, blue.y - red.y)).toBeGreaterThanOrEqual(0.2);
  });

  it('refuses a full zone as full, before moving', async () => {
    const sr = await robotIn(0.4);
    await fetch(sr, 'blue_cube', { x: 2.6, y: 1.3, heading: 0 });
    const first = sr.robot.deliver('bin_a');
    await sr.robot.waitFor(first);
    expect(first.status, first.error).toBe('succeeded');
    await fetch(sr, 'red_cube', { x: 6.2, y: 4.6, heading: 90 });
    const before = { ...sr.sim.backend.readState().pose };
    let code: string | undefined;
    let message = '';
    try {
      await sr.robot.waitFor(sr.robot.deliver('bin_a'));
    } catch (e) {
      code = (e as { code?: string }).code;
      message = (e as Error).message;
    }
    expect(code).toBe('zone_full');
    expect(message).toMatch(/^bin_a is full: no spot in it is 0\.25 m from the 1 object\(s\) already there$/);
    expect(sr.sim.backend.readState().pose).toEqual(before);
    expect(sr.robot.holding).not.toBeNull();
  });
});
