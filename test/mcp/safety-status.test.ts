import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { createSimulatedRobot, type SimulatedRobot } from '../../src/runtime/simulated-robot.js';

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers) await c();
  closers = [];
});

async function connect(): Promise<{ client: Client; sr: SimulatedRobot }> {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
  const server = createRobotMcpServer({ robot: sr.robot, wallClock: () => Date.UTC(2026, 10, 22, 12), rng: sr.toolRng, version: '0.0.0-test' });
  const conn = await connectInProcess(server);
  closers.push(conn.close);
  return { client: conn.client, sr };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as Record<string, any>;
}

async function readState(client: Client) {
  const { contents } = await client.readResource({ uri: 'robot://state' });
  return JSON.parse((contents[0] as { text: string }).text) as Record<string, any>;
}

describe('status while braking (#17 item 11)', () => {
  it('reports velocity, and STOPPING after stop until the base is at rest', async () => {
    const { client, sr } = await connect();
    expect((await call(client, 'get_robot_status')).velocity).toEqual({ linear: 0, angular: 0 });
    await call(client, 'arm');
    await call(client, 'navigate_to', { x: 5, y: 1, wait: false });
    await sr.sim.backend.sleep(2);
    const driving = await call(client, 'get_robot_status');
    expect(driving.state).toBe('NAVIGATING');
    expect(driving.velocity.linear).toBeGreaterThan(0.2);

    await call(client, 'stop');
    const braking = await call(client, 'get_robot_status');
    expect(braking.state).toBe('STOPPING');
    expect(braking.velocity.linear).toBeGreaterThan(0);
    expect(await readState(client)).toMatchObject({ state: 'STOPPING', velocity: braking.velocity });
    expect((await call(client, 'get_state')).state).toBe('STOPPING');

    await sr.sim.backend.sleep(2);
    const resting = await call(client, 'get_robot_status');
    expect(resting).toMatchObject({ state: 'IDLE', velocity: { linear: 0, angular: 0 } });
    expect(resting.pose.x).toBeGreaterThan(braking.pose.x); // it did travel while STOPPING
  });

  it('reads STOPPING with the e-stop latched while braking, then ESTOPPED', async () => {
    const { client, sr } = await connect();
    await call(client, 'arm');
    await call(client, 'rotate', { angle_deg: 300, wait: false });
    await sr.sim.backend.sleep(1.5);
    expect(Math.abs((await call(client, 'get_robot_status')).velocity.angular)).toBeGreaterThan(10);
    const latched = await call(client, 'emergency_stop', { reason: 'test' });
    expect(latched).toMatchObject({ state: 'STOPPING', emergency_stop: true, armed: false });
    await sr.sim.backend.sleep(2);
    expect(await call(client, 'get_robot_status')).toMatchObject({ state: 'ESTOPPED', emergency_stop: true, velocity: { linear: 0, angular: 0 } });
  });
});
