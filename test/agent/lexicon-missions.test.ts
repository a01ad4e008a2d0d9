import { afterEach, describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import type { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { openTestRuntime, runTestMission } from '../helpers/runtime.js';

/**
 * Words the planner does not list, read through WordNet, on the real runtime (simulator, robot,
 * embedded MCP server, the detector): the mission is judged by the final ground-truth world, and
 * the summary says how the words were read.
 */
let runtime: MissionRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function run(instruction: string) {
  runtime = await openTestRuntime('warehouse', 1);
  return runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 80 });
}

/** What the planner said along the way: the narration of its turns. */
const said = (r: Awaited<ReturnType<typeof run>>) =>
  r.events.flatMap((e) => (e.type === 'model_turn' ? e.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])) : [])).join(' ');

describe('missions worded with words the planner does not list', () => {
  it('"lug the amber tin over to the shelf" carries the yellow cylinder to the shelf', async () => {
    const r = await run('lug the amber tin over to the shelf');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.world.objects.find((o) => o.id === 'yellow_cylinder')!.zone).toBe('shelf');
    expect(said(r)).toMatch(/reading 'lug' as 'carry'.*'amber' as 'yellow'.*'tin' as 'cylinder'/i);
  });

  it('"snatch the emerald orb" picks up the green ball', async () => {
    const r = await run('snatch the emerald orb');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.world.robot.holding).toBe('green_ball');
  });

  it('"grab the lime orb" picks up the green ball: lime, a shade WordNet records only as a fruit, is green', async () => {
    const r = await run('grab the lime orb');
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.world.robot.holding).toBe('green_ball');
  });

  it('"grab the teal cube" refuses before moving: teal is blue-green, no colour the detector knows', async () => {
    const r = await run('grab the teal cube');
    expect(r.outcome).toBe('failed');
    expect(r.summary).toMatch(/teal cube/);
    expect(r.steps).toBe(0);
    expect(r.world.robot.holding).toBeNull();
  });
});
