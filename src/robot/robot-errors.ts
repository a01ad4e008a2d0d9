import type { FailureCode } from '../core/failure.js';

/**
 * A command the robot refuses or cannot do (not armed, e-stop latched, unreachable goal,
 * battery reserve…). The code is for programs (tools pass it on as `structuredContent.error`);
 * the message says what was wrong and what to do, for people and models.
 */
export class RobotCommandError extends Error {
  override name = 'RobotCommandError';
  constructor(
    message: string,
    readonly code: FailureCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
