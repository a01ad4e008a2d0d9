import { afterEach, describe, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import type { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { openTestRuntime, runTestMission } from '../helpers/runtime.js';
import { PLANNER_MISSIONS, scenarioOf } from './planner-mission-suite.js';

/** The offline planner's mission suite on the real runtime (simulator, robot, embedded MCP server). */
let runtimes: MissionRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes) await r.close();
  runtimes = [];
});

describe('the offline planner carries out missions', () => {
  it.each(PLANNER_MISSIONS.map((m) => [m.name, m] as const))('%s', async (_name, m) => {
    const runtime = await openTestRuntime(scenarioOf(m), m.seed ?? 1);
    runtimes.push(runtime);
    m.check(await runTestMission(runtime, m.instruction, new PlannerProvider(), { maxSteps: 80 }));
  });
});
