/**
 * End to end over ROS with the backend's own follower on /cmd_vel:
 * `robot-agent run --robot ros --robot-profile examples/ros/ros-sim-cmd-vel-robot.yaml` carries
 * out the pick-and-place against `robot-agent ros-sim`, two processes talking only through a real
 * roscore, and the simulator's ground truth agrees. Needs `npm run build`.
 */
import { describe, expect, it } from 'vitest';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { redCubeDelivered, rosSimForSuite, runPickAndPlace } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

describe.skipIf(!ROS_INSTALLED)('a mission over ROS driven by /cmd_vel', () => {
  const ros = rosSimForSuite();

  it('picks up the red cube and puts it in bin A, and the simulator agrees', { timeout: 1_200_000 }, async () => {
    const { run, report } = await runPickAndPlace(ros.master, 'examples/ros/ros-sim-cmd-vel-robot.yaml');
    expect(run.stderr).toBe('');
    expect(report.outcome).toBe('succeeded');
    expect(run.code).toBe(0);
    expect(report.scenario).toBe('ros-ros-sim-cmd-vel');
    const { code, truth } = await ros.sim.stop();
    expect(code).toBe(0);
    expect(redCubeDelivered(truth)).toEqual({ cube: expect.objectContaining({ zone: 'bin_a', heldBy: null }), othersInBinA: [], holding: null });
  });
});
