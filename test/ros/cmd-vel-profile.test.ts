/**
 * A robot profile whose navigation is velocity commands (examples/ros/ros-sim-cmd-vel-robot.yaml):
 * it parses with its settings, the move_base profile still does, and mistakes are one line
 * naming the field and its line. No ROS needed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRobotProfile, RobotProfileError } from '../../src/ros/backend/robot-profile.js';

const CMD_VEL = readFileSync('examples/ros/ros-sim-cmd-vel-robot.yaml', 'utf8');
const MOVE_BASE = readFileSync('examples/ros/ros-sim-robot.yaml', 'utf8');

function problem(text: string): string {
  try {
    parseRobotProfile(text, 'robot.yaml');
  } catch (e) {
    expect(e).toBeInstanceOf(RobotProfileError);
    return (e as Error).message;
  }
  throw new Error('the profile was accepted');
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('navigation by /cmd_vel in a robot profile', () => {
  it('parses the example with its follower settings, and defaults for what it leaves out', () => {
    expect(parseRobotProfile(CMD_VEL, 'robot.yaml').navigation).toEqual({
      cmd_vel: '/cmd_vel',
      type: 'geometry_msgs/Twist',
      rate_hz: 20,
      max_angular_speed: 1.8,
      linear_accel: 1.2,
      angular_accel: 4,
      heading_tolerance_deg: 1.5,
      stall_timeout_ms: 10_000,
      odom_timeout_ms: 1_000,
    });
    const minimal = CMD_VEL.replace(/ {2}rate_hz:[\s\S]*?(?=\ngripper:)/, '');
    expect(parseRobotProfile(minimal, 'robot.yaml').navigation).toMatchObject({ cmd_vel: '/cmd_vel', rate_hz: 20, max_angular_speed: 1.5, stall_timeout_ms: 10_000 });
  });

  it('keeps move_base profiles as they were', () => {
    expect(parseRobotProfile(MOVE_BASE, 'robot.yaml').navigation).toEqual({ action: '/move_base', type: 'move_base_msgs/MoveBaseAction', frame: 'map', stop_topic: '/cmd_vel' });
  });

  it('says which navigation types there are when the type is neither', () => {
    const text = CMD_VEL.replace('type: geometry_msgs/Twist ', 'type: geometry_msgs/TwistStamped ');
    expect(problem(text)).toBe(
      `robot.yaml line ${lineOf(text, 'TwistStamped')}: field "navigation.type" type must be move_base_msgs/MoveBaseAction (with action: /move_base) or geometry_msgs/Twist (with cmd_vel: /cmd_vel, for robot-agent to follow its paths itself)`,
    );
  });

  it('asks for the velocity topic when a Twist navigation names an action instead', () => {
    expect(problem(CMD_VEL.replace('  cmd_vel: /cmd_vel\n', ''))).toMatch(/^robot\.yaml line \d+: field "navigation\.cmd_vel" needs the velocity topic the base listens on, e\.g\. cmd_vel: \/cmd_vel$/);
    expect(problem(CMD_VEL.replace('  cmd_vel: /cmd_vel\n', '  cmd_vel: /cmd_vel\n  action: /move_base\n'))).toMatch(/field "navigation" .*action/);
  });

  it('bounds the settings', () => {
    expect(problem(CMD_VEL.replace('rate_hz: 20 ', 'rate_hz: 500 '))).toMatch(/line \d+: field "navigation\.rate_hz" Too big: expected number to be <=100/);
    expect(problem(CMD_VEL.replace('stall_timeout_ms: 10000', 'stall_timeout_ms: -1'))).toMatch(/field "navigation\.stall_timeout_ms"/);
    expect(problem(CMD_VEL.replace('cmd_vel: /cmd_vel', 'cmd_vel: cmd vel'))).toMatch(/field "navigation\.cmd_vel" must be a ROS name like \/odom/);
  });
});
