import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Putting things in a zone on the real runtime (embedded server, simulator, ONNX detector),
 * judged by the simulator's truth: the drop is aimed at free floor the base can reach, from a
 * pose the planner drives to first; a zone with no free floor left is said to be full and nothing
 * is dropped; the check afterwards is a fresh look from where the camera sees the spot.
 */
const openRuntime = runtimesClosedAfterEach();

type Call = { name: string; args: Record<string, unknown>; isError: boolean; data: Record<string, any> };
function calls(run: Awaited<ReturnType<typeof runTestMission>>): Call[] {
  return run.events.flatMap((e) => (e.type === 'tool_call_finished' ? [{ name: e.name, args: e.args, isError: e.isError, data: (e.result.structuredContent ?? {}) as Record<string, any> }] : []));
}

describe('putting an object in a zone', { timeout: 300_000 }, () => {
  it('behind a wall in the office corridor: drives to a pose facing free floor in the kitchen, releases there, and sees it there', async () => {
    const runtime = await openRuntime(join(import.meta.dirname, '../../bench/agent-suite/scenarios/office-corridor.json'), 1);
    const run = await runTestMission(runtime, 'put the red ball in the kitchen', new PlannerProvider(), { maxSteps: 80 });
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.find((o) => o.id === 'red_ball')!.zone).toBe('kitchen');
    const all = calls(run);
    const release = all.findIndex((c) => c.name === 'release_object');
    expect(all[release]).toMatchObject({ args: { zone: 'kitchen' }, isError: false });
    // The drive that put it in reach is the planner's, facing the spot; the release needed no drive of its own.
    expect(all[release - 1]).toMatchObject({ name: 'navigate_to', isError: false });
    expect(typeof all[release - 1]!.args.heading).toBe('number');
    expect(all.filter((c) => c.name === 'release_object')).toHaveLength(1);
    expect(run.goals).toContainEqual(expect.objectContaining({ status: 'met', evidence: expect.stringMatching(/red_ball#\d+ seen at .* in kitchen/) }));
  });

  it('into a zone with no free floor left: says it is full, and nothing is dropped', async () => {
    // bin_a shrunk to 0.5 m with a cylinder on its middle; the robot starts facing it.
    const file = warehouseScenarioFile('full-bin', (s) => ({
      ...s,
      zones: s.zones.map((z: any) => (z.name === 'bin_a' ? { ...z, width: 0.5, depth: 0.5 } : z)),
      objects: s.objects.map((o: any) => (o.id === 'yellow_cylinder' ? { ...o, x: 8.9, y: 1.0 } : o)),
      robot: { ...s.robot, x: 7.5, y: 1.0, heading: 0 },
    }));
    const runtime = await openRuntime(file, 1);
    const run = await runTestMission(runtime, 'put the blue cube in bin a', new PlannerProvider(), { maxSteps: 60 });
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/bin_a is full/);
    expect(calls(run).filter((c) => c.name === 'release_object')).toEqual([]);
    expect(run.world.objects.find((o) => o.id === 'yellow_cylinder')).toMatchObject({ x: 8.9, y: 1.0 });
    expect(run.world.objects.find((o) => o.id === 'blue_cube')!.zone).not.toBe('bin_a');
  });
});
