import { describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';

const openRuntime = runtimesClosedAfterEach();

/** What the robot put down is remembered where it put it: moving it again needs no search and no new id. */
describe('an object the robot put down', () => {
  it('is picked up again from where it was left, under the same id, without searching', async () => {
    const runtime = await openRuntime('warehouse', 2);
    const r = await runTestMission(runtime, 'pick up the blue cube, then put it in bin a, then put it on the shelf', new PlannerProvider(), { maxSteps: 60 });
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.world.objects.find((o) => o.id === 'blue_cube')!.zone).toBe('shelf');
    const calls = r.events.flatMap((e) => (e.type === 'tool_call_finished' ? [{ name: e.name, args: e.args as Record<string, unknown> }] : []));
    const firstRelease = calls.findIndex((c) => c.name === 'release_object');
    const after = calls.slice(firstRelease + 1);
    // (A drive may follow a drop: the planner looks back at what it put down to check it.)
    expect(after.filter((c) => c.name === 'scan_surroundings')).toEqual([]);
    expect(calls.filter((c) => c.name === 'approach_object').map((c) => c.args.object_id)).toEqual(['blue_cube#1', 'blue_cube#1']);
  }, 180_000);
});
