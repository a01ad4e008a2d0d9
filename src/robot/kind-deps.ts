import type { HeldObject } from './held-object.js';
import { driveStep } from './keep-out.js';
import type { Perception } from './perception.js';
import type { KindDeps } from './procedure.js';
import type { RobotContext } from './robot-context.js';
import type { Safety } from './safety.js';

/**
 * What the operation kinds get from the robot: its parts, the motion limits as the parameters
 * say now (read at each step, so a change applies to the next one), a drive step after the same
 * trip checks as navigate_to, and a look with the camera.
 */
export function kindDeps(ctx: RobotContext, safety: Safety, held: HeldObject, perception: Perception | undefined, detect: () => Promise<unknown>): KindDeps {
  const { backend, parameters } = ctx;
  const limits = () => ({
    maxLinear: parameters.number('max_linear_speed'),
    maxAngular: parameters.number('max_angular_speed'),
    tolerance: parameters.number('arrival_tolerance'),
  });
  return {
    ctx,
    safety,
    held,
    perception,
    limits,
    drive: (target, avoid = []) => {
      safety.checkTrip(target, avoid);
      return driveStep(backend, limits(), target, avoid);
    },
    detect,
  };
}
