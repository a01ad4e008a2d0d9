import { performance } from 'node:perf_hooks';
import type { MissionEvent } from '../../src/agent/mission-events.js';
import type { ModelProvider } from '../../src/agent/model-provider.js';
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
