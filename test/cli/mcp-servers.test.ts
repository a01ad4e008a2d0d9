import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startFakeMessagesApi, toolUse, turn, type FakeMessagesApi, type FakeStep } from '../helpers/fake-messages-api.js';
import { runCli } from '../helpers/run-cli.js';
import { spawnServeHttp } from '../helpers/spawn-serve.js';

/*
 * External MCP servers in `run` and `mcp list`, end to end with real servers: they connect in the
 * background while the mission runs, their status lines go to stderr as they change, and a run
 * that succeeds ends without a word of "disconnected". A mission is made to wait for a server's
 * news by a scripted Claude turn that answers only once stderr says so: event order, never time.
 */

const require = createRequire(import.meta.url);
const everythingEntry = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
const crasher = resolve('test/fixtures/crashing-mcp-server.mjs');
const slowServer = resolve('test/fixtures/slow-mcp-server.mjs');

let fakes: FakeMessagesApi[] = [];
afterEach(async () => {
  for (const f of fakes) await f.close();
  fakes = [];
});

function writeConfig(servers: Record<string, unknown>, settings: Record<string, unknown> = {}): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ra-cfg-')), 'robot-agent.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers, ...settings }));
  return file;
}

/** The program in-process, its stderr readable while it runs. */
function startCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  stdout.on('data', (d) => (out += String(d)));
  stderr.on('data', (d) => {
    err += String(d);
    for (const w of [...waiters]) {
      if (!w.pattern.test(err)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  const state = mkdtempSync(join(tmpdir(), 'ra-state-'));
  const done = main(args, { stdout, stderr, env: { XDG_STATE_HOME: state, ...env } }).then((code) => ({ code, stdout: out, stderr: err }));
  /** Resolves once stderr matches; rejects if the program ends first. */
  const stderrShows = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(err)) return resolve();
      waiters.push({ pattern, resolve });
      void done.then(() => reject(new Error(`the program ended without ${pattern} on stderr:\n${err}`)));
    });
  return { done, stderrShows, stderr: () => err };
}

/** A fake Messages API whose steps may wait (a function answering when its news has come). */
async function fakeClaude(steps: (FakeStep | (() => Promise<FakeStep>))[]) {
  let next = 0;
  const fake = await startFakeMessagesApi(() => {
    const step = steps[next++];
    if (!step) throw new Error('the script ran out');
    return typeof step === 'function' ? step() : step;
  });
  fakes.push(fake);
  return { fake, env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.baseURL } };
}

const report = (summary: string) => turn([toolUse('report_mission_outcome', { outcome: 'succeeded', summary })], { stop_reason: 'tool_use' });
const lines = (text: string) => text.trimEnd().split('\n');

