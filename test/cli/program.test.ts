import { execFileSync, spawnSync } from 'node:child_process';
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
});
