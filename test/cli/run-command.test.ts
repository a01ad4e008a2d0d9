import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, startFakeMessagesApi, text, toolUse, turn, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { runCli } from '../helpers/run-cli.js';

// External MCP servers in run: test/cli/mcp-servers.test.ts.

let fakes: FakeMessagesApi[] = [];
afterEach(async () => {
  for (const f of fakes) await f.close();
  fakes = [];
});


describe('robot-agent run', () => {
  it('carries out a mission offline and prints the JSON report with ground truth', async () => {
    const run = await runCli(['run', 'go to bin b', '--json', '--seed', '2', '--no-record']);
    expect(run.code).toBe(0);
    const r = JSON.parse(run.stdout);
    expect(r).toMatchObject({ instruction: 'go to bin b', scenario: 'warehouse', seed: 2, provider: 'planner', outcome: 'succeeded' });
    for (const key of ['summary', 'steps', 'toolCalls', 'wallMs', 'simSeconds', 'usage', 'replayPath', 'world', 'model']) expect(r).toHaveProperty(key);
    expect(r.toolCalls[0]).toMatchObject({ name: 'get_robot_status', isError: false });
    expect(r.world.robot).toMatchObject({ zone: 'bin_b', armed: true, state: 'IDLE', holding: null });
    expect(r.world.objects.map((o: { id: string }) => o.id)).toContain('red_cube');
    expect(r.world.parameters.max_linear_speed).toBe(0.6);
  });

  it('a refusal for want of confirmation is told to the person, not in words meant for the model', async () => {
    const run = await runCli(['run', 'emergency stop, then reset the emergency stop', '--json', '--no-record']);
    expect(run.code).toBe(1);
    const r = JSON.parse(run.stdout);
    expect(r.outcome).toBe('failed');
    expect(r.summary).toMatch(/reset_emergency_stop needs a person's confirmation .*--yes/);
    expect(r.summary).not.toMatch(/do not retry/);
  });

  it('lists the goals in the JSON report, each checked by the robot itself', async () => {
    const run = await runCli(['run', 'go to bin b, then set max speed to 0.3', '--json', '--seed', '2', '--no-record']);
    expect(run.code).toBe(0);
    const r = JSON.parse(run.stdout);
    expect(r.goals).toEqual([
      { text: 'robot in bin_b', status: 'met', evidence: expect.stringMatching(/^status reads \(.*\) in bin_b$/) },
      { text: 'max_linear_speed = 0.3', status: 'met', evidence: 'get_parameter reads max_linear_speed = 0.3' },
    ]);
  });

  it('records a Claude success with an unmet goal as failed, exit 1, with the goals in the report', async () => {
    const fake = await startFakeMessagesApi([
      turn([toolUse('arm', {}), toolUse('navigate_to_zone', { zone: 'bin_a' })], { stop_reason: 'tool_use' }),
      turn(
        [
          toolUse('report_mission_outcome', {
            outcome: 'succeeded',
            summary: 'Put the red cube in bin A.',
            goals: [
              { text: 'robot in bin_a', status: 'met', evidence: 'status reads bin_a' },
              { text: 'red cube in bin_a', status: 'unmet', evidence: 'never picked it up' },
            ],
          }),
        ],
        { stop_reason: 'tool_use' },
      ),
    ]);
    fakes.push(fake);
    const run = await runCli(['run', 'put the red cube in bin a', '--json', '--no-record'], { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.baseURL });
    expect(run.code).toBe(1);
    const r = JSON.parse(run.stdout);
    expect(r.outcome).toBe('failed');
    expect(r.summary).toBe('Put the red cube in bin A. (reported as succeeded, but "red cube in bin_a" is not met)');
    expect(r.goals).toEqual([
      { text: 'robot in bin_a', status: 'met', evidence: 'status reads bin_a' },
      { text: 'red cube in bin_a', status: 'unmet', evidence: 'never picked it up' },
    ]);
    const report = fake.answered[0]!.body.tools.find((t: { name: string }) => t.name === 'report_mission_outcome');
    expect(report.input_schema.required).toEqual(['outcome', 'summary', 'goals']);
  });

  it('prints one line per tool call as it goes', async () => {
    const run = await runCli(['run', 'set max speed to 0.3', '--no-record']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/✓ set_parameter \{"name":"max_linear_speed","value":0\.3\} → max_linear_speed: 0\.6 -> 0\.3/);
    expect(run.stdout).toMatch(/■ succeeded/);
  });

  it('fails honestly, exit 1, on an instruction it cannot understand', async () => {
    const run = await runCli(['run', 'make me a sandwich', '--json', '--no-record']);
    expect(run.code).toBe(1);
    const r = JSON.parse(run.stdout);
    expect(r.outcome).toBe('failed');
    expect(r.summary).toMatch(/I do not understand "make me a sandwich"/);
  });

  it('gives one clear line and exit 2 for usage problems', async () => {
    for (const [args, message] of [
      [['run', 'hi', '--provider', 'anthropic'], /needs ANTHROPIC_API_KEY/],
      [['run', 'hi', '--provider', 'gpt'], /argument 'gpt' is invalid/],
      [['run', 'hi', '--scenario', 'mars'], /unknown scenario "mars"/],
      [['run', '  '], /the instruction is empty/],
      [['run', 'hi', '--config', '/nonexistent/robot-agent.json'], /robot-agent\.json/],
      [['run', 'hi', '--max-steps', '0'], /must be 1 or more/],
    ] as const) {
      const run = await runCli([...args, '--no-record']);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    }
  });

  it('fails before the mission with one line when the detector model is missing', async () => {
    const run = await runCli(['run', 'pick up the red cube', '--no-record', '--detector-model', '/nonexistent/detector.onnx']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/detector model .*not found/);
  });

  it('runs Claude through the real SDK against a local Messages API, with retries', async () => {
    const fake = await startFakeMessagesApi([
      fail.overloaded(),
      turn([text('Let me check.'), toolUse('get_robot_status', {})], { stop_reason: 'tool_use' }),
      turn([toolUse('arm', {}), toolUse('navigate_to_zone', { zone: 'bin_a' })], { stop_reason: 'tool_use' }),
      turn([toolUse('report_mission_outcome', { outcome: 'succeeded', summary: 'At bin A.' })], { stop_reason: 'tool_use' }),
    ]);
    fakes.push(fake);
    const run = await runCli(['run', 'go to bin a', '--json', '--no-record'], { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.baseURL });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const r = JSON.parse(run.stdout);
    expect(r).toMatchObject({ provider: 'anthropic', outcome: 'succeeded', summary: 'At bin A.' });
    expect(r.model).toMatch(/^claude-sonnet/);
    expect(r.usage.inputTokens).toBeGreaterThan(0);
    expect(r.world.robot.zone).toBe('bin_a');
    const body = fake.answered[0]!.body;
    expect(body.stream).toBe(true);
    expect(body.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['navigate_to', 'detect_objects', 'report_mission_outcome']));
    expect(body.system[0].cache_control).toEqual({ type: 'ephemeral' });
    expect(body.system[0].text).toMatch(/Map \(JSON\)/);
  });

  it('refuses to overwrite an existing --record file: exit 2, one line, the file untouched', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ra-rec-')), 'taken.jsonl');
    writeFileSync(file, 'mine\n');
    const run = await runCli(['run', 'go to bin b', '--record', file]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`robot-agent: ${file} already exists; choose another --record path or remove it\n`);
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
  });

  it('cancels the mission and stops the robot on Ctrl-C, and records how it ended', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ra-rec-')), 'cancelled.jsonl');
    const child = spawn(process.execPath, ['bin/robot-agent.js', 'run', 'go to the shelf', '--realtime', '--record', file], { env: { PATH: process.env.PATH } });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    let interrupted = false;
    child.stdout.on('data', (d) => {
      stdout += String(d);
      // The robot is on its way (realtime: the drive takes seconds): interrupt it, once.
      if (!interrupted && stdout.includes('Going to shelf.')) interrupted = child.kill('SIGINT');
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe('\nrobot-agent: cancelling the mission and stopping the robot (Ctrl-C again to quit at once)\n');
    expect(stdout).toMatch(/■ aborted: cancelled by the user; the robot was stopped/);
    expect(stdout).toContain(`  recorded to ${file}\n`);
    const events = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(events.at(-1)).toMatchObject({ type: 'mission_finished', outcome: 'aborted' });
    // The Ctrl-C is part of the recording, and the replay cancels at the same robot time: no false divergence.
    expect(events.find((e) => e.type === 'cancelled')).toMatchObject({ robotTime: expect.any(Number), estop: false });
    const replay = await runCli(['replay', file, '--json']);
    expect(JSON.parse(replay.stdout)).toMatchObject([{ ok: true, outcome: { recorded: 'aborted', actual: 'aborted' } }]);
  });
});
