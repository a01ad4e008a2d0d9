import type { Robot } from '../robot/robot.js';
import { worldTruth, type WorldTruth } from '../sim/world-truth.js';
import type { World } from '../sim/world.js';

/**
 * The final ground truth of a mission, for evaluation only (tests, benches, the --json report),
 * with the robot core's own state beside it. The agent never sees it: it learns about the world
 * through the robot's tools.
 */
export interface WorldReport {
  robot: Omit<WorldTruth['robot'], 'holding'> & { holding: string | null; armed: boolean; state: string };
  objects: WorldTruth['objects'];
  parameters: Record<string, number | string | boolean>;
}

export function reportWorld(world: World, robot: Robot): WorldReport {
  const truth = worldTruth(world);
  return {
    robot: { ...truth.robot, armed: robot.armed, state: robot.state },
    objects: truth.objects,
    parameters: robot.parameters.snapshot(),
  };
}
