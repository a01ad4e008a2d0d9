import type { RobotBackend } from './backend.js';
import { round, type Vec2 } from '../core/geometry.js';
import type { KindDeps, Procedure } from './procedure.js';
import type { Perception, SeenObject } from './perception.js';
import { RobotCommandError } from './robot-errors.js';
import { matchesLabel, noMatchError, unknownObjectError } from './seen-objects.js';
import type { Zone } from '../core/map.js';
import { avoidZonesOf, zonesNamed } from './keep-out.js';

export interface ApproachPose {
  /** Where the base should stand. */
  stand: Vec2;
  /** Heading that faces the target. */
  heading: number;
  pathLengthM: number;
}

/** What to approach: a remembered object by id, or the nearest one matching a label. */
export interface ApproachGoal {
  object_id?: string;
  label?: string;
  /** Metres from the object centre to stop at. */
  standoff: number;
  /** Zones to keep out of on the way (map names). */
  avoid_zones?: string[];
}

/** Farther than standoff + this, the approach stops short first and looks again. */
const LOOK_AGAIN_BEYOND_M = 0.6;
/** Where the first stage stops: this much farther out than the final standoff. */
const FIRST_STAGE_EXTRA_M = 0.5;

/**
 * Where to stand to face a point from `standoff` metres away: the straight-in direction from
 * the robot first, then other directions around the target, keeping the one with the shortest
 * feasible path (an object against a wall can only be reached from the open side).
 */
export function planApproach(backend: RobotBackend, target: Vec2, standoff: number, avoid: readonly Zone[] = []): ApproachPose {
  const { pose } = backend.readState();
  const direct = Math.atan2(pose.y - target.y, pose.x - target.x);
  let best: ApproachPose | null = null;
  let lastReason = '';
  for (let i = 0; i < 12; i++) {
    // 0, +30°, -30°, +60°, … so the straight approach wins ties.
    const offset = (Math.ceil(i / 2) * (i % 2 === 1 ? 1 : -1) * Math.PI) / 6;
    const around = direct + offset;
    const stand = { x: target.x + standoff * Math.cos(around), y: target.y + standoff * Math.sin(around) };
    const plan = avoid.length ? backend.planPath(stand, avoid) : backend.planPath(stand);
    if (!plan.ok) {
      lastReason = plan.reason;
      continue;
    }
    if (!best || plan.lengthM < best.pathLengthM - 1e-9) best = { stand, heading: around + Math.PI, pathLengthM: plan.lengthM };
    // A free straight approach is good enough; no need to price the others.
    if (i === 0) break;
  }
  if (best) return best;
  throw new RobotCommandError(`no free spot ${standoff} m from (${target.x.toFixed(2)}, ${target.y.toFixed(2)}) to approach from (${lastReason})`, 'unreachable');
}

/** The object an approach is for, nearest first when a label matches several. */
export function approachTarget(backend: RobotBackend, perception: Perception | undefined, goal: ApproachGoal): SeenObject {
  const { pose } = backend.readState();
  const seen = (perception?.objects() ?? []).filter((o) => (goal.object_id ? o.id === goal.object_id : matchesLabel(o, goal.label!)));
  const nearest = seen.sort((a, b) => Math.hypot(a.x - pose.x, a.y - pose.y) - Math.hypot(b.x - pose.x, b.y - pose.y))[0];
  if (nearest) return nearest;
  throw goal.object_id ? unknownObjectError(perception, goal.object_id) : noMatchError(perception, goal.label!);
}

/** The first place an approach drives to: short of the object when it is far (to look again
 *  from closer), else the final stand. */
export function firstApproachStand(backend: RobotBackend, target: SeenObject, standoff: number, avoid: readonly Zone[] = []): { pose: ApproachPose; final: boolean } {
  const { pose } = backend.readState();
  const far = Math.hypot(target.x - pose.x, target.y - pose.y) > standoff + LOOK_AGAIN_BEYOND_M;
  return { pose: planApproach(backend, target, far ? standoff + FIRST_STAGE_EXTRA_M : standoff, avoid), final: !far };
}

/**
 * The staged approach: stop short and look again, so the final approach uses a fresh, closer
 * estimate of where the object is; then stop facing it at the standoff.
 */
export function approachProcedure(goal: ApproachGoal, deps: KindDeps): Procedure {
  const { backend } = deps.ctx;
  return async (io) => {
    const avoid = zonesNamed(backend, avoidZonesOf({ ...goal }));
    let target = approachTarget(backend, deps.perception, goal);
    const first = firstApproachStand(backend, target, goal.standoff, avoid);
    if (!first.final) {
      await io.run(`approach to ${target.id}`, 'NAVIGATING', deps.drive({ ...first.pose.stand, heading: first.pose.heading }, avoid), [0, 0.5]);
      const id = target.id;
      await io.detect();
      const again = deps.perception?.objects().find((o) => o.id === id) ?? lookAgain(deps, goal);
      if (!again) {
        if (deps.perception?.renamedTo(id)) throw unknownObjectError(deps.perception, id);
        throw new RobotCommandError(`${id} is no longer where it was seen; call scan_surroundings to look for it`, 'unknown_object');
      }
      target = again;
    }
    const final = first.final ? first.pose : planApproach(backend, target, goal.standoff, avoid);
    const arrived = await io.run(`approach to ${target.id}`, 'NAVIGATING', deps.drive({ ...final.stand, heading: final.heading }, avoid), [first.final ? 0 : 0.5, 1]);
    // Measured from the reported (rounded) pose, as a caller reading both would.
    const { pose } = backend.readState();
    const distance = Math.hypot(target.x - round(pose.x), target.y - round(pose.y));
    return { ...arrived, object_id: target.id, object_position: { x: round(target.x), y: round(target.y) }, distance_m: round(distance) };
  };
}

function lookAgain(deps: KindDeps, goal: ApproachGoal): SeenObject | undefined {
  try {
    return approachTarget(deps.ctx.backend, deps.perception, goal);
  } catch {
    return undefined;
  }
}
