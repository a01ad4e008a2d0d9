import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuilt } from '../helpers/run-built.js';
import { runCli } from '../helpers/run-cli.js';

/** A real stdio MCP server (the SDK's McpServer) with two tools. */
const fixtureServer = { command: process.execPath, args: [path.resolve('test/fixtures/crashing-mcp-server.mjs')] };

/** A folder with robot-agent.json holding `servers`, a home with nothing in it, and the environment for both. */
function setUp(servers: Record<string, unknown>): { cwd: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(path.join(tmpdir(), 'ra-doctor-'));
  const cwd = path.join(root, 'project');
  const home = path.join(root, 'home');
  mkdirSync(cwd);
  mkdirSync(home);
  writeFileSync(path.join(cwd, 'robot-agent.json'), `// doctor test\n${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
  return { cwd, env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_STATE_HOME: path.join(home, 'state') } };
}

const CHECKS = ['node', 'onnxruntime', 'models', 'detector', 'api-key', 'config'];

describe('robot-agent doctor', () => {
  it('lists every check and exits 0 when all is well, the missing API key being no problem', async () => {
    const { cwd, env } = setUp({ fixture: fixtureServer });
    const run = await runBuilt(['doctor'], { cwd, env });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    const names = lines.slice(0, -1).map((l) => /^[✓✗-] (\S+)/.exec(l)?.[1]);
    expect(names).toEqual([...CHECKS, 'mcp:fixture', 'recordings']);
    expect(lines).toContain('- api-key        ANTHROPIC_API_KEY is not set: run uses the offline planner (set it to plan with Claude)');
    expect(lines.find((l) => l.includes('mcp:fixture'))).toMatch(/^✓ mcp:fixture +stdio server answered: connected \(2 tools, \d+ ms\)$/);
    // The config file as the user would type it, as every other line names a path.
    expect(lines).toContain('✓ config         robot-agent.json: 1 MCP server');
    expect(lines.find((l) => l.includes(' models '))).toMatch(/^✓ models +\S*models\/detector\.onnx and \S*models\/second-stage\.onnx match their metadata: 12 classes, 320x240 input$/);
    expect(lines.find((l) => l.includes(' detector '))).toMatch(/^✓ detector +found [1-9]\d* of the [1-9]\d* objects in view from the warehouse start/);
    expect(lines.find((l) => l.includes('recordings'))).toMatch(/robot-agent\/recordings will be created at the first run \(.*home is writable\)$/);
    expect(lines.at(-1)).toBe('no problems found');
    expect(run.stderr).toBe('');
  });

  it('exits 1 naming a server that fails and a recordings folder it cannot write', async () => {
    const { cwd, env } = setUp({ fixture: fixtureServer, broken: { command: '/nonexistent/mcp-server' } });
    const blocker = path.join(cwd, 'not-a-folder');
    writeFileSync(blocker, '');
    const run = await runBuilt(['doctor', '--record-dir', path.join(blocker, 'recordings')], { cwd, env });
    expect(run.code).toBe(1);
    // A failed server's line says what to do about it, as every check's detail promises.
    expect(run.stdout).toMatch(/^✗ mcp:broken +stdio server failed: .*\/nonexistent\/mcp-server.*; fix its entry in robot-agent\.json \(robot-agent mcp list shows what it answers\), or take it out \(robot-agent mcp remove broken\)$/m);
    expect(run.stdout).toMatch(/^✓ mcp:fixture /m);
    expect(run.stdout).toMatch(/^✗ recordings +.*not-a-folder\/recordings cannot be created: .*not-a-folder is a file, not a folder/m);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('2 problems: mcp:broken, recordings');
  });

  it('prints one JSON object with --json: a hung server timed out by --mcp-timeout, the key seen, nothing left behind', async () => {
    const hung = { command: process.execPath, args: ['-e', 'process.stdin.resume()'] };
    const { cwd, env } = setUp({ hung, off: { command: 'never-started', disabled: true } });
    const recordings = path.join(cwd, 'recordings');
    mkdirSync(recordings);
    const run = await runBuilt(['doctor', '--json', '--mcp-timeout', '800', '--record-dir', recordings], { cwd, env: { ...env, ANTHROPIC_API_KEY: 'sk-test' } });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { ok: boolean; checks: { name: string; status: string; detail: string; ms: number }[] };
    expect(report.ok).toBe(false);
    const status = Object.fromEntries(report.checks.map((c) => [c.name, c.status]));
    expect(status).toEqual({ node: 'ok', onnxruntime: 'ok', models: 'ok', detector: 'ok', 'api-key': 'ok', config: 'ok', 'mcp:hung': 'fail', 'mcp:off': 'skipped', recordings: 'ok' });
    expect(report.checks.find((c) => c.name === 'mcp:hung')?.detail).toMatch(/^stdio server failed: timed out: not ready within 0\.8 ?s.*; if it is only slow, give it longer with --mcp-timeout MS \(mcpTimeout in robot-agent\.json\), or take it out \(robot-agent mcp remove hung\)$/);
    expect(report.checks.find((c) => c.name === 'api-key')?.detail).toMatch(/^ANTHROPIC_API_KEY is set \(not verified: doctor makes no request\): run plans with Claude/);
    expect(report.checks.every((c) => Number.isInteger(c.ms) && c.ms >= 0)).toBe(true);
    // The writability probe leaves nothing in the folder.
    expect(readdirSync(recordings)).toEqual([]);
  });

  it('reports a config file that does not load as a broken check, with the loader\'s line', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'ra-doctor-bad-')), 'robot-agent.json');
    writeFileSync(file, '{ "mcpServers": { "a": { "command": "x", "comand": "typo" } } }');
    const run = await runCli(['doctor', '--json', '--config', file]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { checks: { name: string; status: string; detail: string }[] };
    expect(report.checks.find((c) => c.name === 'config')).toMatchObject({ status: 'fail', detail: `${file}: mcpServers.a: unknown field "comand"` });
    expect(report.checks.some((c) => c.name.startsWith('mcp:'))).toBe(false);
  });

  it('has help', async () => {
    const run = await runBuilt(['help', 'doctor'], { cwd: tmpdir() });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: robot-agent doctor \[options\]/);
  });
});
