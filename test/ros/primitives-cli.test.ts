/**
 * `serve --stdio --ros-config` as a real process (the built program) driven by the SDK's
 * StdioClientTransport against a real roscore and a rospy publisher, and the command's one-line
 * errors: an unreachable master (exit 1), a malformed file or an unknown type (exit 2).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROS_INSTALLED, ROS_SKIP_REASON, startRoscore, type Roscore } from '../helpers/roscore.js';
import { BIN } from '../helpers/run-built.js';
import { runCli } from '../helpers/run-cli.js';
import { ROOT } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const dir = mkdtempSync(join(tmpdir(), 'ros-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function configFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe.skipIf(!ROS_INSTALLED)('serve --ros-config', () => {
  let master: Roscore;
  beforeAll(async () => {
    master = await startRoscore();
    await master.startNode('test/fixtures/ros/battery_publisher.py', ['--percentage', '0.42']);
  }, 30_000);
  afterAll(() => master?.stop());

  it('serves the primitives next to the robot tools over stdio', async () => {
    const config = configFile('serve.yaml', `master: ${master.uri}\ntopics:\n  - { name: battery, topic: /battery_state, type: sensor_msgs/BatteryState, mode: subscribe }\n`);
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', '--no-realtime', '--ros-config', config], cwd: ROOT, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (d) => (stderr += String(d)));
    const client = new Client({ name: 'ros-config-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['battery', 'get_operation', 'navigate_to']));
      const r = (await client.callTool({ name: 'battery', arguments: {} })) as CallToolResult;
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      expect((r.structuredContent as { message: { percentage: number } }).message.percentage).toBeCloseTo(0.42, 5);
      const { resources } = await client.listResources();
      expect(resources.map((x) => x.uri)).toContain('ros://topics/battery');
    } finally {
      await client.close();
    }
    expect(stderr).not.toMatch(/error/i);
  }, 30_000);

  it('an unknown message type exits 2 in one line', async () => {
    const config = configFile('unknown.yaml', `master: ${master.uri}\ntopics:\n  - { name: b, topic: /b, type: sensor_msgs/BateryState, mode: subscribe }\n`);
    const run = await runCli(['serve', '--stdio', '--ros-config', config]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^robot-agent: unknown ROS message type "sensor_msgs\/BateryState"/)]);
  }, 20_000);
});

describe('serve --ros-config errors', () => {
  it('a malformed file exits 2 naming the line', async () => {
    const run = await runCli(['serve', '--stdio', '--ros-config', configFile('bad.yaml', 'topics:\n  - name: a\n   topic: /x\n')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^robot-agent: .*bad\.yaml:3: not valid YAML/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it.skipIf(!ROS_INSTALLED)('an unreachable master exits 1 in one line', async () => {
    const uri = `http://127.0.0.1:${await freePort()}`;
    const run = await runCli(['serve', '--stdio', '--ros-config', configFile('nomaster.yaml', `master: ${uri}\ntopics: []\n`)]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(`robot-agent: cannot reach the ROS master at ${uri}`)]);
  }, 20_000);
});
