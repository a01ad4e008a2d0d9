import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMessagesApi, text, toolUse, turn, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { runCli } from '../helpers/run-cli.js';

const dir = () => mkdtempSync(join(tmpdir(), 'ra-replay-'));
let fakes: FakeMessagesApi[] = [];
afterEach(async () => {
  for (const f of fakes) await f.close();
  fakes = [];
});

async function record(instruction: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const file = join(dir(), 'mission.jsonl');
  const run = await runCli(['run', instruction, '--json', '--record', file, ...extra], env);
  return { file, run, report: JSON.parse(run.stdout) };
}

const lines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));

describe('recording and replaying missions', () => {
  it('records a planner mission as JSON Lines and replays it exactly', async () => {
    const { file, report } = await record('go to bin a, then set max speed to 0.4', ['--seed', '4']);
    expect(report.replayPath).toBe(file);
    const [header, ...events] = lines(file);
    expect(header).toMatchObject({ type: 'header', format: 'robot-agent-replay', version: 1, seed: 4, provider: 'planner', instruction: 'go to bin a, then set max speed to 0.4' });
    expect(header.scenario.name).toBe('warehouse');
    expect(header.config.parameters.max_linear_speed).toBe(0.6);
    // A one-shot run is no part of a session: its header has no session place.
    expect(header).not.toHaveProperty('session');
    expect(events.at(-1).type).toBe('mission_finished');
    expect(events.some((e: { type: string }) => e.type === 'tool_call_finished')).toBe(true);
    const replay = await runCli(['replay', file]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/✓ .*tool call\(s\) match, outcome/);
  });

  it('restores values from the injected wall clock (get_time) on replay', async () => {
    const fake = await startFakeMessagesApi([
      turn([toolUse('get_time', { timezone: 'UTC', format: 'iso' })], { stop_reason: 'tool_use' }),
      turn([toolUse('roll_dice', { notation: '3d6' })], { stop_reason: 'tool_use' }),
      turn([text('Done.'), toolUse('report_mission_outcome', { outcome: 'succeeded', summary: 'Told the time.' })], { stop_reason: 'tool_use' }),
    ]);
    fakes.push(fake);
    const { file, run } = await record('what time is it', [], { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.baseURL });
    expect(run.code).toBe(0);
    const [header, ...events] = lines(file);
    expect(header.provider).toBe('anthropic');
    expect(header.providerNote).toMatch(/not the Anthropic API/);
    expect(events.filter((e: { type: string }) => e.type === 'clock')).toHaveLength(1);
    // Replaying needs neither the network nor a key.
    await fake.close();
    fakes = [];
    const replay = await runCli(['replay', file, '--json'], {});
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toMatchObject([{ ok: true, calls: 2, outcome: { recorded: 'succeeded', actual: 'succeeded' } }]);
    // A re-recorded replay keeps the clock readings it restored, so it replays too.
    const again = join(dir(), 'again.jsonl');
    expect((await runCli(['replay', file, '--record', again])).code).toBe(0);
    const clocks = (all: Array<{ type: string }>) => all.filter((e) => e.type === 'clock');
    expect(clocks(lines(again).slice(1))).toEqual(clocks(events));
    expect((await runCli(['replay', again])).code).toBe(0);
  });

  it('round-trips a replay of a replay (provider "replay")', async () => {
    const { file } = await record('pick up the blue cube', ['--seed', '2']);
    const again = join(dir(), 'again.jsonl');
    expect((await runCli(['replay', file, '--record', again])).code).toBe(0);
    const [header] = lines(again);
    expect(header).toMatchObject({ provider: 'replay', providerNote: expect.stringMatching(/a replay of .* \(recorded with planner\)/) });
    const replay = await runCli(['replay', again, '--json']);
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toMatchObject([{ ok: true, outcome: { recorded: 'succeeded', actual: 'succeeded' } }]);
    // One shape for one file or many: an array of verdicts in the order given.
    const both = await runCli(['replay', file, again, '--json']);
    expect(JSON.parse(both.stdout).map((v: { file: string; ok: boolean }) => [v.file, v.ok])).toEqual([[file, true], [again, true]]);
  });

  it('fails with the first divergence and a readable diff when behaviour changed', async () => {
    const { file } = await record('go to bin b');
    const [header, ...events] = lines(file);
    header.config.parameters.max_linear_speed = 0.3; // the robot now drives slower than when recorded
    writeFileSync(file, [header, ...events].map((l) => JSON.stringify(l)).join('\n') + '\n');
    const replay = await runCli(['replay', file]);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toMatch(/✗ .*diverged at call 3 \(navigate_to_zone\): the result differs/);
    expect(replay.stdout).toMatch(/recorded .*, actual /);
  });

  it('gives one clear line and exit 2 for truncated, corrupted and newer-version files', async () => {
    const { file } = await record('go to bin b');
    const text = readFileSync(file, 'utf8');
    const cases: Array<[string, RegExp]> = [
      [text.slice(0, text.length - 40), /is truncated after line \d+/],
      [text.split('\n').slice(0, -2).join('\n') + '\n', /is truncated/],
      [text.replace('"tool_call_started"', '"tool_call_started'), /line \d+ is not valid JSON \(the file is corrupted\)/],
      [text.replace('"version":1', '"version":7'), /format version 7, newer than this program reads \(1\); upgrade robot-agent/],
      ['hello\n', /not JSON; not a robot-agent replay file/],
    ];
    for (const [content, message] of cases) {
      const bad = join(dir(), 'bad.jsonl');
      writeFileSync(bad, content);
      const replay = await runCli(['replay', bad]);
      expect(replay.code, content.slice(0, 30)).toBe(2);
      expect(replay.stderr.trim().split('\n')).toHaveLength(1);
      expect(replay.stderr).toMatch(message);
    }
    const missing = await runCli(['replay', '/nonexistent.jsonl']);
    expect(missing.code).toBe(2);
  });

  it('is deterministic: the same mission twice gives the same recording except wall times', async () => {
    const strip = (file: string) =>
      lines(file).map((l) => {
        const { recordedAt: _r, wallMs: _w, ...rest } = l;
        return rest;
      });
    const a = await record('go to the shelf, then go home', ['--seed', '7']);
    const b = await record('go to the shelf, then go home', ['--seed', '7']);
    expect(strip(b.file)).toEqual(strip(a.file));
    expect(JSON.stringify(strip(b.file))).toBe(JSON.stringify(strip(a.file)));
  });

  it('shows a readable timeline', async () => {
    const { file } = await record('go to bin a');
    const show = await runCli(['replay', file, '--show']);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^mission {3}go to bin a/m);
    expect(show.stdout).toMatch(/✓ navigate_to_zone \{"zone":"bin_a"\}/);
    expect(show.stdout).toMatch(/^outcome {3}succeeded: Arrived at bin_a\./m);
  });

  it('shows a truncated recording (a killed run) up to where it ends, and says so', async () => {
    const { file } = await record('go to bin a');
    const text = readFileSync(file, 'utf8');
    const killed = join(dir(), 'killed.jsonl');
    // Cut in the middle of the line after the first finished call, as a killed process leaves it.
    const cut = text.indexOf('\n', text.indexOf('"tool_call_finished"')) + 30;
    writeFileSync(killed, text.slice(0, cut));
    const show = await runCli(['replay', killed, '--show']);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^mission {3}go to bin a/m);
    expect(show.stdout).toMatch(/✓ get_robot_status \{\}/);
    expect(show.stdout).not.toMatch(/^outcome/m);
    expect(show.stdout).toMatch(/^the recording ends here, after line \d+: the mission did not finish recording \(the process was killed or crashed\)/m);
    const verify = await runCli(['replay', killed]);
    expect(verify).toMatchObject({ code: 2, stderr: expect.stringMatching(/is truncated after line \d+ .*; replay --show .* prints it up to where it ends\n$/) });
  });
});
