import { performance } from 'node:perf_hooks';
import { afterEach } from 'vitest';
import type { MissionEvent } from '../../src/agent/mission-events.js';
import type { ModelProvider } from '../../src/agent/model-provider.js';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import type { ConfirmationPolicy } from '../../src/agent/tool-host.js';
import type { ServerConfig } from '../../src/config/config-file.js';
import { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { sharedDetector } from './shared-detector.js';

/** A real runtime (simulator, robot, embedded MCP server, hub) for agent tests. */
export async function openTestRuntime(scenario = 'warehouse', seed = 1, servers: ServerConfig[] = []): Promise<MissionRuntime> {
  return MissionRuntime.open({
    scenario: loadScenario(scenario),
    seed,
    sharedDetector: await sharedDetector(),
    servers,
    wallClock: () => Date.UTC(2026, 10, 22, 12),
    version: '0.0.0-test',
  });
}

/**
 * openTestRuntime for a test file whose runtimes are closed after the test that opened them (call
 * at the top of the file: it registers the afterEach hook).
 */
export function runtimesClosedAfterEach(): typeof openTestRuntime {
  const runtimes: MissionRuntime[] = [];
  afterEach(async () => {
    for (const r of runtimes.splice(0)) await r.close();
  });
  return async (...args) => {
    const runtime = await openTestRuntime(...args);
    runtimes.push(runtime);
    return runtime;
  };
}

export async function runTestMission(
  runtime: MissionRuntime,
  instruction: string,
  provider: ModelProvider,
  opts: { maxSteps?: number; confirmation?: ConfirmationPolicy; signal?: AbortSignal; maxTotalTokens?: number } = {},
) {
  const events: MissionEvent[] = [];
  const result = await runtime.runMission({
    instruction,
    provider,
    maxSteps: opts.maxSteps ?? 60,
    maxTotalTokens: opts.maxTotalTokens,
    confirmation: opts.confirmation ?? { mode: 'refuse' },
    signal: opts.signal,
    onEvent: (e) => void events.push(e),
    wallMs: () => performance.now(),
  });
  return { ...result, events };
}

/** A tool call a mission finished, as its events tell it. */
export interface FinishedCall {
  name: string;
  args: unknown;
  isError: boolean;
}

/**
 * Offline-planner missions on the real runtime, each on a fresh one that is closed after the test
 * (call at the top of a test file: it registers the afterEach hook). The returned function runs
 * one and gives its result with the tool calls it finished, in order.
 */
export function plannerMissions(opts: { maxSteps?: number } = {}) {
  const openRuntime = runtimesClosedAfterEach();
  return async (scenario: string, seed: number, instruction: string) => {
    const runtime = await openRuntime(scenario, seed);
    const run = await runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: opts.maxSteps ?? 120 });
    const calls: FinishedCall[] = run.events.flatMap((e) => (e.type === 'tool_call_finished' ? [{ name: e.name, args: e.args, isError: e.isError }] : []));
    return { run, calls };
  };
}
