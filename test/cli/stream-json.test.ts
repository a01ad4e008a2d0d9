import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/cli/run-report.js';
import type { StreamEvent } from '../../src/cli/stream-events.js';
import { startFakeMessagesApi, toolUse, turn, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { runBuilt } from '../helpers/run-built.js';
import { runCli } from '../helpers/run-cli.js';

const stateHome = mkdtempSync(join(tmpdir(), 'ra-stream-state-'));

/** The built program as a user runs it, its stdout a pipe read as the program writes. */
const spawnRun = async (args: string[]) => {
  const run = await runBuilt(['run', ...args], { cwd: process.cwd(), env: { XDG_STATE_HOME: stateHome }, chunks: true });
  return { ...run, chunks: run.chunks! };
};

const parseLines = (text: string): StreamEvent[] =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as StreamEvent);

/** A report without what the wall clock decides. */
function withoutWallTimes(report: RunReport): unknown {
  const { wallMs: _w, missionWallMs: _m, ...rest } = report;
  return { ...rest, toolCalls: report.toolCalls.map(({ durationMs: _d, ...call }) => call) };
}

let fakes: FakeMessagesApi[] = [];
afterEach(async () => {
  for (const f of fakes) await f.close();
  fakes = [];
});

describe('robot-agent run --output stream-json', () => {
  it('prints the mission as JSON events in order, with the navigation progress, ending with the --json report', async () => {
    const args = ['go to bin b', '--seed', '2', '--no-record'];
    const [streamed, reported] = await Promise.all([spawnRun([...args, '--output', 'stream-json']), spawnRun([...args, '--json'])]);
    expect(streamed.code, streamed.stderr).toBe(0);
    expect(streamed.stderr).toBe('');
    const events = parseLines(streamed.stdout);

    expect(events[0]).toMatchObject({ type: 'mission_started', instruction: 'go to bin b', scenario: 'warehouse', seed: 2, provider: 'planner', model: expect.any(String) });
    expect(events[0]).toHaveProperty('tools', expect.arrayContaining(['navigate_to_zone']));
    expect(events).toContainEqual({ type: 'narration', text: 'Going to bin_b.' });

    // Every call: started, then its progress, then finished; nothing of it before it started or after it finished.
    const calls = new Map<string, string[]>();
    for (const e of events) if ('callId' in e) calls.set(e.callId, [...(calls.get(e.callId) ?? []), e.type]);
    for (const [callId, seq] of calls) {
      expect(seq[0], callId).toBe('tool_call_started');
      expect(seq.at(-1), callId).toBe('tool_call_finished');
      expect(seq.slice(1, -1).every((t) => t === 'tool_call_progress'), callId).toBe(true);
    }
    const progress = events.filter((e): e is Extract<StreamEvent, { type: 'tool_call_progress' }> => e.type === 'tool_call_progress');
    expect(progress.length).toBeGreaterThan(5);
    expect(new Set(progress.map((p) => p.name))).toEqual(new Set(['navigate_to_zone']));
    for (const p of progress) {
      expect(p.total).toBe(100);
      expect(p.message).toMatch(/^\d+(\.\d+)? m to go$/);
    }
    const metres = progress.map((p) => Number.parseFloat(p.message!));
    expect(metres).toEqual([...metres].sort((a, b) => b - a));
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));

    const nav = events.find((e) => e.type === 'tool_call_finished' && e.name === 'navigate_to_zone');
    expect(nav).toMatchObject({ isError: false, result: expect.stringMatching(/^navigation to bin_b succeeded/), simSeconds: expect.any(Number) });
    expect(nav).not.toHaveProperty('truncated');

    // The last line is the mission's report, the same as --json prints (but for wall-clock times).
    const last = events.at(-1)!;
    expect(last.type).toBe('mission_finished');
    const report = (last as Extract<StreamEvent, { type: 'mission_finished' }>).report;
    expect(reported.code).toBe(0);
    expect(withoutWallTimes(report)).toEqual(withoutWallTimes(JSON.parse(reported.stdout) as RunReport));
    const finishedCalls = events.flatMap((e) => (e.type === 'tool_call_finished' ? [(({ type: _t, callId: _c, ...call }) => call)(e)] : []));
    expect(report.toolCalls).toEqual(finishedCalls);
  });

  it('writes each event when it happens: a realtime drive streams its progress before it finishes', async () => {
    const run = await spawnRun(['go to bin b', '--realtime', '--no-record', '--output', 'stream-json']);
    expect(run.code, run.stderr).toBe(0);
    // Which pipe read each event arrived in: the drive's progress came over many reads while it drove.
    const arrivals: Array<{ chunk: number; event: StreamEvent }> = [];
    let pending = '';
    run.chunks.forEach((chunk, i) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) arrivals.push({ chunk: i, event: JSON.parse(line) as StreamEvent });
    });
    expect(pending).toBe('');
    const progressReads = new Set(arrivals.filter((a) => a.event.type === 'tool_call_progress').map((a) => a.chunk));
    const navFinished = arrivals.find((a) => a.event.type === 'tool_call_finished' && a.event.name === 'navigate_to_zone')!;
    expect(progressReads.size).toBeGreaterThan(3);
    expect(Math.min(...progressReads)).toBeLessThan(navFinished.chunk);
    expect(arrivals.at(-1)!.event.type).toBe('mission_finished');
  }, 90_000);

  it('ends with one JSON error line when the run cannot go on', async () => {
    const empty = await runCli(['run', '  ', '--output', 'stream-json']);
    expect(empty.code).toBe(2);
    expect(parseLines(empty.stdout)).toEqual([{ type: 'error', error: { message: expect.stringMatching(/^the instruction is empty/), exitCode: 2 } }]);

    const both = await runCli(['run', 'go to bin b', '--json', '--output', 'stream-json']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('robot-agent: --json is --output json; it cannot go with --output stream-json\n');
    expect(parseLines(both.stdout)).toEqual([{ type: 'error', error: { message: '--json is --output json; it cannot go with --output stream-json', exitCode: 2 } }]);

    const file = join(mkdtempSync(join(tmpdir(), 'ra-rec-')), 'taken.jsonl');
    writeFileSync(file, 'mine\n');
    const taken = await runCli(['run', 'go to bin b', '--output', 'stream-json', '--record', file]);
    expect(taken.code).toBe(2);
    expect(parseLines(taken.stdout).at(-1)).toEqual({ type: 'error', error: { message: `${file} already exists; choose another --record path or remove it`, exitCode: 2 } });

    const badFormat = await runCli(['run', 'go to bin b', '--output', 'yaml']);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toMatch(/option '--output <format>' argument 'yaml' is invalid\. Allowed choices are text, json, stream-json/);
  });
});

