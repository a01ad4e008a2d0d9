import type { PlannerMap } from '../beliefs.js';
import { mapKeepingOut } from '../kept-out.js';
import type { ToolReply } from '../planner-session.js';
import { dropPlans, hasRoom } from './drop-spots.js';
import { keepsWayOut, routeExists } from './floor-routes.js';
import type { SkillContext } from './skill-context.js';

/**
 * Putting the held object down in a zone: the planner picks free floor in the zone that the base
 * can reach (drop-spots.ts), drives to stand facing it, and releases there with the zone named, so
 * the robot checks once more that the drop lands in the zone on a free spot (it drives on by
 * itself only when its own memory disagrees). A zone the robot knows to be full is reported
 * before anything is dropped; a spot found blocked is given up for the next one.
 */

/** Failures where another spot of the zone may work: no path to this stand, blocked on the way,
 *  or the stand or every way to it inside a zone the mission keeps out of. */
const TRY_ANOTHER = new Set(['unreachable', 'failed', 'goal_in_avoided_zone', 'no_route_avoiding_zones']);

/** What the planner knows lies on the floor (seen, or put down by the robot), not what it holds. */
export function knownObjects({ beliefs }: SkillContext): Array<{ x: number; y: number }> {
  return [...beliefs.seen.values()].filter((o) => o.id !== beliefs.holding);
}

/** Why the zone cannot take another object, as far as the robot knows; null when it can. */
function zoneFull(ctx: SkillContext, zoneName: string): string | null {
  const { beliefs } = ctx;
  const zone = beliefs.zone(zoneName);
  if (!zone || !beliefs.map || hasRoom(beliefs.map, zone, knownObjects(ctx))) return null;
  return fullText(zoneName, knownObjects(ctx).filter((o) => beliefs.inZone(o, zoneName)).length);
}

/** Why the robot cannot drop anything in the zone from where it is — full, no spot of it one can
 *  stand facing and drive to (a closed cage), or none without crossing a zone the mission keeps
 *  out of — as far as the map and the robot know; null when it may. Asked before a pickup: found
 *  out after it, the object would stay in the gripper. */
export function zoneRefuses(ctx: SkillContext, zoneName: string): string | null {
  const full = zoneFull(ctx, zoneName);
  const { beliefs, robot } = ctx;
  const zone = beliefs.zone(zoneName);
  if (full || !zone || !beliefs.map) return full;
  const objects = knownObjects(ctx);
  const from = { ...robot.pose };
  const reachable = (map: PlannerMap) => !('unreachable' in dropPlans(map, zone, from, objects, 1, ({ stand }) => routeExists(map, from, stand, objects)));
  if (!reachable(beliefs.map)) return `no free spot of ${zoneName} has a place to stand facing it that I can drive to`;
  const kept = mapKeepingOut(ctx, zoneName)!;
  if (kept === beliefs.map || reachable(kept)) return null;
  const avoided = [...new Set(robot.driveLog.keepOut.map((k) => k.zone))].filter((z) => z !== zoneName).join(', ');
  return `every way to a free spot of ${zoneName} goes through ${avoided}, which I was told to keep out of`;
}

const fullText = (zone: string, there: number) => `${zone} is full: no free floor is left in it (${there} object(s) there that I know of)`;

/** Takes the held object into the zone and releases it; the release's reply, or why not. */
export async function dropInZone(ctx: SkillContext, zoneName: string, held: string): Promise<ToolReply | { problem: string }> {
  const { robot, beliefs } = ctx;
  const zone = beliefs.zone(zoneName);
  if (zone && beliefs.map) {
    const objects = knownObjects(ctx);
    const from = { ...robot.pose };
    const plan = (map: PlannerMap) => dropPlans(map, zone, from, objects, 3, ({ spot, stand }) => keepsWayOut(map, from, stand, spot, objects));
    // Stands and ways out of the zones the mission keeps out of; the robot's own planner, told
    // to keep out of them too, has the last word when the map alone finds none.
    const kept = plan(mapKeepingOut(ctx, zoneName)!);
    const choice = 'plans' in kept ? kept : plan(beliefs.map);
    if ('full' in choice) return { problem: fullText(zoneName, choice.objectsInZone) };
    if ('unreachable' in choice) return { problem: `no free spot of ${zoneName} leaves the robot room to stand facing it and a way back out` };
    for (const [i, { spot, stand }] of choice.plans.entries()) {
      const say = i === 0 ? `Taking ${held} to ${zoneName}, to put it down at (${spot.x}, ${spot.y}).` : `That way is blocked; trying (${spot.x}, ${spot.y}) in ${zoneName}.`;
      const go = await robot.act('navigate_to', { ...stand }, say);
      if (go.ok) break;
      if (robot.estopped || !go.error || !TRY_ANOTHER.has(go.error.code)) return { problem: go.text };
      // Every planned spot failed: the robot's own delivery has the last try.
    }
  }
  return robot.act('release_object', { zone: zoneName }, `Putting ${held} down in ${zoneName}.`);
}
