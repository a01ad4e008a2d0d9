import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

describe('robot-agent sim', () => {
  it('drives to a goal and reports arrival, path length, time, error and hash', async () => {
    const run = await runCli(['sim', '--scenario', 'warehouse', '--seed', '3', '--goto', '8,5', '--json']);
    expect(run.code).toBe(0);
    const r = JSON.parse(run.stdout);
    expect(r.arrived).toBe(true);
    expect(r.pathLengthM).toBeGreaterThan(7);
    expect(r.simSeconds).toBeGreaterThan(5);
    expect(r.finalErrorM).toBeLessThanOrEqual(0.05);
    expect(r.stateHash).toMatch(/^[0-9a-f]{16}$/);
    const again = JSON.parse((await runCli(['sim', '--scenario', 'warehouse', '--seed', '3', '--goto', '8,5', '--json'])).stdout);
    expect(again.stateHash).toBe(r.stateHash);
  });

  it('a goal outside the room is a usage error (exit 2); an unreachable one a failed trip (exit 1)', async () => {
    for (const [goto, code] of [['42,1', 2], ['0,0', 2], ['4.2,4.6', 1]] as const) {
      const run = await runCli(['sim', '--goto', goto]);
      expect([goto, run.code]).toEqual([goto, code]);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
    }
    const outside = await runCli(['sim', '--goto', '0,0']);
    expect(outside.stderr).toMatch(/^robot-agent: --goto 0,0: \(0, 0\) is outside the room/);
  });

  it('prints a JSON error on stdout with --json', async () => {
    const outside = await runCli(['sim', '--goto', '0,0', '--json']);
    expect(outside.code).toBe(2);
    expect(JSON.parse(outside.stdout)).toEqual({ error: { message: expect.stringMatching(/outside the room/), exitCode: 2, code: 'out_of_workspace' } });
    const badSeed = await runCli(['sim', '--goto', '1,1', '--seed', '99999999999999999999', '--json']);
    expect(badSeed.code).toBe(2);
    expect(JSON.parse(badSeed.stdout).error).toMatchObject({ message: expect.stringMatching(/"99999999999999999999" is too large/), exitCode: 2 });
    const unknown = await runCli(['sim', '--goto', '1,1', '--scenario', 'moonbase', '--json']);
    expect(JSON.parse(unknown.stdout).error).toMatchObject({ message: expect.stringMatching(/unknown scenario "moonbase"/), exitCode: 2 });
  });

  it('names the field of a broken scenario file', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'ra-')), 'broken.json');
    writeFileSync(file, JSON.stringify({ name: 'broken', summary: 'x', room: { width: 5, depth: -1 }, zones: [], robot: { x: 1, y: 1 } }));
    const run = await runCli(['sim', '--scenario', file, '--goto', '1,1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/field "room\.depth"/);
    const unknown = await runCli(['sim', '--scenario', 'moonbase', '--goto', '1,1']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown scenario "moonbase"; built-in scenarios: cluttered, dim/);
  });
});