describe('robot-agent run --output stream-json with an MCP server that fails', () => {
  it('tells the stream as a notice, and a person on stderr, and the mission goes on', async () => {
    const config = join(mkdtempSync(join(tmpdir(), 'ra-cfg-')), 'robot-agent.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { quitter: { command: process.execPath, args: ['-e', 'process.exit(0)'] } } }));
    const run = await runCli(['run', 'go to bin a', '--output', 'stream-json', '--no-record', '--config', config]);
    expect(run.code, run.stderr).toBe(0);
    const events = parseLines(run.stdout);
    const notices = events.filter((e) => e.type === 'notice');
    expect(notices).toContainEqual({ type: 'notice', level: 'warning', message: expect.stringContaining('MCP server "quitter"') });
    expect(run.stderr).toMatch(/^robot-agent: MCP server "quitter"/m);
    expect(events.at(-1)).toMatchObject({ type: 'mission_finished', report: { outcome: 'succeeded' } });
  });
});

describe('robot-agent run --output json', () => {
  it("reports each call's result text, a long one cut with truncated: true", async () => {
    const fake = await startFakeMessagesApi([
      turn([toolUse('arm', {}), toolUse('scan_surroundings', {}), toolUse('navigate_to_zone', { zone: 'bin_b' })], { stop_reason: 'tool_use' }),
      // The whole event log of the mission so far: longer than a report keeps.
      turn([toolUse('query_events', { limit: 500 })], { stop_reason: 'tool_use' }),
      turn([toolUse('report_mission_outcome', { outcome: 'succeeded', summary: 'Read the log.' })], { stop_reason: 'tool_use' }),
    ]);
    fakes.push(fake);
    const run = await runCli(['run', 'read the log', '--output', 'json', '--no-record'], { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.baseURL });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as RunReport;
    const byName = new Map(report.toolCalls.map((c) => [c.name, c]));
    expect(byName.get('arm')).toMatchObject({ isError: false, result: expect.stringMatching(/^armed: motion enabled\n\{/) });
    expect(byName.get('arm')).not.toHaveProperty('truncated');

    // What the model got, in full, for the log: the report has its first 2,000 characters, flagged.
    const toolResults = fake.answered[2]!.body.messages.at(-1).content as Array<{ content: Array<{ type: string; text?: string }> }>;
    const fullLog = toolResults[0]!.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
    expect(fullLog.length).toBeGreaterThan(2000);
    const log = byName.get('query_events')!;
    expect(log.truncated).toBe(true);
    expect(log.result).toBe(fullLog.slice(0, 2000));
  }, 90_000);
});
