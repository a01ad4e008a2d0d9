import type { SeenThing } from '../beliefs.js';
import type { ObjectQuery } from '../instruction.js';
import { centroid, driveToFirstReached, lookingPoses } from '../look-at.js';
import { SAME_OBJECT_M } from '../one-meant.js';
import { kindMatches } from '../referring.js';
import type { SkillContext } from './skill-context.js';

/**
 * Two look-alikes a hand's width apart that only one scan told apart: a scan all around is
 * several frames, and an object close to the robot can be caught by two of them at two spots a
 * few centimetres apart (a yellow cylinder 0.7 m away came back as two, 0.17 m apart). Such a
 * first sighting of a second one is a reason to look again, not to refuse or to act: one frame
 * facing both from a little way off shows one object or two. When it shows one, the other name
 * is forgotten; when it shows two, or cannot be taken, both stand and "the X" is asked about.
 */

/** Far enough for the camera to hold both in one frame, near enough to tell them apart. */
const LOOK_FROM_M = 1.6;
/** Poses tried for that look. */
const POSES_TRIED = 3;

export async function oneOrTwo(ctx: SkillContext, q: ObjectQuery, [a, b]: [SeenThing, SeenThing]): Promise<void> {
  if (Math.hypot(a.x - b.x, a.y - b.y) >= SAME_OBJECT_M) return;
  const { robot, beliefs } = ctx;
  const mid = centroid([a, b]);
  // Too near (where the two were seen) or too far, the look from here would tell nothing new.
  const away = Math.hypot(robot.pose.x - mid.x, robot.pose.y - mid.y);
  const poses = lookingPoses(ctx, mid, LOOK_FROM_M, [a, b], away < LOOK_FROM_M - 0.4 || away > LOOK_FROM_M + 1);
  if (poses !== 'here' && !(await driveToFirstReached(ctx, poses, POSES_TRIED, (p) => `${a.id} and ${b.id} are close together; looking from (${p.x}, ${p.y}) to tell one from two.`))) return;
  const look = await robot.act('detect_objects', {}, `Looking at ${a.id} and ${b.id}: one object or two?`);
  if (!look.ok) return;
  const reported = new Set<string>(((look.data?.detections ?? []) as Array<{ id: string }>).map((d) => d.id));
  const there = [...reported].flatMap((id) => {
    const o = beliefs.seen.get(id);
    return o && kindMatches(o, q) && Math.hypot(o.x - mid.x, o.y - mid.y) < SAME_OBJECT_M ? [o] : [];
  });
  if (there.length !== 1) return;
  for (const o of [a, b]) if (o.id !== there[0]!.id) beliefs.forget(o.id);
}
