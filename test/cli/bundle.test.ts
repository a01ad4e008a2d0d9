/**
 * The built program runs from the bundle `npm run build` writes (scripts/bundle.mjs), keeps its
 * heavy libraries lazy, and still gives readable stack traces. Needs `npm run build` (as `npm
 * test` does): after tsc alone there is no current bundle and the first test says so.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/run-built.js';

const dist = pathToFileURL(join(BIN, '..', '..', 'dist')).href;

/** Loader hooks that append every ES module URL Node loads to the file named in $LOADED_LOG. */
const logLoads = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.LOADED_LOG, url + '\\n');
  return next(url, context);
}`)}`)});`)}`;

/** Runs the built program and returns its exit code, output and the ES modules it loaded. */
function runLogged(args: string[]) {
  const log = join(mkdtempSync(join(tmpdir(), 'robot-agent-bundle-')), 'loaded.txt');
  const run = spawnSync(process.execPath, ['--import', logLoads, BIN, ...args], {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH, LOADED_LOG: log },
    encoding: 'utf8',
  });
  const loaded = readFileSync(log, 'utf8').trim().split('\n');
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, loaded };
}

/** Loaded only by the commands that need them (onnxruntime: those that see through the camera). */
const ui = /\/node_modules\/(ink|react|rosnodejs)\//;
const heavy = /\/node_modules\/(ink|react|rosnodejs|onnxruntime-node)\//;

describe('the bundled program', () => {
  it('runs a mission from dist/bundle, not from the separate modules tsc writes', () => {
    const run = runLogged(['run', 'pick up the red cube', '--no-record', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: 'succeeded' });
    const ours = run.loaded.filter((url) => url.startsWith(`${dist}/`));
    expect(ours, 'no current dist/bundle: run `npm run build`').toContain(`${dist}/bundle/main.js`);
    expect(ours.filter((url) => !url.startsWith(`${dist}/bundle/`))).toEqual([]);
    // The detector's thread is started before the CLI loads (bin/robot-agent.js).
    expect(ours.indexOf(`${dist}/bundle/worker-detector.js`)).toBeGreaterThanOrEqual(0);
    expect(ours.indexOf(`${dist}/bundle/worker-detector.js`)).toBeLessThan(ours.indexOf(`${dist}/bundle/main.js`));
    expect(run.loaded.filter((url) => ui.test(url))).toEqual([]);
    // The planner needs no Anthropic client: its chunk is the one that defines the class.
    const bundle = join(BIN, '..', '..', 'dist', 'bundle');
    const anthropic = readdirSync(bundle).filter((f) => f.endsWith('.js') && readFileSync(join(bundle, f), 'utf8').includes('class BaseAnthropic'));
    expect(anthropic).toHaveLength(1);
    expect(ours).not.toContain(`${dist}/bundle/${anthropic[0]}`);
  }, 120_000);

  it('loads none of the heavy libraries for --help', () => {
    const run = runLogged(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Usage: robot-agent/);
    expect(run.loaded.filter((url) => heavy.test(url))).toEqual([]);
    // Only the entry and the chunks the command line itself needs: no command's chunk.
    expect(run.loaded.filter((url) => url.startsWith(`${dist}/bundle/`)).length).toBeLessThan(6);
  });

  it('names source files and lines in a --verbose stack trace', () => {
    const run = runLogged(['run', 'go', '--scenario', 'moonbase', '--verbose']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^robot-agent: unknown scenario "moonbase"/);
    expect(run.stderr).toMatch(/\n\s+at \S.*\(\/.*\/src\/sim\/scenario\.ts:\d+:\d+\)\n/);
  }, 60_000);
});
