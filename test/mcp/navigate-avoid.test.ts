/**
 * avoid_zones on the robot MCP server's drive tools, through the real SDK client and the
 * in-process transport on the warehouse: listed as an optional argument with the codes in the
 * description; a drive around bin_b whose operation result says so, while every pose the base
 * reports stays out; the coded refusals (unknown_zone, goal_in_avoided_zone,
 * no_route_avoiding_zones); and a fetch — approach, grasp, release into bin_a — that keeps out
 * of bin_b all the way, the object found by the camera and the detector.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { distanceToRect, type Vec2 } from '../../src/core/geometry.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { createSimulatedRobot, type SimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { sharedDetector } from '../helpers/shared-detector.js';

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers) await c();
  closers = [];
});

async function connect(): Promise<{ client: Client; sr: SimulatedRobot; poses: Vec2[] }> {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1, sharedDetector: await sharedDetector() });
  const server = createRobotMcpServer({ robot: sr.robot, wallClock: () => Date.UTC(2026, 10, 22, 12), rng: sr.toolRng, version: '0.0.0-test' });
  const conn = await connectInProcess(server);
  closers.push(conn.close);
  const poses: Vec2[] = [];
  sr.sim.backend.onUpdate(() => poses.push({ ...sr.sim.backend.readState().pose }));
  return { client: conn.client, sr, poses };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
const structured = (r: CallToolResult) => r.structuredContent as Record<string, any>;

describe('avoid_zones on the drive tools', () => {
  it('is an optional argument of every drive tool, described with its codes', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    for (const name of ['navigate_to', 'navigate_to_zone', 'approach_object', 'release_object']) {
      const tool = tools.find((t) => t.name === name)!;
      const props = tool.inputSchema.properties as Record<string, { type?: string; items?: { type?: string } }>;
      expect(props.avoid_zones, name).toMatchObject({ type: 'array', items: { type: 'string' } });
      expect(tool.inputSchema.required ?? [], name).not.toContain('avoid_zones');
    }
    const navigate = tools.find((t) => t.name === 'navigate_to')!;
    for (const code of ['goal_in_avoided_zone', 'no_route_avoiding_zones', 'unsupported', 'avoided_zones']) expect(navigate.description).toContain(code);
  });

  it('drives around the zone, and the operation result says which zones it avoided', async () => {
    const { client, sr, poses } = await connect();
    await call(client, 'arm');
    const r = await call(client, 'navigate_to', { x: 8.9, y: 1.0, avoid_zones: ['bin_b'] });
    expect(r.isError).toBeFalsy();
    expect(structured(r).operation).toMatchObject({ status: 'succeeded', result: { avoided_zones: ['bin_b'] } });
    const binB = sr.sim.world.map.zones.find((z) => z.name === 'bin_b')!;
    expect(Math.min(...poses.map((p) => distanceToRect(binB, p)))).toBeGreaterThan(0.2);
    const plain = await call(client, 'navigate_to', { x: 1.5, y: 1.0 });
    expect(structured(plain).operation.result).not.toHaveProperty('avoided_zones');
  });

  it('refuses with a machine-readable code, before moving', async () => {
    const { client, sr } = await connect();
    await call(client, 'arm');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['navigate_to', { x: 8.9, y: 1, avoid_zones: ['packing_area'] }, 'unknown_zone'],
      ['navigate_to', { x: 7.2, y: 1, avoid_zones: ['bin_b'] }, 'goal_in_avoided_zone'],
      ['navigate_to_zone', { zone: 'bin_b', avoid_zones: ['bin_b'] }, 'goal_in_avoided_zone'],
      ['navigate_to', { x: 8.9, y: 1, avoid_zones: ['home'] }, 'no_route_avoiding_zones'],
    ];
    for (const [tool, args, code] of cases) {
      const r = await call(client, tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(structured(r).error.code, `${tool} ${JSON.stringify(args)}`).toBe(code);
    }
    expect(structured(await call(client, 'navigate_to', { x: 8.9, y: 1, avoid_zones: ['packing_area'] })).error.zones).toContain('bin_b');
    expect(sr.sim.backend.readState().pose).toMatchObject({ x: 1, y: 1 });
  });

  it('fetches an object seen by the camera into bin_a keeping out of bin_b on every drive', async () => {
    const { client, sr, poses } = await connect();
    await call(client, 'arm');
    const seen = structured(await call(client, 'scan_surroundings')).detections as Array<{ id: string }>;
    const cube = seen.find((d) => d.id.startsWith('blue_cube'));
    expect(cube, JSON.stringify(seen)).toBeDefined();
    const approach = await call(client, 'approach_object', { object_id: cube!.id, avoid_zones: ['bin_b'] });
    expect(structured(approach).operation.result).toMatchObject({ avoided_zones: ['bin_b'] });
    expect((await call(client, 'grasp_object', { object_id: cube!.id })).isError).toBeFalsy();
    const release = await call(client, 'release_object', { zone: 'bin_a', avoid_zones: ['bin_b'] });
    expect(release.isError, JSON.stringify(release.structuredContent)).toBeFalsy();
    expect(structured(release)).toMatchObject({ landed_in_zone: 'bin_a', operation: { result: { avoided_zones: ['bin_b'] } } });
    const binB = sr.sim.world.map.zones.find((z) => z.name === 'bin_b')!;
    expect(poses.every((p) => distanceToRect(binB, p) > 0.2)).toBe(true);
  });
});
