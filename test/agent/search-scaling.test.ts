import { afterEach, describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import type { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { openTestRuntime, runTestMission } from '../helpers/runtime.js';

/**
 * Search that scales: in a 20 x 15 m hall with racks, crates and a partition, the planner plans
 * its views from the map (coverage, not a fixed grid of waypoints) and takes each object as soon
 * as it is known. The CLI's default budget is 100 tool calls.
 */
const HALL = 'test/fixtures/scenarios/hall-20x15.json';
const DEFAULT_BUDGET = 100;

let runtimes: MissionRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes) await r.close();
  runtimes = [];
});

async function run(instruction: string) {
  const runtime = await openTestRuntime(HALL, 1);
  runtimes.push(runtime);
  return runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: DEFAULT_BUDGET });
}

describe('search in a 20 x 15 m hall', () => {
  it('puts all three green cubes in a bin within the default budget, each taken as soon as it is found', async () => {
    const r = await run('put all the green cubes in bin a');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.steps).toBeLessThanOrEqual(DEFAULT_BUDGET);
    const cubes = r.world.objects.filter((o) => o.color === 'green' && o.shape === 'cube');
    expect(cubes.map((o) => o.zone)).toEqual(['bin_a', 'bin_a', 'bin_a']);
    expect(r.world.objects.filter((o) => o.zone === 'bin_a')).toHaveLength(3);
    // The first cube is delivered before the whole hall has been searched.
    const names = r.events.flatMap((e) => (e.type === 'tool_call_finished' ? [e.name] : []));
    expect(names.indexOf('release_object')).toBeLessThan(names.lastIndexOf('scan_surroundings'));
  }, 180_000);

  it('finds one object in the far corner in at most 40 calls, and says how fresh the sighting is', async () => {
    const r = await run('find the yellow cylinder');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.steps).toBeLessThanOrEqual(40);
    const m = /\((-?[\d.]+), (-?[\d.]+)\)/.exec(r.summary)!;
    const truth = r.world.objects.find((o) => o.id === 'yellow_cylinder')!;
    expect(Math.hypot(Number(m[1]) - truth.x, Number(m[2]) - truth.y)).toBeLessThan(0.3);
    expect(r.summary).toMatch(/seen (just now|\d+ s ago)/);
  }, 180_000);

  it('searches the whole hall before saying an object is not there', async () => {
    const r = await run('find the red cube');
    expect(r.outcome).toBe('failed');
    expect(r.summary).toMatch(/searched the whole room/);
    expect(r.steps).toBeLessThanOrEqual(DEFAULT_BUDGET);
  }, 180_000);
});
