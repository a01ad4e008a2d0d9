import { mapKeepingOut } from '../kept-out.js';
import { DROP_AHEAD_M } from './drop-spots.js';
import { standsFacing } from './facing-poses.js';
import type { SkillContext } from './skill-context.js';
import { knownObjects } from './zone-drop.js';

/**
 * After a delivery that failed with the object in the gripper: it goes back down where the robot
 * took it from (or, when that cannot be reached, where the robot stands), so a failed errand does
 * not end with the robot holding what it took. The sentence for the summary says which.
 */
export async function putBack(ctx: SkillContext): Promise<string> {
  const { robot, beliefs } = ctx;
  const held = beliefs.holding;
  if (!held || robot.estopped) return '';
  const was = beliefs.grasped.get(held);
  const map = mapKeepingOut(ctx);
  const stand = was && map ? standsFacing(map, was, DROP_AHEAD_M, robot.pose, { objects: knownObjects(ctx) })[0] : undefined;
  if (was && stand) {
    const go = await robot.act('navigate_to', { ...stand }, `Taking ${held} back to where it was, (${was.x}, ${was.y}).`);
    if (go.ok && (await release(ctx, `Putting ${held} back down where it was.`))) return ` I put ${held} back down where it was, at (${was.x}, ${was.y}).`;
    if (robot.estopped) return ` I am still holding ${held}.`;
  }
  const { x, y } = robot.pose;
  if (await release(ctx, `Putting ${held} down here rather than keep holding it.`)) return ` I put ${held} down where I stood, at (${x}, ${y}).`;
  return ` I am still holding ${held}.`;
}

/** A failed delivery's message, with the object still in the gripper put back and that said. */
export async function putBackAfter(ctx: SkillContext, message: string): Promise<string> {
  const back = await putBack(ctx);
  return back ? `${message.trimEnd().replace(/[^.!?]$/, '$&.')}${back}` : message;
}

async function release({ robot, beliefs }: SkillContext, say: string): Promise<boolean> {
  const r = await robot.act('release_object', {}, say);
  if (r.ok) beliefs.holding = null;
  return r.ok;
}