describe('robot-agent run with external MCP servers', () => {
  it('offers their tools once connected, goes on when one crashes, and prints no false "disconnected" at the end', async () => {
    const config = writeConfig({
      everything: { command: process.execPath, args: [everythingEntry, 'stdio'] },
      crasher: { command: process.execPath, args: [crasher] },
    });
    const app: { cli?: ReturnType<typeof startCli> } = {};
    const { fake, env } = await fakeClaude([
      async () => {
        await app.cli!.stderrShows(/"everything" connected/);
        await app.cli!.stderrShows(/"crasher" connected/);
        return turn([toolUse('get_robot_status', {})], { stop_reason: 'tool_use' });
      },
      turn([toolUse('everything__echo', { message: 'hello robot' })], { stop_reason: 'tool_use' }),
      turn([toolUse('crasher__crash', {})], { stop_reason: 'tool_use' }),
      turn([toolUse('crasher__ping', {}), toolUse('get_state', {})], { stop_reason: 'tool_use' }),
      report('Echoed and survived.'),
    ]);
    const cli = (app.cli = startCli(['run', 'echo something', '--json', '--no-record', '--config', config], env));
    const run = await cli.done;
    expect(run.code, run.stderr).toBe(0);
    // The turn after they connected offered their tools, namespaced.
    expect(fake.answered[1]!.body.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['everything__echo', 'crasher__ping', 'get_robot_status']));
    const r = JSON.parse(run.stdout);
    expect(r.toolCalls.map((c: { name: string; isError: boolean }) => `${c.name}:${c.isError}`)).toEqual([
      'get_robot_status:false',
      'everything__echo:false',
      'crasher__crash:true',
      'crasher__ping:true',
      'get_state:false',
    ]);
    expect(JSON.stringify(fake.answered[2]!.body.messages)).toMatch(/hello robot/);
    // Once it crashed, the next turn no longer offers its tools, and a call to one is refused unsent.
    const offered = (i: number) => fake.answered[i]!.body.tools.map((t: { name: string }) => t.name);
    expect(offered(2)).toContain('crasher__ping');
    expect(offered(3)).not.toContain('crasher__ping');
    expect(offered(3)).toContain('everything__echo');
    expect(JSON.stringify(fake.answered[4]!.body.messages.at(-1))).toMatch(/unknown tool \\"crasher__ping\\"/);
    // A line per change, as it happened; the crash once; nothing about the end of the run.
    const said = lines(run.stderr);
    expect(said.slice(0, 2)).toEqual(['robot-agent: MCP server "everything" connecting', 'robot-agent: MCP server "crasher" connecting']);
    expect(said.slice(2, 4).sort()).toEqual([
      expect.stringMatching(/^robot-agent: MCP server "crasher" connected \(2 tools, \d+ ms\)$/),
      expect.stringMatching(/^robot-agent: MCP server "everything" connected \(\d+ tools, \d+ ms\)$/),
    ]);
    expect(said.slice(4)).toEqual([expect.stringMatching(/^robot-agent: MCP server "crasher" disconnected: the server process exited; stderr: .*about to crash on purpose; its tools are withdrawn$/)]);
  });

  it('ends a successful planner run with the README\'s "everything" server without a "disconnected" line', async () => {
    const config = writeConfig({ everything: { command: process.execPath, args: [everythingEntry, 'stdio'] } });
    const run = await runCli(['run', 'go to bin a', '--no-record', '--config', config]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/disconnected/);
    // The mission does not wait: the server got ready during it, or it was still on its way.
    expect(lines(run.stderr)).toEqual([
      'robot-agent: MCP server "everything" connecting',
      expect.stringMatching(/^robot-agent: MCP server "everything" (connected \(\d+ tools, \d+ ms\)|was still connecting when the mission ended; its tools were not offered)$/),
    ]);
  });

  it('starts the mission without waiting for a hung server: still connecting at the first turn, its tools not offered', async () => {
    const config = writeConfig({ hung: { command: process.execPath, args: [slowServer, '--hang'] } });
    const app: { cli?: ReturnType<typeof startCli> } = {};
    let atFirstTurn: string | undefined;
    const { env } = await fakeClaude([
      async () => {
        atFirstTurn = app.cli!.stderr();
        return report('Done without the hung server.');
      },
    ]);
    // A limit far beyond the mission: the first turn comes while the server is still connecting,
    // however long a loaded machine takes to get there (the timeout's own wording: hub-background).
    const cli = (app.cli = startCli(['run', 'anything', '--json', '--no-record', '--mcp-timeout', '600000', '--config', config], env));
    const run = await cli.done;
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).outcome).toBe('succeeded');
    expect(lines(atFirstTurn!)).toEqual(['robot-agent: MCP server "hung" connecting']);
    expect(lines(run.stderr)).toEqual([
      'robot-agent: MCP server "hung" connecting',
      'robot-agent: MCP server "hung" was still connecting when the mission ended; its tools were not offered',
    ]);
  });

  it('fails only the server whose env: header variable is unset, and the mission goes on', async () => {
    const config = writeConfig({ web: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'env:ROBOT_AGENT_TEST_UNSET' } } });
    const run = await runCli(['run', 'go to bin a', '--json', '--no-record', '--config', config]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).outcome).toBe('succeeded');
    expect(run.stderr).toBe(
      `robot-agent: MCP server "web" failed: environment variable ROBOT_AGENT_TEST_UNSET is not set (mcpServers.web.headers.Authorization in ${config} is "env:ROBOT_AGENT_TEST_UNSET"); set it, or give the server "disabled": true; carrying on without it\n`,
    );
  });

  it("uses the project's own serve --http as an external server over Streamable HTTP", async () => {
    const served = await spawnServeHttp(['--scenario', 'twins']);
    try {
      const config = writeConfig({ other: { url: served.url } });
      const app: { cli?: ReturnType<typeof startCli> } = {};
      const { fake, env } = await fakeClaude([
        async () => {
          await app.cli!.stderrShows(/"other" connected/);
          return turn([toolUse('get_robot_status', {})], { stop_reason: 'tool_use' });
        },
        turn([toolUse('other__get_robot_status', {})], { stop_reason: 'tool_use' }),
        report('Asked the other robot.'),
      ]);
      const cli = (app.cli = startCli(['run', 'ask the other robot', '--json', '--no-record', '--config', config], env));
      const run = await cli.done;
      expect(run.code, run.stderr).toBe(0);
      expect(fake.answered[1]!.body.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['other__navigate_to', 'other__get_robot_status']));
      expect(JSON.stringify(fake.answered[2]!.body.messages.at(-1))).toMatch(/IDLE, disarmed, at \(1, 1\)/);
      expect(run.stderr).not.toMatch(/disconnected/);
    } finally {
      await served.stop();
    }
  });

  it('refuses an --mcp-timeout that is not a positive whole number of ms, as a usage error', async () => {
    const run = await runCli(['run', 'go to bin a', '--mcp-timeout', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^robot-agent: option '--mcp-timeout <ms>' argument '0' is invalid\. "0" must be 1 or more\. \(see robot-agent run --help\)\n$/);
  });
});

describe('robot-agent mcp list with slow and broken servers', () => {
  it('bounds a hung server by --mcp-timeout, which wins over the config file\'s mcpTimeout', async () => {
    const servers = {
      hung: { command: process.execPath, args: [slowServer, '--hang'] },
      web: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'env:ROBOT_AGENT_TEST_UNSET' } },
    };
    const fromFile = await runCli(['mcp', 'list', '--json', '--config', writeConfig(servers, { mcpTimeout: 1200 })]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const listed = JSON.parse(fromFile.stdout) as { name: string; state: string; error?: string }[];
    expect(listed.map((s) => [s.name, s.state])).toEqual([
      ['robot', 'connected'],
      ['hung', 'failed'],
      ['web', 'failed'],
    ]);
    expect(listed[1]!.error).toMatch(/^timed out: not ready within 1\.2s \(--mcp-timeout\)/);
    expect(listed[2]!.error).toMatch(/^environment variable ROBOT_AGENT_TEST_UNSET is not set/);

    const flagWins = await runCli(['mcp', 'list', '--mcp-timeout', '700', '--config', writeConfig(servers, { mcpTimeout: 600_000 })]);
    expect(flagWins.code, flagWins.stderr).toBe(0);
    expect(flagWins.stdout).toMatch(/^hung \(stdio\) {2}failed: timed out: not ready within 0\.7s \(--mcp-timeout\)/m);
  });
});
