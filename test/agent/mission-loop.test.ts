import { describe, expect, it, vi } from 'vitest';
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { readFailure } from '../../src/mcp/tool-result.js';
import { ScriptedProvider } from '../helpers/scripted-provider.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';

const open = runtimesClosedAfterEach();
/** The failure code a tool result carries to the model: JSON in its last text block. */
const failureCode = (result: ToolResultBlockParam) => JSON.parse((result.content as Array<{ text: string }>).at(-1)!.text).error.code as string;
const lastResults = (p: ScriptedProvider, i: number) => (p.requests[i]!.messages.at(-1)!.content as ToolResultBlockParam[]);

describe('the mission loop', () => {
  it('offers the MCP tools faithfully plus the outcome tool, and ends on the reported outcome', async () => {
    const runtime = await open();
    const p: ScriptedProvider = new ScriptedProvider([() => [{ type: 'text', text: 'Checking.' }, p.use('get_robot_status')], () => [p.report('succeeded', 'All good.')]]);
    const run = await runTestMission(runtime, 'how are you', p);
    expect(run.outcome).toBe('succeeded');
    expect(run.summary).toBe('All good.');
    expect(run.steps).toBe(1);
    const tools = p.requests[0]!.tools;
    const nav = tools.find((t) => t.name === 'navigate_to')!;
    expect(nav.description).toMatch(/collision-free path/);
    expect((nav.input_schema as { properties: Record<string, unknown> }).properties).toHaveProperty('x');
    expect(tools.map((t) => t.name)).toContain('report_mission_outcome');
    expect(p.requests[0]!.system).toMatch(/Map \(JSON\): \{"width":10/);
    expect(run.usage.inputTokens).toBe(200);
  });

  it('returns tool errors to the model as is_error results it can act on', async () => {
    const runtime = await open();
    const p: ScriptedProvider = new ScriptedProvider([() => [p.use('navigate_to', { x: 3, y: 1 })], () => [p.use('arm'), p.use('navigate_to', { x: 3, y: 1 })], () => [p.report('succeeded', 'moved')]]);
    const run = await runTestMission(runtime, 'move', p);
    const first = lastResults(p, 1)[0]!;
    expect(first.is_error).toBe(true);
    expect(JSON.stringify(first.content)).toMatch(/disarmed; call arm first/);
    expect(lastResults(p, 2).every((r) => !r.is_error)).toBe(true);
    expect(run.outcome).toBe('succeeded');
    expect(run.world.robot.x).toBeCloseTo(3, 1);
  });

  it('runs independent read-only calls together and motion calls in order', async () => {
    const runtime = await open();
    const p: ScriptedProvider = new ScriptedProvider([
      () => [p.use('get_robot_status'), p.use('list_parameters'), p.use('get_state'), p.use('arm'), p.use('navigate_to', { x: 2, y: 1.5 }), p.use('get_state')],
      () => [p.report('succeeded', 'ok')],
    ]);
    const run = await runTestMission(runtime, 'x', p);
    const order = run.events.filter((e) => e.type === 'tool_call_started' || e.type === 'tool_call_finished').map((e) => `${e.type === 'tool_call_started' ? '+' : '-'}${(e as { name: string }).name}`);
    // The three reads start before any of them finishes; arm and navigate each run alone.
    expect(order.slice(0, 3)).toEqual(['+get_robot_status', '+list_parameters', '+get_state']);
    expect(order.slice(6)).toEqual(['+arm', '-arm', '+navigate_to', '-navigate_to', '+get_state', '-get_state']);
    // Results come back in the order the model asked.
    expect(lastResults(p, 1).map((r) => r.tool_use_id)).toEqual(['toolu_s1', 'toolu_s2', 'toolu_s3', 'toolu_s4', 'toolu_s5', 'toolu_s6']);
  });

  it('aborts on the step budget and leaves the robot stopped', async () => {
    const runtime = await open();
    const p: ScriptedProvider = new ScriptedProvider([() => [p.use('arm')], () => [p.use('navigate_to', { x: 8, y: 2, wait: false })], () => [p.use('get_state')]]);
    const run = await runTestMission(runtime, 'x', p, { maxSteps: 2 });
    expect(run.outcome).toBe('aborted');
    expect(run.summary).toMatch(/step budget of 2 tool calls/);
    // It says what was done, not only that it stopped.
    expect(run.summary).toMatch(/Done so far: arm ×1, navigate_to ×1 worked$/);
    const { robot, sim } = runtime.simRobot;
    expect(robot.operations.list()[0]!.status).toBe('cancelled');
    await sim.backend.sleep(2);
    expect(Math.abs(sim.backend.readState().linear)).toBeLessThan(1e-9);
  });

  it('aborts on the token budget', async () => {
    const runtime = await open();
    const p: ScriptedProvider = new ScriptedProvider([() => [p.use('get_state')], () => [p.use('get_state')], () => [p.use('get_state')]]);
    const run = await runTestMission(runtime, 'x', p, { maxTotalTokens: 200 });
    expect(run.outcome).toBe('aborted');
    expect(run.summary).toMatch(/token budget of 200/);
  });

  it('on cancel, cancels the running operation and stops the robot', async () => {
    const runtime = await open();
    const ctrl = new AbortController();
    const p: ScriptedProvider = new ScriptedProvider([() => [p.use('arm'), p.use('navigate_to', { x: 8.5, y: 5 })], () => [p.report('succeeded', 'never')]]);
    const stop = runtime.simRobot.robot.watch((topic) => {
      if (topic === 'pose' && runtime.simRobot.sim.clock.now() > 3) ctrl.abort();
    });
    const run = await runTestMission(runtime, 'x', p, { signal: ctrl.signal });
    stop();
    expect(run.outcome).toBe('aborted');
    const navigation = run.events.find((e) => e.type === 'tool_call_finished' && e.name === 'navigate_to');
    expect(navigation?.type === 'tool_call_finished' && readFailure(navigation.result)?.code).toBe('cancelled');
    const { robot, sim } = runtime.simRobot;
    expect(robot.operations.list()[0]!.status).toBe('cancelled');
    expect(robot.state).toBe('STOPPING'); // braking
    await sim.backend.sleep(2);
    expect(Math.abs(sim.backend.readState().linear)).toBeLessThan(1e-9);
    expect(robot.state).toBe('IDLE');
  });

  it('refuses confirmation-needing tools without --yes, and runs them with it', async () => {
    for (const [confirmation, allowed] of [[{ mode: 'refuse' }, false], [{ mode: 'approve-all' }, true], [{ mode: 'ask', ask: async () => false }, false]] as const) {
      const runtime = await open();
      const p: ScriptedProvider = new ScriptedProvider([() => [p.use('emergency_stop')], () => [p.use('reset_emergency_stop')], () => [p.report('succeeded', 'done')]]);
      const run = await runTestMission(runtime, 'x', p, { confirmation });
      const result = lastResults(p, 2)[0]!;
      expect(result.is_error === true, JSON.stringify(confirmation)).toBe(!allowed);
      if (confirmation.mode === 'refuse') expect(JSON.stringify(result.content)).toMatch(/--yes/);
      // Nobody there to ask is a different refusal from a person who said no.
      if (!allowed) expect(failureCode(result)).toBe(confirmation.mode === 'refuse' ? 'confirmation_required' : 'confirmation_declined');
      expect(runtime.simRobot.robot.emergencyStopped).toBe(!allowed);
      expect(run.events.some((e) => e.type === 'confirmation' && e.approved === allowed)).toBe(true);
    }
  });

  it('never invents success: no report means failed, and a refusal is failed', async () => {
    const runtime = await open();
    const silent = new ScriptedProvider([() => [{ type: 'text', text: 'I think it is done.' }]]);
    const run = await runTestMission(runtime, 'x', silent);
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/ended without reporting an outcome/);
    const refusing = new ScriptedProvider([() => ({ content: [{ type: 'text', text: 'No.' }], stopReason: 'refusal' })]);
    expect((await runTestMission(runtime, 'x', refusing)).outcome).toBe('failed');
  });

  it('checks arguments against the listed input schema and answers invalid_argument without calling the server', async () => {
    const runtime = await open();
    const sent = vi.spyOn(runtime.hub, 'callTool');
    const p: ScriptedProvider = new ScriptedProvider([
      () => [p.use('navigate_to', { x: 3 }), p.use('navigate_to', { x: 'three', y: 1 }), p.use('navigate_to', { x: 3, y: 1, speed: 2 }), p.use('get_state')],
      () => [p.report('failed', 'bad arguments')],
    ]);
    await runTestMission(runtime, 'x', p);
    const [missing, wrongType, unexpected, fine] = lastResults(p, 1);
    const firstText = (r: ToolResultBlockParam) => (r.content as Array<{ text: string }>)[0]!.text;
    for (const [result, names] of [[missing!, /navigate_to: .*required property 'y'/], [wrongType!, /navigate_to: x must be number/], [unexpected!, /unexpected: speed/]] as const) {
      expect(result.is_error).toBe(true);
      expect(failureCode(result)).toBe('invalid_argument');
      expect(firstText(result)).toMatch(names);
      expect(firstText(result)).not.toMatch(/\n/);
    }
    expect(fine!.is_error).toBeFalsy();
    expect(sent.mock.calls.map((c) => c[0])).toEqual(['get_state']);
  });

  it('answers a malformed outcome report with an invalid_argument failure and goes on', async () => {
    const runtime = await open();
    const p: ScriptedProvider = new ScriptedProvider([() => [p.use('report_mission_outcome', { outcome: 'maybe', summary: '' })], () => [p.report('succeeded', 'done')]]);
    const run = await runTestMission(runtime, 'x', p);
    const result = lastResults(p, 1)[0]!;
    expect(result.is_error).toBe(true);
    expect(failureCode(result)).toBe('invalid_argument');
    expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/needs outcome "succeeded" or "failed" and a non-empty summary/);
    expect(run.outcome).toBe('succeeded');
  });

  it('reports unknown tools back to the model', async () => {
    const runtime = await open();
    const p: ScriptedProvider = new ScriptedProvider([() => [p.use('teleport', { to: 'moon' })], () => [p.report('failed', 'cannot teleport')]]);
    await runTestMission(runtime, 'x', p);
    const result = lastResults(p, 1)[0]!;
    expect(result.is_error).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/unknown tool "teleport"/);
    expect(failureCode(result)).toBe('unknown_tool');
  });
});
