import type { GroundedGoal } from './grounding.js';
import { whyNoWayTo } from './skills/floor-routes.js';
import type { SkillContext } from './skills/skill-context.js';

/**
 * Points an instruction names ("put it at (2, 7)", "go to 9.9, 1") checked on the map before
 * anything moves: a point inside furniture or against a wall was found out only on the way there,
 * after the object had been picked up, and the mission ended holding it.
 */
export function pointOutOfReach({ beliefs, robot }: SkillContext, goals: readonly GroundedGoal[]): string | null {
  if (!beliefs.map) return null;
  for (const goal of goals) {
    const target = goal.kind === 'place' || goal.kind === 'goto' ? goal.target : null;
    if (!target || !('point' in target)) continue;
    const why = whyNoWayTo(beliefs.map, robot.pose, target.point);
    if (why) return `I cannot get to (${target.point.x}, ${target.point.y}): ${why}.`;
  }
  return null;
}
