import type { Robot } from '../../../robot/robot.js';
import type { CallerSession } from '../../caller-session.js';
import type { UtilityContext } from '../utility/context.js';
import type { ExternalOperations } from '../../server-extension.js';

/** What robot tools work with: the robot core (never the simulator), plus the utility context. */
export interface RobotToolContext extends UtilityContext {
  robot: Robot;
  /** The client calling (one per server); absent when a test calls a handler directly. */
  session?: CallerSession;
  /** Operations run outside the robot core (ROS action goals), found by the same operation tools. */
  externalOperations?: ExternalOperations;
}
