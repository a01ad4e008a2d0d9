/**
 * End to end over ROS: `robot-agent run --robot ros --robot-profile examples/ros/ros-sim-robot.yaml`
 * carries out a pick-and-place against `robot-agent ros-sim` — two processes talking only through
 * a real roscore — and the simulator's ground truth (its --truth-file) agrees. Then what a user
 * gets wrong: a profile that is not YAML, an unknown message type, a master nobody runs, and
 * replaying the ROS mission's recording. Needs `npm run build`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROS_INSTALLED, ROS_SKIP_REASON, freePort, startRoscore } from '../helpers/roscore.js';
import { runBuilt } from '../helpers/run-built.js';
import { ROOT, redCubeDelivered, rosSimForSuite, runPickAndPlace } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const PROFILE = 'examples/ros/ros-sim-robot.yaml';
/** The built program with this process's environment, as a user runs it. */
const cli = (args: string[]) => runBuilt(args, { cwd: ROOT, env: process.env });

const tmp = mkdtempSync(join(tmpdir(), 'ros-e2e-'));

describe.skipIf(!ROS_INSTALLED)('a mission over ROS against ros-sim', () => {
  const ros = rosSimForSuite();

  const recording = join(tmp, 'ros-mission.jsonl');

  it('picks up the red cube and puts it in bin A, and the simulator agrees', { timeout: 1_200_000 }, async () => {
    const { run, report } = await runPickAndPlace(ros.master, PROFILE, ['--record', recording]);
    expect(run.stderr).toBe('');
    expect(report.outcome).toBe('succeeded');
    expect(run.code).toBe(0);
    expect(report.scenario).toBe('ros-ros-sim');
    expect(report.world.robot.holding).toBeNull();

    const { code, truth } = await ros.sim.stop();
    expect(code).toBe(0);
    // The cube is in bin A, nothing else was moved there, the gripper is empty.
    expect(redCubeDelivered(truth)).toEqual({ cube: expect.objectContaining({ zone: 'bin_a', heldBy: null }), othersInBinA: [], holding: null });
  }); // about two minutes of robot time, paced to the wall clock; far more on a loaded machine

  it('records which robot the mission ran on, and a replay says it cannot re-run it', async () => {
    const header = JSON.parse(readFileSync(recording, 'utf8').split('\n')[0]!) as { robot?: unknown };
    expect(header.robot).toEqual({ backend: 'ros', profile: 'ros-sim', master: ros.master.uri });
    const replay = await cli(['replay', recording]);
    expect(replay.code).toBe(2);
    expect(replay.stderr.trim().split('\n')).toHaveLength(1);
    expect(replay.stderr).toMatch(/recorded on a ros robot \(profile ros-sim on http:\/\/127\.0\.0\.1:\d+\) and cannot be re-executed without that robot/);
    const shown = await cli(['replay', '--show', recording]);
    expect(shown.code).toBe(0);
  }, 60_000);
});

describe.skipIf(!ROS_INSTALLED)('run --robot ros with bad input', () => {
  const profile = readFileSync(join(ROOT, PROFILE), 'utf8');

  it('names the line of malformed YAML in a profile, one line, exit 2', async () => {
    const file = join(tmp, 'malformed.yaml');
    writeFileSync(file, profile.replace('  topic: /odom', '  topic: [/odom'));
    const run = await cli(['run', '--robot', 'ros', '--robot-profile', file, 'look around']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/malformed\.yaml line \d+: malformed YAML/);
  }, 30_000);

  it('names the field and line of an unknown message type, exit 2', async () => {
    const file = join(tmp, 'unknown-type.yaml');
    writeFileSync(file, profile.replace('type: sensor_msgs/Image ', 'type: sensor_msgs/Imagex '));
    const line = profile.split('\n').findIndex((l) => l.includes('type: sensor_msgs/Image ')) + 1;
    const run = await cli(['run', '--robot', 'ros', '--robot-profile', file, 'look around']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`unknown-type\\.yaml line ${line}: field "camera\\.type" .*sensor_msgs/Image`));
  }, 30_000);

  it('says a missing --robot-profile is a usage error', async () => {
    const run = await cli(['run', '--robot', 'ros', 'look around']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--robot ros needs --robot-profile FILE/);
  }, 30_000);

  it('says in one line that an unreachable master cannot be reached, exit 1', async () => {
    const port = await freePort();
    const run = await cli(['run', '--robot', 'ros', '--robot-profile', PROFILE, '--master', `http://127.0.0.1:${port}`, 'look around']);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(`cannot reach the ROS master at http://127\\.0\\.0\\.1:${port}`));
  }, 60_000);

  it('names the silent topic when a master runs but no robot is on it, exit 1', async () => {
    const master = await startRoscore();
    try {
      const file = join(tmp, 'quick.yaml');
      writeFileSync(file, profile.replace('first_message_ms: 10000', 'first_message_ms: 1500'));
      const run = await cli(['run', '--robot', 'ros', '--robot-profile', file, '--master', master.uri, 'look around']);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/no occupancy grid on \/map within 1\.5 s/);
    } finally {
      await master.stop();
    }
  }, 60_000);
});
