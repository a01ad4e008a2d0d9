import { afterEach, describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import type { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { openTestRuntime, runTestMission } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Everyday wording read into goals of new shapes (wording-dev-2.test.ts), carried out on the real
 * runtime (embedded server, simulator, ONNX detector) in a kitchen whose zones are named unlike
 * the built-in ones, and judged by the simulator's final truth.
 */
let runtime: MissionRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

/** The warehouse with its zones named as a kitchen's: the blue cube stands on the table, the rest on the floor. */
function kitchen(): string {
  const names: Record<string, string> = { shelf: 'counter', bin_a: 'sink', bin_b: 'table' };
  return warehouseScenarioFile('kitchen', (base) => ({
    ...base,
    zones: base.zones.map((z: { name: string }) => ({ ...z, name: names[z.name] ?? z.name })),
    objects: base.objects.map((o: { id: string }) => (o.id === 'blue_cube' ? { ...o, x: 7.2, y: 1.1 } : o)),
  }));
}

async function run(instruction: string) {
  runtime = await openTestRuntime(kitchen(), 1);
  return runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 80 });
}

type Run = Awaited<ReturnType<typeof run>>;
const released = (r: Run) => r.events.filter((e) => e.type === 'tool_call_finished' && e.name === 'release_object' && !e.isError);

describe('everyday wording on a kitchen map', { timeout: 300_000 }, () => {
  it('"grab whatever is on the table" picks up the one object on the table', async () => {
    const r = await run('grab whatever is on the table');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.world.robot.holding).toBe('blue_cube');
  });

  it('"how many are on the table" counts what is there without a kind said, and moves nothing', async () => {
    const r = await run('how many are on the table');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.summary).toMatch(/\b1\b|\bone\b/i);
    expect(r.world.objects.find((o) => o.id === 'blue_cube')!.zone).toBe('table');
    expect(r.world.robot.holding).toBeNull();
  });

  it('"take the blue cube off the table, then put it back" puts it back on the table', async () => {
    const r = await run('take the blue cube off the table, then put it back');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(released(r)).toHaveLength(1);
    expect(r.world.objects.find((o) => o.id === 'blue_cube')!.zone).toBe('table');
    expect(r.world.robot.holding).toBeNull();
  });

  it('"put it back where it was" with nothing said of where refuses before moving', async () => {
    const r = await run('put it back where it was');
    expect(r.outcome).toBe('failed');
    expect(r.summary).toMatch(/where it was before/);
    expect(r.steps).toBe(0);
  });

  it('"put the red cube in the sink and nothing else" delivers it and leaves the rest where it was', async () => {
    const r = await run('put the red cube in the sink and nothing else');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.world.objects.find((o) => o.id === 'red_cube')!.zone).toBe('sink');
    expect(r.world.objects.find((o) => o.id === 'blue_cube')!.zone).toBe('table');
    expect(released(r)).toHaveLength(1);
  });
  it('"put the red cube in the sink, then the blue one" carries the blue cube there too: the same command again', async () => {
    const r = await run('put the red cube in the sink, then the blue one');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.world.objects.find((o) => o.id === 'red_cube')!.zone).toBe('sink');
    expect(r.world.objects.find((o) => o.id === 'blue_cube')!.zone).toBe('sink');
    expect(released(r)).toHaveLength(2);
  });

  it('"put the red cube on the counter, no wait, the sink" carries it only to the sink', async () => {
    const r = await run('put the red cube on the counter, no wait, the sink');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.world.objects.find((o) => o.id === 'red_cube')!.zone).toBe('sink');
    expect(released(r)).toHaveLength(1);
  });

  it('"any cubes on the table?" looks and moves nothing there', async () => {
    const r = await run('any cubes on the table?');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.summary).toMatch(/blue/);
    expect(released(r)).toHaveLength(0);
    expect(r.world.objects.find((o) => o.id === 'red_cube')!.zone).not.toBe('table');
  });

  it('"then the green one" after a red cube means a green cube: there is none, and the robot says so', async () => {
    const r = await run('put the red cube in the sink, then the green one');
    expect(r.outcome).toBe('failed');
    expect(r.summary).toMatch(/green cube/);
    expect(r.world.objects.find((o) => o.id === 'green_ball')!.zone).not.toBe('sink');
  });

  it('"put the red cube in the sink and also on the table" refuses before moving', async () => {
    const r = await run('put the red cube in the sink and also on the table');
    expect(r.outcome).toBe('failed');
    expect(r.summary).toMatch(/two places/);
    expect(r.steps).toBe(0);
  });
});
