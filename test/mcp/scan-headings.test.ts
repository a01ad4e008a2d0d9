import { afterEach, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { sharedDetector } from '../helpers/shared-detector.js';

// In the warehouse the robot starts at (1, 1) facing +x: the blue cube (4.6, 1.3) is straight
// ahead, the green ball (2.0, 5.8) about 78° to the left.
let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers) await c();
  closers = [];
});

async function armedClient() {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1, sharedDetector: await sharedDetector() });
  const conn = await connectInProcess(createRobotMcpServer({ robot: sr.robot, wallClock: () => Date.UTC(2026, 10, 22, 12), rng: sr.toolRng, version: '0.0.0-test' }));
  closers.push(conn.close);
  await conn.client.callTool({ name: 'arm', arguments: {} });
  return conn.client;
}

async function scan(args: Record<string, unknown>) {
  const client = await armedClient();
  const progress: string[] = [];
  const r = (await client.callTool({ name: 'scan_surroundings', arguments: args }, undefined, { onprogress: (p) => progress.push(p.message ?? '') })) as CallToolResult;
  const out = r.structuredContent as { detections: Array<{ label: string }>; pose: { heading_deg: number } } | undefined;
  return { r, labels: (out?.detections ?? []).map((d) => d.label).sort(), heading: out?.pose.heading_deg, progress };
}

describe('scan_surroundings with headings_deg', () => {
  it('looks only in the directions asked, in order, and ends facing the last', async () => {
    const left = await scan({ headings_deg: [90] });
    expect(left.labels).toEqual(['green_ball']);
    expect(left.heading).toBeCloseTo(90, 0);
    expect(left.progress).toEqual(['looked in 1 of 1 directions']);

    const both = await scan({ headings_deg: [30, 60, 90] });
    expect(both.labels).toEqual(['blue_cube', 'green_ball']);
    expect(both.heading).toBeCloseTo(90, 0);
    expect(both.progress).toEqual(['looked in 1 of 3 directions', 'looked in 2 of 3 directions', 'looked in 3 of 3 directions']);
  });

  it('turns the short way: 350° from 0° is a small turn right, not most of a circle', async () => {
    const r = await scan({ headings_deg: [-10] });
    expect(r.heading).toBeCloseTo(-10, 0);
    expect(r.labels).toEqual(['blue_cube']);
  });

  it('all around without it, as before, reporting each view as progress', async () => {
    const r = await scan({});
    // One progress line a view: a turn's own progress (its share of one turn) would go backwards.
    expect(r.progress).toEqual(Array.from({ length: 12 }, (_, i) => `looked in ${i + 1} of 12 directions`));
    expect(r.labels).toEqual(expect.arrayContaining(['blue_cube', 'green_ball']));
  });

  it('refuses an empty list as bad arguments', async () => {
    const client = await armedClient();
    const r = (await client.callTool({ name: 'scan_surroundings', arguments: { headings_deg: [] } })) as CallToolResult;
    expect(r.isError).toBe(true);
  });
});
