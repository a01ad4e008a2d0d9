import { rectCenter, rectContains, type Vec2 } from '../core/geometry.js';
import type { Zone } from '../core/map.js';
import type { KindDeps, Procedure } from './procedure.js';
import { RobotCommandError } from './robot-errors.js';
import { gripperStep } from './steps.js';

/** Where to put the held object: a zone (by its map name). */
export interface DeliveryGoal {
  zone: string;
}

/** How far inside a zone's edge the drop point must be to count as already in it. */
const INSIDE_MARGIN_M = 0.05;

/**
 * Where to stand so the held object lands in the zone: nowhere when the drop point already is
 * in it; else so the drop point is the zone centre, facing it from where the robot is, or the
 * centre itself when that spot is refused (against a wall the facing spot may be blocked).
 * Throws the refusal for the centre when both are refused.
 */
export function deliveryStand(deps: KindDeps, zone: Zone): (Vec2 & { heading?: number }) | undefined {
  const { backend } = deps.ctx;
  const jaws = deps.held.jaws();
  if (rectContains(zone, jaws, -INSIDE_MARGIN_M)) return undefined;
  const { pose } = backend.readState();
  const reach = backend.gripper.reach;
  const centre = rectCenter(zone);
  const heading = Math.atan2(centre.y - pose.y, centre.x - pose.x);
  const facing = { x: centre.x - reach * Math.cos(heading), y: centre.y - reach * Math.sin(heading), heading };
  // Not armed or e-stopped refuses either spot: say so, rather than try the other one.
  deps.safety.requireMotionAllowed('navigate');
  try {
    deps.safety.checkTrip(facing);
    return facing;
  } catch (e) {
    if (!(e instanceof RobotCommandError)) throw e;
    deps.safety.checkTrip(centre);
    return centre;
  }
}

/** Drive (when needed) so the drop point is in the zone, release, and check where it landed.
 *  Where to stand is decided when the delivery starts: a queued one starts from wherever the
 *  operations before it left the robot. */
export function deliveryProcedure(goal: DeliveryGoal, deps: KindDeps): Procedure {
  return async (io) => {
    const zone = deps.ctx.backend.staticMap().zones.find((z) => z.name === goal.zone);
    if (!zone) throw new RobotCommandError(`unknown zone "${goal.zone}"`, 'unknown_zone');
    const stand = deliveryStand(deps, zone);
    if (stand) await io.run(`driving to ${goal.zone}`, 'NAVIGATING', deps.drive(stand), [0, 0.9]);
    const { released, zone: landed } = await io.run('release', 'MANIPULATING', gripperStep(deps.ctx.backend, 'release', deps.held), [stand ? 0.9 : 0, 1]);
    if (landed !== goal.zone) {
      throw new RobotCommandError(`released ${(released as string | null) ?? 'the object'}, but it landed ${landed ? `in ${String(landed)}` : 'outside any zone'}, not in ${goal.zone}`, 'missed_zone', {
        landed_in_zone: landed ?? null,
      });
    }
    return { released, zone: landed };
  };
}
