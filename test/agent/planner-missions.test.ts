import { describe, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';
import { PLANNER_MISSIONS, scenarioOf } from './planner-mission-suite.js';

/** The offline planner's mission suite on the real runtime (simulator, robot, embedded MCP server). */
const openRuntime = runtimesClosedAfterEach();

describe('the offline planner carries out missions', () => {
  it.each(PLANNER_MISSIONS.map((m) => [m.name, m] as const))('%s', async (_name, m) => {
    const runtime = await openRuntime(scenarioOf(m), m.seed ?? 1);
    m.check(await runTestMission(runtime, m.instruction, new PlannerProvider(), { maxSteps: 80 }));
  });
});
