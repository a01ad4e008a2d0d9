import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../src/sim/sim-backend.js';
import { FULL_SPEED } from './sim-fixtures.js';

/** A fixed mission: drive, grasp, carry, release, turn, with sleeps of uneven lengths. */
async function mission(seed: number): Promise<{ hash: string; trace: string[] }> {
  const sim = createSimulation({ scenario: 'warehouse', seed });
  const b = sim.backend;
  const trace: string[] = [];
  const waitMotion = async () => {
    while (b.motionState().status === 'active') await b.sleep(0.3);
    trace.push(`${sim.clock.now()} ${b.motionState().status} ${JSON.stringify(b.readState().pose)}`);
  };
  const waitGripper = async () => {
    while (b.gripperState().status === 'active') await b.sleep(0.7);
    trace.push(`${sim.clock.now()} ${JSON.stringify(b.gripperState())}`);
  };
  b.startMotion({ kind: 'goto', target: { x: 4.24, y: 1.3 }, heading: 0, limits: FULL_SPEED });
  await waitMotion();
  b.startGripper('grasp');
  await waitGripper();
  b.startMotion({ kind: 'goto', target: { x: 6.82, y: 1.6 }, heading: -Math.PI / 2, limits: { ...FULL_SPEED, maxLinear: 0.6 } });
  await waitMotion();
  b.startGripper('release');
  await waitGripper();
  b.startMotion({ kind: 'rotate', angle: 3, limits: FULL_SPEED });
  await b.sleep(0.9);
  b.stopMotion('changed my mind');
  await b.sleep(2);
  return { hash: sim.world.stateHash(), trace };
}

describe('determinism', () => {
  it('gives byte-identical results for the same scenario, seed and commands', async () => {
    const first = await mission(7);
    const second = await mission(7);
    expect(second.trace).toEqual(first.trace);
    expect(second.hash).toBe(first.hash);
    expect(first.trace.filter((t) => t.includes('succeeded'))).toHaveLength(4);
  });
});
