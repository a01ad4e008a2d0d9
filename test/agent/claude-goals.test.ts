import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../../src/agent/providers/anthropic.js';
import type { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { startFakeMessagesApi, toolUse, turn, type FakeMessagesApi, type FakeStep } from '../helpers/fake-messages-api.js';
import { openTestRuntime, runTestMission } from '../helpers/runtime.js';
import { BINS } from '../helpers/which-one-questions.js';

/**
 * Claude reports its goals with the outcome (#15): the real SDK against the local fake Messages
 * API, the real runtime. A success claimed while a goal it lists is unmet or not attempted is
 * recorded as failed; the goals reach the mission_finished event as reported.
 */
let api: FakeMessagesApi | undefined;
let runtime: MissionRuntime | undefined;
afterEach(async () => {
  await api?.close();
  await runtime?.close();
  api = runtime = undefined;
});

async function claudeMission(instruction: string, report: Record<string, unknown>) {
  const script: FakeStep[] = [
    turn([toolUse('arm', {}), toolUse('navigate_to_zone', { zone: 'bin_a' })], { stop_reason: 'tool_use' }),
    turn([toolUse('report_mission_outcome', report)], { stop_reason: 'tool_use' }),
  ];
  api = await startFakeMessagesApi(script);
  runtime = await openTestRuntime('warehouse', 1);
  const provider = new AnthropicProvider({ apiKey: 'sk-ant-test', baseURL: api.baseURL, maxRetries: 0 });
  return runTestMission(runtime, instruction, provider);
}

const finished = (run: Awaited<ReturnType<typeof claudeMission>>) => run.events.find((e) => e.type === 'mission_finished');

describe('report_mission_outcome with goals (Claude)', () => {
  it('records a claimed success with a goal not attempted as failed, and keeps the goals', async () => {
    const goals = [
      { text: 'robot in bin_a', status: 'met', evidence: 'get_robot_status reads zone bin_a' },
      { text: 'red cube in bin_a', status: 'not_attempted', evidence: 'ran out of ideas' },
    ];
    const run = await claudeMission('put the red cube in bin a', { outcome: 'succeeded', summary: 'Done.', goals });
    expect(run.outcome).toBe('failed');
    expect(run.summary).toBe('Done. (reported as succeeded, but "red cube in bin_a" was not attempted)');
    expect(run.goals).toEqual(goals);
    expect(finished(run)).toMatchObject({ outcome: 'failed', goals });
    // The robot really is in bin_a: only the goal that did not hold made it a failure.
    expect(run.world.robot.zone).toBe('bin_a');
  });

  it('records a success whose goals all hold as succeeded', async () => {
    const goals = [{ text: 'robot in bin_a', status: 'met', evidence: 'get_robot_status reads zone bin_a' }];
    const run = await claudeMission('go to bin a', { outcome: 'succeeded', summary: 'At bin A.', goals });
    expect(run.outcome).toBe('succeeded');
    expect(run.goals).toEqual(goals);
  });

  it('answers a malformed goal list with invalid_argument, so the model can report again', async () => {
    api = await startFakeMessagesApi([
      turn([toolUse('report_mission_outcome', { outcome: 'succeeded', summary: 'Done.', goals: [{ text: 'x', status: 'sort of' }] })], { stop_reason: 'tool_use' }),
      turn([toolUse('report_mission_outcome', { outcome: 'failed', summary: 'Could not check.', goals: [] })], { stop_reason: 'tool_use' }),
    ]);
    runtime = await openTestRuntime('warehouse', 1);
    const run = await runTestMission(runtime, 'go to bin a', new AnthropicProvider({ apiKey: 'sk-ant-test', baseURL: api.baseURL, maxRetries: 0 }));
    expect(run.outcome).toBe('failed');
    expect(run.summary).toBe('Could not check.');
    const second = JSON.stringify(api.answered[1]!.body.messages.at(-1));
    expect(second).toMatch(/invalid_argument/);
    expect(second).toMatch(/goals must be a list/);
  });

  it('carries a question Claude asks with a failure to the mission_finished event, as the planner\'s does', async () => {
    const question = BINS;
    const run = await claudeMission('go to the bin', { outcome: 'failed', summary: 'There are two bins.', goals: [], question });
    expect(run.outcome).toBe('failed');
    expect(run.question).toEqual(question);
    expect(finished(run)).toMatchObject({ outcome: 'failed', question });
    // The tool's schema, as the real SDK sent it, offers the question to the model.
    expect(JSON.stringify(api!.answered[0]!.body.tools)).toMatch(/"question":\{"type":"object"/);
  });
});
