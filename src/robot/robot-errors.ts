/**
 * A command the robot refuses or cannot do (not armed, e-stop latched, unreachable goal,
 * battery reserve…). The message says what was wrong and what to do; tools return it to the
 * model as an error result.
 */
export class RobotCommandError extends Error {
  override name = 'RobotCommandError';
  constructor(
    message: string,
    readonly code: string = 'refused',
  ) {
    super(message);
  }
}
