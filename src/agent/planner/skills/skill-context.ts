import type { Beliefs } from '../beliefs.js';
import type { RobotLink } from '../robot-link.js';

/** What every skill works with: the line to the robot, what the planner believes, and the
 *  object the last goal handled (what "it" / "them" refer to). */
export interface SkillContext {
  readonly robot: RobotLink;
  readonly beliefs: Beliefs;
  lastObject: string | null;
}
