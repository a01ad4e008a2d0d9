/**
 * Safety under several clients on the built `robot-agent serve` (run `npm run build` first),
 * driven by the SDK's own clients. The deadman (#17 item 7): motion a session started stops when
 * the session goes away — an HTTP DELETE, or a stdio client closing the server's stdin — unless
 * it was started with detach. The e-stop release asked over HTTP (#17 item 6). The simulator
 * follows the wall clock here, so a drive is still under way when the session ends.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { spawnServeHttp, type Served } from '../helpers/spawn-serve.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/robot-agent.js', import.meta.url));

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function auditFile(): { path: string; entries: () => Array<Record<string, any>> } {
  const path = join(mkdtempSync(join(tmpdir(), 'robot-deadman-')), 'audit.jsonl');
  return { path, entries: () => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l)) };
}

async function serveHttp(auditPath: string): Promise<Served> {
  const served = await spawnServeHttp(['--realtime', '--audit-log', auditPath]);
  cleanups.push(served.stop);
  return served;
}

async function httpClient(url: string, name: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  cleanups.push(() => client.close().catch(() => undefined));
  return { client, transport };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as Record<string, any>;
}

/** Starts a long drive and resolves once the server has reported progress on it: it is moving. */
async function driveUnderWay(client: Client, args: Record<string, unknown> = {}): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    client
      .callTool({ name: 'navigate_to', arguments: { x: 8.5, y: 1, ...args } }, undefined, { onprogress: () => resolve(), timeout: 60_000 })
      .then(() => reject(new Error('the drive ended before the session did')), () => undefined);
  });
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `serve --http` with an audit log, and two sessions on it: `driver-app`, which has armed the robot, and `observer`. */
async function armedDriverAndObserver() {
  const audit = auditFile();
  const served = await serveHttp(audit.path);
  const driver = await httpClient(served.url, 'driver-app');
  const observer = await httpClient(served.url, 'observer');
  await call(driver.client, 'arm');
  return { audit, driver, observer };
}

describe('deadman over HTTP', () => {
  it('stops the drive of a session that is deleted while the drive is in flight', async () => {
    const { audit, driver, observer } = await armedDriverAndObserver();
    await driveUnderWay(driver.client);
    expect((await call(observer.client, 'get_robot_status')).velocity.linear).toBeGreaterThan(0);

    await driver.transport.terminateSession(); // DELETE /mcp

    await until(async () => (await call(observer.client, 'get_robot_status')).velocity.linear === 0, 'the base is at rest');
    const status = await call(observer.client, 'get_robot_status');
    expect(status).toMatchObject({ state: 'IDLE', operation: null, velocity: { linear: 0, angular: 0 } });
    const [op] = (await call(observer.client, 'list_operations')).operations;
    expect(op).toMatchObject({ kind: 'navigate', status: 'cancelled', error_code: 'cancelled' });
    expect(op.message).toMatch(/session that started it went away \(client driver-app\); stopped by the deadman/);
    const deadman = audit.entries().find((e) => e.event === 'deadman');
    expect(deadman).toMatchObject({ client: 'driver-app', stopped: [op.id], session: expect.any(String) });
  });

  it('stops a drive started with wait: false too, when its session is deleted', async () => {
    const { driver, observer } = await armedDriverAndObserver();
    const started = await call(driver.client, 'navigate_to', { x: 8.5, y: 1, wait: false });
    await until(async () => (await call(observer.client, 'get_robot_status')).velocity.linear > 0, 'the drive is under way');
    await driver.transport.terminateSession();
    await until(async () => (await call(observer.client, 'get_operation', { id: started.operation.id })).status !== 'running', 'the drive ended');
    expect(await call(observer.client, 'get_operation', { id: started.operation.id })).toMatchObject({ status: 'cancelled', message: expect.stringMatching(/deadman/) });
    await until(async () => (await call(observer.client, 'get_robot_status')).state === 'IDLE', 'the base is at rest');
  });

  it('lets a motion started with detach: true go on after its session ends', async () => {
    const { audit, driver, observer } = await armedDriverAndObserver();
    const started = await call(driver.client, 'navigate_to', { x: 8.5, y: 1, wait: false, detach: true });
    await driver.transport.terminateSession();
    await new Promise((r) => setTimeout(r, 500));
    const op = await call(observer.client, 'get_operation', { id: started.operation.id });
    expect(op.status).toBe('running');
    expect((await call(observer.client, 'get_robot_status')).velocity.linear).toBeGreaterThan(0);
    expect(audit.entries().some((e) => e.event === 'deadman')).toBe(false);
    await call(observer.client, 'stop');
  });
});

describe('deadman over stdio', () => {
  it('stops the drive when the client closes stdin, before the process exits', async () => {
    const audit = auditFile();
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', '--audit-log', audit.path], cwd: ROOT, stderr: 'pipe' });
    const client = new Client({ name: 'desktop-host', version: '1.0.0' });
    await client.connect(transport);
    const pid = transport.pid!;
    cleanups.push(() => void (isRunning(pid) && process.kill(pid, 'SIGKILL')));
    await call(client, 'arm');
    await driveUnderWay(client);

    await client.close(); // ends the server's stdin, then waits for it to exit
    await until(async () => !isRunning(pid), 'the server exited');

    const entries = audit.entries();
    const deadman = entries.findIndex((e) => e.event === 'deadman');
    expect(entries[deadman]).toMatchObject({ client: 'desktop-host', session: null, stopped: ['op-1'] });
    // Stopped by the deadman: the shutdown that follows found nothing left to cancel.
    expect(entries.slice(deadman).map((e) => e.event)).toEqual(['deadman', 'session_end', 'server_stop']);
    expect(entries.at(-1)).toMatchObject({ event: 'server_stop', cancelled_operations: 0 });
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('e-stop release over HTTP', () => {
  it('asks through elicitation on the tool call’s own stream and releases on yes', async () => {
    const audit = auditFile();
    const served = await serveHttp(audit.path);
    const transport = new StreamableHTTPClientTransport(new URL(served.url));
    const client = new Client({ name: 'confirming-client', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(transport);
    cleanups.push(() => client.close().catch(() => undefined));
    await call(client, 'emergency_stop', { reason: 'test' });
    const released = await call(client, 'reset_emergency_stop');
    expect(released).toMatchObject({ emergency_stop: false, armed: false });
    expect(asked).toHaveLength(1);
    expect(audit.entries().find((e) => e.event === 'confirmation')).toMatchObject({ client: 'confirming-client', answer: 'accepted', session: expect.any(String) });
  });
});

describe('--audit-log', () => {
  it('refuses a file it cannot write with one line and exit code 2, before serving', async () => {
    const r = await runCli(['serve', '--stdio', '--audit-log', join(tmpdir(), 'no-such-folder-robot-agent', 'audit.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot write the audit log .*audit\.jsonl: ENOENT; give a file in a writable folder/);
    expect(r.stdout).toBe('');
  });
});
