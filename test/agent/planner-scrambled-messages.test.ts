import { createHash } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { failureResult, readFailure } from '../../src/mcp/tool-result.js';
import type { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { openTestRuntime, runTestMission } from '../helpers/runtime.js';
import { PLANNER_MISSIONS, scenarioOf, type MissionRun } from './planner-mission-suite.js';

/**
 * The planner reads codes, never prose. The whole mission suite again, with every human-readable
 * robot message replaced by a scramble on its way from the robot's MCP server to the agent loop:
 * each text block of a tool result and every prose field of its structured content (the
 * failure's `message`, operation messages, parameter descriptions). Codes, ids and numbers stay.
 * The missions must still succeed, judged by the ground truth as in planner-missions.test.ts.
 */
const PROSE_KEYS = new Set(['message', 'description', 'error']);
const SCRAMBLED = /^~[0-9a-f]{16}$/;

/** Deterministic, and shares no word with the text it replaces. */
function scramble(text: string): string {
  return `~${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

function scrambleProse(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return PROSE_KEYS.has(key) ? scramble(value) : value;
  if (Array.isArray(value)) return value.map((v) => scrambleProse(v));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrambleProse(v, k)]));
  return value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function scrambleResult(result: CallToolResult): CallToolResult {
  const content = result.content.map((c) => {
    if (c.type !== 'text') return c;
    const json = parseJson(c.text);
    return { ...c, text: typeof json === 'object' && json !== null ? JSON.stringify(scrambleProse(json)) : scramble(c.text) };
  });
  return { ...result, content, ...(result.structuredContent ? { structuredContent: scrambleProse(result.structuredContent) as Record<string, unknown> } : {}) };
}

/** Every tool result the mission loop receives from this runtime's MCP hub is scrambled. */
function scrambleMessagesOf(runtime: MissionRuntime): void {
  const callTool = runtime.hub.callTool.bind(runtime.hub);
  vi.spyOn(runtime.hub, 'callTool').mockImplementation(async (...args) => scrambleResult(await callTool(...args)));
}

/** The text blocks of the tool results the loop saw that are neither scrambled nor JSON. */
function unscrambledTexts(run: MissionRun): string[] {
  return run.events.flatMap((e) =>
    e.type === 'tool_call_finished' ? e.result.content.flatMap((c) => (c.type === 'text' && !SCRAMBLED.test(c.text) && parseJson(c.text) === undefined ? [c.text] : [])) : [],
  );
}

let runtimes: MissionRuntime[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const r of runtimes) await r.close();
  runtimes = [];
});

describe('the scramble', () => {
  it('replaces a failure message and keeps its code and details', () => {
    const result = scrambleResult(failureResult('object_relabelled', 'red_cube#1 now goes by red_cube#3', { renamed_to: 'red_cube#3' }));
    const failure = readFailure(result)!;
    expect(failure).toMatchObject({ code: 'object_relabelled', renamed_to: 'red_cube#3' });
    expect(failure.message).toMatch(SCRAMBLED);
    expect(JSON.stringify(result)).not.toMatch(/goes by/);
  });
});

describe('the offline planner with every robot message scrambled', () => {
  it.each(PLANNER_MISSIONS.map((m) => [m.name, m] as const))('%s', async (_name, m) => {
    const runtime = await openTestRuntime(scenarioOf(m), m.seed ?? 1);
    runtimes.push(runtime);
    scrambleMessagesOf(runtime);
    const run = await runTestMission(runtime, m.instruction, new PlannerProvider(), { maxSteps: 80 });
    expect(unscrambledTexts(run)).toEqual([]);
    m.check(run);
  });
});
