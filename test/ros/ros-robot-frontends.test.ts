/**
 * `--robot ros` in the other front ends, against `robot-agent ros-sim` on a real roscore:
 * `serve --stdio --robot ros` driven by the MCP SDK's StdioClientTransport reports the pose the
 * robot has over ROS (after a rospy actionlib client, not robot-agent, moved it), and `tui --robot
 * ros` opens on the ROS robot's map in a real terminal (tmux) and leaves the ROS graph when it is
 * quit; serve leaves the graph when its client goes, or when a later option is wrong. Needs
 * `npm run build` (both run the built program).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ROS_INSTALLED, ROS_PYTHON, ROS_SKIP_REASON, type Roscore } from '../helpers/roscore.js';
import { startTuiInTmux, tmuxSkipReason } from '../helpers/tmux-tui.js';
import { BIN, runBuilt } from '../helpers/run-built.js';
import { ROOT, rosSimForSuite, runTool, until } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const PROFILE = join(ROOT, 'examples/ros/ros-sim-robot.yaml');

/** The nodes on the master, by `rosnode list`. */
async function nodes(master: Roscore): Promise<string[]> {
  return (await runTool(master, '/usr/bin/rosnode', ['list'])).stdout.split('\n').filter(Boolean);
}

describe.skipIf(!ROS_INSTALLED)('--robot ros in serve and tui', () => {
  const ros = rosSimForSuite();

  it('serve --stdio --robot ros reports the pose the robot has over ROS', async () => {
    // Moved by Debian's actionlib (rospy), so only the ROS robot's odometry can know where it is.
    const moved = await runTool(ros.master, ROS_PYTHON, ['test/fixtures/ros/move_base_goal_client.py', '2.5', '1.6', '1.5708'], 90_000);
    expect(moved.code, moved.stderr).toBe(0);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--stdio', '--robot', 'ros', '--robot-profile', PROFILE, '--master', ros.master.uri],
      cwd: ROOT,
      env: ros.master.env as Record<string, string>,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d) => (stderr += String(d)));
    const client = new Client({ name: 'ros-robot-serve-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const status = (await client.callTool({ name: 'get_robot_status', arguments: {} })) as CallToolResult;
      expect(status.isError, JSON.stringify(status.content)).toBeFalsy();
      const pose = (status.structuredContent as { pose: { x: number; y: number; heading_deg: number } }).pose;
      expect(Math.hypot(pose.x - 2.5, pose.y - 1.6)).toBeLessThan(0.06);
      expect(pose.heading_deg).toBeCloseTo(90, 0);
    } finally {
      await client.close();
    }
    expect(stderr).toMatch(/robot-agent MCP server on stdio \(ROS robot ros-sim on http:\/\/127\.0\.0\.1:\d+\)/);
    expect(stderr).not.toMatch(/error/i);
  }, 150_000);

  it('serve --stdio --robot ros leaves the ROS graph and exits 0 when its client closes stdin', async () => {
    const before = await nodes(ros.master);
    const child = spawn(process.execPath, [BIN, 'serve', '--stdio', '--robot', 'ros', '--robot-profile', PROFILE, '--master', ros.master.uri], { cwd: ROOT, env: ros.master.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const exited = once(child, 'exit');
    try {
      await until('serve has joined the robot', () => stderr.includes('MCP server on stdio'), { detail: () => stderr });
      expect((await nodes(ros.master)).length).toBe(before.length + 1);
      child.stdin.end();
      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      expect({ code, signal }, stderr).toEqual({ code: 0, signal: null });
      await until('its node is gone from the master', async () => (await nodes(ros.master)).length === before.length, { timeoutMs: 10_000 });
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);

  it('serve --robot ros with an audit log it cannot write says so and exits, not held open by the ROS connection', async () => {
    const run = await runBuilt(['serve', '--stdio', '--robot', 'ros', '--robot-profile', PROFILE, '--master', ros.master.uri, '--audit-log', '/nonexistent-dir/audit.jsonl'], { cwd: ROOT, env: ros.master.env });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/^robot-agent: cannot write the audit log \/nonexistent-dir\/audit\.jsonl: ENOENT; give a file in a writable folder$/);
  }, 60_000);

  it.skipIf(tmuxSkipReason !== null)('tui --robot ros opens on the ROS robot and leaves the graph when quit', async () => {
    const tui = startTuiInTmux({ columns: 140, rows: 40, args: ['tui', '--provider', 'planner', '--robot', 'ros', '--robot-profile', PROFILE, '--master', ros.master.uri] });
    try {
      // The scenario a ROS robot's session shows is the map it reported, named after its profile.
      const opened = await tui.waitForScreen((s) => s.includes('ros-ros-sim') && s.includes('pose ('), 'the ROS robot in the header and its pose');
      // Near where the rospy client of the first test left it: the pose comes from ROS odometry.
      const [, x, y, heading] = (/pose \((-?[\d.]+), (-?[\d.]+)\) (-?\d+)°/.exec(opened) ?? []).map(Number);
      expect(Math.hypot(x! - 2.5, y! - 1.6), opened).toBeLessThan(0.06);
      expect(Math.abs(heading! - 90), opened).toBeLessThanOrEqual(2);
      tui.press('C-c');
      await tui.waitForScreen((s) => s.includes('Press Ctrl-C again to quit'), 'the quit warning');
      tui.press('C-c');
      // It exits: the ROS connection was closed (rosnodejs's sockets would keep the process alive).
      const end = await tui.waitForScreen((s) => s.includes('ROBOT_AGENT_EXIT='), 'the program to end');
      expect(end).toContain('ROBOT_AGENT_EXIT=0');
      expect(end).toContain('session ended; the robot is stopped');
    } finally {
      tui.kill();
    }
  }, 120_000);
});
