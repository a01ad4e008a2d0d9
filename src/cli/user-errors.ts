import { ConfigError } from '../config/config-file.js';
import { FileReadError } from '../core/read-file.js';
import { TokenError } from '../mcp/transports/token.js';
import { ReplayFileError } from '../replay/replay-reader.js';
import { RobotCommandError } from '../robot/robot-errors.js';
import { ProviderChoiceError } from '../runtime/provider-choice.js';
import { RosRobotError } from '../ros/backend/connect.js';
import { RobotProfileError } from '../ros/backend/robot-profile.js';
import { RosConnectError, RosUnknownTypeError } from '../ros/transport/ros-transport.js';
import { RosConfigError } from '../ros/primitives/config.js';
import { ScenarioError } from '../sim/scenario.js';
import { DetectorError } from '../vision/detector-error.js';
import { fileSystemProblem } from './fs-errors.js';
import { EXIT_FAILURE, EXIT_USAGE, UserError } from './io.js';

/**
 * The one place that decides which errors are the user's to fix and the exit code each gets, so
 * the same problem exits the same way whichever command met it. Commands let these errors
 * propagate; main() prints them as one line. Anything not listed is an internal error.
 */
const USER_ERRORS: ReadonlyArray<[new (...args: never[]) => Error, UserError['exitCode']]> = [
  // Something the user named or set up is wrong: a scenario, config, replay file, token, provider.
  [ScenarioError, EXIT_USAGE],
  [ConfigError, EXIT_USAGE],
  [ReplayFileError, EXIT_USAGE],
  [TokenError, EXIT_USAGE],
  [ProviderChoiceError, EXIT_USAGE],
  [RobotProfileError, EXIT_USAGE],
  // --ros-config: a malformed file, or a message type no installed package defines.
  [RosConfigError, EXIT_USAGE],
  [RosUnknownTypeError, EXIT_USAGE],
  // The job could not be done: no usable detector model, an unreadable input, a refused command.
  [DetectorError, EXIT_FAILURE],
  [FileReadError, EXIT_FAILURE],
  [RobotCommandError, EXIT_FAILURE],
  // A ROS master that cannot be reached; a ROS robot not there as its profile says (a silent topic, no move_base).
  [RosConnectError, EXIT_FAILURE],
  [RosRobotError, EXIT_FAILURE],
];

/** The error as a UserError, or undefined when it is not one the user can fix. */
export function asUserError(error: unknown): UserError | undefined {
  if (error instanceof UserError) return error;
  const known = USER_ERRORS.find(([kind]) => error instanceof kind);
  // A folder the user may not write, a full disk: theirs to fix, whichever command met it.
  const fsProblem = known ? undefined : fileSystemProblem(error);
  if (!known && !fsProblem) return undefined;
  const code = (error as { code?: unknown }).code;
  const userError = new UserError(fsProblem ?? (error as Error).message, known?.[1] ?? EXIT_FAILURE, typeof code === 'string' ? code : undefined);
  userError.stack = (error as Error).stack;
  return userError;
}
