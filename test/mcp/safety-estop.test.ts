import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type CallToolResult, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { AuditLog } from '../../src/mcp/audit-log.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers = [];
});

type Answer = ElicitResult | 'no elicitation' | 'links only';

/** A robot served as `serve` serves it (remote clients, an audit log), and a way to connect
 *  real SDK clients to it, each its own session. */
function remoteRobot(allowUnconfirmedReset = false) {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
  const auditPath = join(mkdtempSync(join(tmpdir(), 'robot-audit-')), 'audit.jsonl');
  const audit = AuditLog.toFile(auditPath, sr.robot, () => Date.UTC(2026, 10, 24, 6));
  closers.push(async () => audit.close());
  const asked: string[] = [];
  const connect = async (name: string, answer: Answer): Promise<Client> => {
    const server = createRobotMcpServer({ robot: sr.robot, wallClock: Date.now, rng: sr.toolRng, version: '0.0.0-test', remote: { allowUnconfirmedReset }, audit });
    const capabilities = { 'no elicitation': {}, 'links only': { elicitation: { url: {} } } }[answer as string] ?? { elicitation: {} };
    const conn = await connectInProcess(server, { name, version: '1.2.3' }, { capabilities });
    if (typeof answer === 'object') {
      conn.client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params.message);
        return answer;
      });
    }
    closers.push(conn.close);
    return conn.client;
  };
  const auditEntries = () => readFileSync(auditPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, any>);
  return { sr, connect, asked, auditEntries };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
const errorOf = (r: CallToolResult) => (r.isError ? (r.structuredContent as { error: { code: string; message: string } }).error : undefined);

describe('releasing the e-stop needs a confirmation the server enforces (#17 item 6)', () => {
  it('asks the person at a client that supports elicitation, and releases only on yes', async () => {
    const robot = remoteRobot();
    const operator = await robot.connect('operator-console', 'no elicitation');
    await call(operator, 'emergency_stop', { reason: 'person in the aisle' });

    const declining = await robot.connect('careful-client', { action: 'accept', content: { confirm: false } });
    expect(errorOf(await call(declining, 'reset_emergency_stop'))?.code).toBe('confirmation_declined');
    const dismissing = await robot.connect('dismissing-client', { action: 'cancel' });
    expect(errorOf(await call(dismissing, 'reset_emergency_stop'))?.code).toBe('confirmation_declined');
    expect(robot.sr.robot.emergencyStopped).toBe(true);
    // The question says why and by whom the e-stop was latched.
    expect(robot.asked[0]).toMatch(/person in the aisle \(by client operator-console\)/);

    const confirming = await robot.connect('confirming-client', { action: 'accept', content: { confirm: true } });
    const released = await call(confirming, 'reset_emergency_stop');
    expect(errorOf(released)).toBeUndefined();
    expect(robot.sr.robot.emergencyStopped).toBe(false);
    expect(robot.sr.robot.armed).toBe(false);
    expect(robot.asked).toHaveLength(3);
  });

  it('refuses a client that cannot ask, unless the operator allowed unconfirmed resets', async () => {
    const strict = remoteRobot();
    const client = await strict.connect('plain-client', 'no elicitation');
    await call(client, 'emergency_stop');
    const refused = errorOf(await call(client, 'reset_emergency_stop'));
    expect(refused?.code).toBe('confirmation_required');
    expect(refused?.message).toMatch(/--allow-unconfirmed-estop-reset/);
    expect(strict.sr.robot.emergencyStopped).toBe(true);
    expect(errorOf(await call(client, 'arm'))?.code).toBe('estopped');
    // A client that can open links but not show a form cannot be asked either.
    const linksOnly = await strict.connect('browser-client', 'links only');
    expect(errorOf(await call(linksOnly, 'reset_emergency_stop'))?.code).toBe('confirmation_required');

    const lenient = remoteRobot(true);
    const other = await lenient.connect('plain-client', 'no elicitation');
    await call(other, 'emergency_stop');
    expect(errorOf(await call(other, 'reset_emergency_stop'))).toBeUndefined();
    expect(lenient.sr.robot.emergencyStopped).toBe(false);
  });

  it('does not ask when there is nothing to release', async () => {
    const robot = remoteRobot();
    const client = await robot.connect('confirming-client', { action: 'accept', content: { confirm: true } });
    expect(errorOf(await call(client, 'reset_emergency_stop'))?.code).toBe('not_estopped');
    expect(robot.asked).toHaveLength(0);
  });

  it('the embedded server keeps releasing without asking: its agent confirms tools itself', async () => {
    const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
    const conn = await connectInProcess(createRobotMcpServer({ robot: sr.robot, wallClock: Date.now, rng: sr.toolRng, version: '0.0.0-test' }));
    closers.push(conn.close);
    await call(conn.client, 'emergency_stop');
    expect(errorOf(await call(conn.client, 'reset_emergency_stop'))).toBeUndefined();
  });

  it('writes every actuation and safety event to the audit log with its session and client', async () => {
    const robot = remoteRobot();
    const driver = await robot.connect('driver-app', 'no elicitation');
    const operator = await robot.connect('operator-console', { action: 'accept', content: { confirm: true } });
    await call(driver, 'arm');
    await call(driver, 'navigate_to', { x: 3, y: 1 });
    await call(driver, 'get_robot_status'); // read-only: not an actuation
    await call(operator, 'emergency_stop', { reason: 'drill' });
    await call(driver, 'reset_emergency_stop'); // refused: cannot ask
    await call(operator, 'reset_emergency_stop');

    const entries = robot.auditEntries();
    for (const e of entries) expect(e).toMatchObject({ time: '2026-11-24T06:00:00.000Z', robot_time: expect.any(Number) });
    const calls = entries.filter((e) => e.event === 'tool_call').map((e) => [e.client, e.tool]);
    expect(calls).toEqual([
      ['driver-app', 'arm'],
      ['driver-app', 'navigate_to'],
      ['operator-console', 'emergency_stop'],
      ['driver-app', 'reset_emergency_stop'],
      ['operator-console', 'reset_emergency_stop'],
    ]);
    const results = entries.filter((e) => e.event === 'tool_result').map((e) => [e.client, e.tool, e.outcome]);
    expect(results).toContainEqual(['driver-app', 'navigate_to', 'ok']);
    expect(results).toContainEqual(['driver-app', 'reset_emergency_stop', 'confirmation_required']);
    expect(results).toContainEqual(['operator-console', 'reset_emergency_stop', 'ok']);
    expect(entries.filter((e) => e.event === 'confirmation').map((e) => [e.client, e.answer])).toEqual([
      ['driver-app', 'unsupported'],
      ['operator-console', 'accepted'],
    ]);
    expect(entries.find((e) => e.event === 'tool_result' && e.tool === 'navigate_to')).toMatchObject({ operation: 'op-1', status: 'succeeded' });
    // The robot's own safety events, stamped as the robot's.
    expect(entries.filter((e) => e.event === 'robot').map((e) => e.message)).toEqual(
      expect.arrayContaining(['armed', 'EMERGENCY STOP: drill (by client operator-console)', 'emergency stop reset; the robot stays disarmed until armed again']),
    );
    expect(entries.filter((e) => e.event === 'robot').every((e) => e.session === null && e.client === null)).toBe(true);
    expect(entries.filter((e) => e.event === 'session_start').map((e) => [e.client, e.elicitation])).toEqual([
      ['driver-app', false],
      ['operator-console', true],
    ]);
  });
});
