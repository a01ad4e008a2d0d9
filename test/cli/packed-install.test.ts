import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The package as a user gets it: `npm pack` (of the built program), `npm install -g` of the
 * tarball into a temporary prefix, then `robot-agent run` from a folder that is not the
 * repository. Dependencies come from the npm cache where it has them (--prefer-offline); install
 * scripts stay off, onnxruntime-node's included, as package.json's allowScripts keeps them in the
 * repository.
 */
const root = resolve(import.meta.dirname, '../..');

describe('the packed program', () => {
  it('installs globally from its tarball and carries out a mission from another folder', () => {
    const work = mkdtempSync(join(tmpdir(), 'ra-pack-'));
    const npm = (args: string[], cwd: string) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', env: process.env });
    // The build is the test run's own (npm test builds first); --ignore-scripts skips prepack's second build.
    const tarball = npm(['pack', '--ignore-scripts', '--pack-destination', work], root).trim().split('\n').at(-1)!;
    const prefix = join(work, 'prefix');
    npm(['install', '-g', '--prefix', prefix, '--prefer-offline', '--ignore-scripts', join(work, tarball)], work);

    const elsewhere = mkdtempSync(join(tmpdir(), 'ra-elsewhere-'));
    const state = join(work, 'state');
    const run = spawnSync(join(prefix, 'bin', 'robot-agent'), ['run', 'pick up the red cube', '--json'], {
      cwd: elsewhere,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: work, XDG_STATE_HOME: state },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ outcome: 'succeeded', scenario: 'warehouse', provider: 'planner' });
    // The recording went to the state folder; the folder it ran in is left as it was.
    expect(report.replayPath.startsWith(join(state, 'robot-agent', 'recordings'))).toBe(true);
    expect(existsSync(report.replayPath)).toBe(true);
    expect(readdirSync(elsewhere)).toEqual([]);
    // Only what a mission needs is shipped: no sources, tests or training data.
    const installed = readdirSync(join(prefix, 'lib', 'node_modules', 'robot-agent')).sort();
    expect(installed).toEqual(['README.md', 'bin', 'dist', 'missions', 'models', 'node_modules', 'package.json']);
  }, 300_000);
});
