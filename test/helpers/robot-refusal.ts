import { expect } from 'vitest';
import { RobotCommandError } from '../../src/robot/robot-errors.js';

/** The RobotCommandError a robot command refuses with; fails the test when it is accepted. */
export function refusal(fn: () => unknown): RobotCommandError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RobotCommandError);
    return e as RobotCommandError;
  }
  throw new Error('expected the robot to refuse');
}
