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

  it('gives one line and exit 1 for an unreachable or out-of-room goal', async () => {
    for (const goto of ['42,1', '4.2,4.6']) {
      const run = await runCli(['sim', '--goto', goto]);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
    }
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
