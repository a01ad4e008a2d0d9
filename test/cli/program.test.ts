import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

describe('the command line', () => {
  it('prints help and version with exit 0', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: robot-agent/);
    expect(help.stdout).toMatch(/scenarios/);
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('rejects an unknown command or option with one clear line and exit 2', async () => {
    for (const args of [['fly'], ['--bogus'], ['sim', '--goto', 'north']]) {
      const run = await runCli(args);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^robot-agent: /);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('exits the same way for the same user error whichever command meets it, with a stack only on --verbose', async () => {
    const unknownScenario = [
      ['sim', '--scenario', 'moonbase', '--goto', '1,1'],
      ['detect', '--scenario', 'moonbase'],
      ['serve', '--stdio', '--scenario', 'moonbase'],
    ];
    for (const args of unknownScenario) {
      const run = await runCli(args);
      expect([args[0], run.code, run.stderr]).toEqual([args[0], 2, expect.stringMatching(/^robot-agent: unknown scenario "moonbase"; [^\n]*\n$/)]);
    }
    const config = await runCli(['mcp', 'list', '--config', '/nonexistent/robot-agent.json']);
    expect([config.code, config.stderr]).toEqual([2, expect.stringMatching(/^robot-agent: config file .*robot-agent\.json not found\n$/)]);
    const missingModel = ['--detector-model', '/nonexistent/detector.onnx'];
    for (const args of [['detect', '--scenario', 'warehouse', ...missingModel], ['serve', '--stdio', ...missingModel]]) {
      const run = await runCli(args);
      expect([args[0], run.code, run.stderr]).toEqual([args[0], 1, expect.stringMatching(/^robot-agent: detector model .*detector\.onnx not found: check the --detector-model path\n$/)]);
    }
    const verbose = await runCli(['sim', '--scenario', 'moonbase', '--goto', '1,1', '--verbose']);
    expect(verbose.code).toBe(2);
    expect(verbose.stderr).toMatch(/\n\s+at /);
  });

  it('lists scenarios as text and JSON', async () => {
    const json = await runCli(['scenarios', '--json']);
    expect(json.code).toBe(0);
    const list = JSON.parse(json.stdout) as { name: string; summary: string }[];
    expect(list.map((s) => s.name)).toEqual(expect.arrayContaining(['warehouse', 'cluttered', 'empty', 'low-battery', 'twins', 'dim']));
    expect(list.every((s) => s.summary.length > 0)).toBe(true);
    const text = await runCli(['scenarios']);
    expect(text.stdout).toMatch(/^cluttered\s+An 8 x 6 m room/m);
  });

  it('runs the built launcher as a real process', () => {
    const version = execFileSync(process.execPath, ['bin/robot-agent.js', '--version'], { encoding: 'utf8' });
    expect(version.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const bad = spawnSync(process.execPath, ['bin/robot-agent.js', 'nonsense'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown command 'nonsense'/);
  });

  it('has help COMMAND, and usage errors point to the help of the command that met them', async () => {
    const help = await runCli(['help', 'run']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: robot-agent run \[options\] <instruction>/);
    expect((await runCli(['help', 'mcp'])).stdout).toMatch(/^Usage: robot-agent mcp/);
    expect((await runCli(['run', 'hi', '--bogus'])).stderr).toBe("robot-agent: unknown option '--bogus' (see robot-agent run --help)\n");
    expect((await runCli(['mcp', 'list', '--bogus'])).stderr).toMatch(/\(see robot-agent mcp list --help\)\n$/);
    expect((await runCli(['fly'])).stderr).toMatch(/\(see robot-agent --help\)\n$/);
  });

  it('refuses seeds that are not safe integers in every command', async () => {
    for (const args of [['run', 'hi'], ['sim', '--goto', '1,1'], ['dataset', '--out', '/tmp/x'], ['serve', '--stdio']]) {
      const run = await runCli([...args, '--seed', '99999999999999999999']);
      expect([args[0], run.code, run.stderr]).toEqual([args[0], 2, expect.stringMatching(/"99999999999999999999" is too large; use a whole number between -9007199254740991 and 9007199254740991/)]);
    }
  });

  it('an invalid robot-agent.json exits 2 with the same line in run and mcp list', async () => {
    const config = join(mkdtempSync(join(tmpdir(), 'ra-bad-')), 'robot-agent.json');
    for (const content of ['{bad', JSON.stringify({ mcpServers: { a: { command: '' } } }), JSON.stringify({ foo: 1 })]) {
      writeFileSync(config, content);
      const run = await runCli(['run', 'go to bin a', '--config', config, '--no-record']);
      const list = await runCli(['mcp', 'list', '--config', config]);
      expect([run.code, list.code]).toEqual([2, 2]);
      expect(run.stderr).toBe(list.stderr);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('dataset refuses a folder that is not empty unless --force, which replaces the old frames', async () => {
    const out = mkdtempSync(join(tmpdir(), 'ra-ds-'));
    expect((await runCli(['dataset', '--out', out, '--count', '3'])).code).toBe(0);
    const again = await runCli(['dataset', '--out', out, '--count', '2']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^robot-agent: .* is not empty \(dataset\.json, images, labels\.jsonl\); choose an empty or new --out folder, or add --force/);
    const forced = await runCli(['dataset', '--out', out, '--count', '2', '--force']);
    expect(forced.code).toBe(0);
    expect(readdirSync(join(out, 'images'))).toHaveLength(2);
  });

  it('a file-system error is one line naming the path, exit 1', async () => {
    // A file where a folder must be: the same path every user can hit, root or not.
    const file = join(mkdtempSync(join(tmpdir(), 'ra-fs-')), 'plain-file');
    writeFileSync(file, 'x');
    const dataset = await runCli(['dataset', '--out', join(file, 'sub'), '--count', '1']);
    expect(dataset).toMatchObject({ code: 1, stderr: expect.stringMatching(/^robot-agent: cannot create the folder .*plain-file\/sub\/images: a part of the path is a file, not a folder \(ENOTDIR\); choose another --out folder\n$/) });
    const run = await runCli(['run', 'go to bin a', '--record-dir', join(file, 'recs')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^robot-agent: cannot create the folder .*plain-file\/recs: a part of the path is a file, not a folder \(ENOTDIR\); choose another --record-dir/);
    expect(existsSync(join(file, 'recs'))).toBe(false);
  });
});
