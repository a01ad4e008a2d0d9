import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe('where recordings go, robot-agent missions and replay last', () => {
  it('records into $XDG_STATE_HOME/robot-agent/recordings, never the current folder, and lists the newest first', async () => {
    const state = temp('ra-xdg-');
    const env = { XDG_STATE_HOME: state };
    const cwdBefore = readdirSync(process.cwd());
    const first = await runCli(['run', 'go to bin a', '--json'], env);
    const second = await runCli(['run', 'make me a sandwich', '--json'], env);
    expect([first.code, second.code]).toEqual([0, 1]);
    const dir = join(state, 'robot-agent', 'recordings');
    expect(JSON.parse(first.stdout).replayPath).toMatch(new RegExp(`^${dir}/\\d{8}T\\d{6}Z-go-to-bin-a\\.jsonl$`));
    expect(readdirSync(process.cwd())).toEqual(cwdBefore);

    const listed = await runCli(['missions', '--json'], env);
    expect(listed.code).toBe(0);
    const entries = JSON.parse(listed.stdout);
    expect(entries).toEqual([
      { path: JSON.parse(second.stdout).replayPath, recordedAt: expect.any(String), scenario: 'warehouse', instruction: 'make me a sandwich', outcome: 'failed' },
      { path: JSON.parse(first.stdout).replayPath, recordedAt: expect.any(String), scenario: 'warehouse', instruction: 'go to bin a', outcome: 'succeeded' },
    ]);
    expect(JSON.parse((await runCli(['missions', '--json', '--limit', '1'], env)).stdout)).toHaveLength(1);
    const text = await runCli(['missions'], env);
    expect(text.stdout.split('\n')[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}warehouse +failed +"make me a sandwich" {2}\/.*\.jsonl$/);

    // `last` is the newest: the failed sandwich, which replays to the same failure.
    const last = await runCli(['replay', 'last', '--json'], env);
    expect(last.code).toBe(0);
    expect(JSON.parse(last.stdout)).toMatchObject([{ file: entries[0].path, ok: true, outcome: { recorded: 'failed', actual: 'failed' } }]);
    const show = await runCli(['replay', 'last', '--show'], env);
    expect(show.stdout).toMatch(/^mission {3}make me a sandwich/m);
  });

  it('an unfinished recording is listed as such; an empty folder says how to get one', async () => {
    const dir = temp('ra-recs-');
    const empty = await runCli(['missions', '--record-dir', dir]);
    expect(empty).toMatchObject({ code: 0, stdout: expect.stringMatching(/^no recorded missions in .* yet; robot-agent run "<instruction>" records one\n$/) });
    const noLast = await runCli(['replay', 'last', '--record-dir', dir]);
    expect(noLast).toMatchObject({ code: 2, stderr: expect.stringMatching(/^robot-agent: "last" names no recording: there are none in .* yet/) });

    const run = await runCli(['run', 'go to bin b', '--record-dir', dir, '--json']);
    const file = JSON.parse(run.stdout).replayPath as string;
    expect(file.startsWith(dir)).toBe(true);
    const { readFileSync } = await import('node:fs');
    writeFileSync(file, readFileSync(file, 'utf8').split('\n').slice(0, 4).join('\n') + '\n');
    writeFileSync(join(dir, 'notes.jsonl'), 'not a recording\n');
    const listed = JSON.parse((await runCli(['missions', '--record-dir', dir, '--json'])).stdout);
    expect(listed).toEqual([expect.objectContaining({ path: file, outcome: 'unfinished' })]);
  });

  it('takes the folder from the config file, and --record-dir over it', async () => {
    const cfgDir = temp('ra-cfg-');
    const config = join(cfgDir, 'robot-agent.json');
    writeFileSync(config, JSON.stringify({ recordDir: 'runs' }));
    const run = await runCli(['run', 'go to bin a', '--config', config, '--json']);
    expect(JSON.parse(run.stdout).replayPath.startsWith(join(cfgDir, 'runs'))).toBe(true);
    expect(JSON.parse((await runCli(['missions', '--config', config, '--json'])).stdout)).toHaveLength(1);
    const flag = temp('ra-flag-');
    const over = await runCli(['run', 'go to bin a', '--config', config, '--record-dir', flag, '--json']);
    expect(JSON.parse(over.stdout).replayPath.startsWith(flag)).toBe(true);
  });
});
