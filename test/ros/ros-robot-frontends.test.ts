/**
 * `--robot ros` in the other front ends, against `robot-agent ros-sim` on a real roscore:
 * `serve --stdio --robot ros` driven by the MCP SDK's StdioClientTransport reports the pose the
 * robot has over ROS (after a rospy actionlib client, not robot-agent, moved it), and `tui --robot
 * ros` opens on the ROS robot's map in a real terminal (tmux) and leaves the ROS graph when it is
 * quit. Needs `npm run build` (both run the built program).
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROS_INSTALLED, ROS_PYTHON, ROS_SKIP_REASON, startRoscore, type Roscore } from '../helpers/roscore.js';
import { startTuiInTmux, tmuxSkipReason } from '../helpers/tmux-tui.js';
import { BIN, ROOT, runTool, startRosSim, type RosSimProcess } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const PROFILE = join(ROOT, 'examples/ros/ros-sim-robot.yaml');

describe.skipIf(!ROS_INSTALLED)('--robot ros in serve and tui', () => {
  let master: Roscore;
  let sim: RosSimProcess;
  beforeAll(async () => {
    master = await startRoscore();
    sim = await startRosSim(master);
  }, 60_000);
  afterAll(async () => {
    if (sim?.child.exitCode === null) sim.child.kill('SIGKILL');
    await master?.stop();
  });

  it('serve --stdio --robot ros reports the pose the robot has over ROS', async () => {
    // Moved by Debian's actionlib (rospy), so only the ROS robot's odometry can know where it is.
    const moved = await runTool(master, ROS_PYTHON, ['test/fixtures/ros/move_base_goal_client.py', '2.5', '1.6', '1.5708'], 90_000);
    expect(moved.code, moved.stderr).toBe(0);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--stdio', '--robot', 'ros', '--robot-profile', PROFILE, '--master', master.uri],
      cwd: ROOT,
      env: master.env as Record<string, string>,
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

  it.skipIf(tmuxSkipReason !== null)('tui --robot ros opens on the ROS robot and leaves the graph when quit', async () => {
    const tui = startTuiInTmux({ columns: 140, rows: 40, args: ['tui', '--provider', 'planner', '--robot', 'ros', '--robot-profile', PROFILE, '--master', master.uri] });
    try {
      // The scenario a ROS robot's session shows is the map it reported, named after its profile.
      const opened = await tui.waitForScreen((s) => s.includes('ros-ros-sim') && s.includes('pose ('), 'the ROS robot in the header and its pose');
      // Where the rospy client of the test above left it: the pose comes from ROS odometry.
      expect(opened).toContain('pose (2.49, 1.60) 90°');
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
