import type { GroundedGoal } from './grounding.js';
import type { SkillContext } from './skills/skill-context.js';

/**
 * Goals said in the robot's own frame ("move forward 1.5 m", "rotate to face the shelf") made
 * goals of the map when their turn comes, from the pose the robot reports then: a drive becomes a
 * trip to the point that far that way, a facing becomes a turn by the angle to the place. Read
 * before the mission, they would be measured from where the robot started, not from where the
 * goals before them left it ("go to bin a, then back up 1 m").
 */
export function fromWhereItStands({ robot, beliefs }: Pick<SkillContext, 'robot' | 'beliefs'>, goal: GroundedGoal): GroundedGoal {
  const { pose, heading } = robot;
  if (goal.kind === 'drive') {
    const way = ((heading + goal.angle) * Math.PI) / 180;
    const point = { x: round(pose.x + goal.metres * Math.cos(way), 100), y: round(pose.y + goal.metres * Math.sin(way), 100) };
    // Straight ahead or straight back keeps the heading, as a drive along its own axis does; a side step ends facing its way.
    return { kind: 'goto', target: { point: goal.angle === 0 || goal.angle === 180 ? { ...point, heading: round(heading, 10) } : point } };
  }
  if (goal.kind !== 'face') return goal;
  const t = goal.toward;
  const to = 'heading' in t ? null : 'zone' in t ? beliefs.zone(t.zone)?.center : robot.start;
  const bearing = 'heading' in t ? t.heading : to ? (Math.atan2(to.y - pose.y, to.x - pose.x) * 180) / Math.PI : heading;
  return { kind: 'rotate', degrees: round(((bearing - heading + 540) % 360) - 180, 1) };
}

const round = (n: number, per: number) => Math.round(n * per) / per;
