import type { RobotBackend } from './backend.js';
import type { Vec2 } from '../core/geometry.js';

export interface ApproachPose {
  /** Where the base should stand. */
  stand: Vec2;
  /** Heading that faces the target. */
  heading: number;
  pathLengthM: number;
}

/**
 * Where to stand to face a point from `standoff` metres away: the straight-in direction from
 * the robot first, then other directions around the target, keeping the one with the shortest
 * feasible path (an object against a wall can only be reached from the open side).
 */
export function planApproach(backend: RobotBackend, target: Vec2, standoff: number): ApproachPose | { error: string } {
  const { pose } = backend.readState();
  const direct = Math.atan2(pose.y - target.y, pose.x - target.x);
  let best: ApproachPose | null = null;
  let lastReason = '';
  for (let i = 0; i < 12; i++) {
    // 0, +30°, -30°, +60°, … so the straight approach wins ties.
    const offset = (Math.ceil(i / 2) * (i % 2 === 1 ? 1 : -1) * Math.PI) / 6;
    const around = direct + offset;
    const stand = { x: target.x + standoff * Math.cos(around), y: target.y + standoff * Math.sin(around) };
    const plan = backend.planPath(stand);
    if (!plan.ok) {
      lastReason = plan.reason;
      continue;
    }
    if (!best || plan.lengthM < best.pathLengthM - 1e-9) best = { stand, heading: around + Math.PI, pathLengthM: plan.lengthM };
    // A free straight approach is good enough; no need to price the others.
    if (i === 0) break;
  }
  return best ?? { error: `no free spot ${standoff} m from (${target.x.toFixed(2)}, ${target.y.toFixed(2)}) to approach from (${lastReason})` };
}
