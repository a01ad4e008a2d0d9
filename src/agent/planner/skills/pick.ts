import { labelOfId } from '../../../core/names.js';
import { describeQuery, type SeenThing } from '../beliefs.js';
import type { ObjectQuery } from '../instruction.js';
import { idMatches, queryFor, queryOfId } from '../object-ids.js';
import type { ToolReply } from '../planner-session.js';
import { fail, ok, type Step } from '../step.js';
import { choose, find } from './search.js';
import type { SkillContext } from './skill-context.js';

const GRASP_TRIES = 3;

/**
 * Picks up the object asked for (or `knownTarget`, already found): finds it, asks `mayTake` whether
 * the errand still stands (why not, or null), approaches and grasps, and on a miss looks again and re-approaches. When the robot says the id no longer
 * names an object (a relabel, a merged double sighting), it follows the new id if that is still
 * what was asked for, and otherwise searches again or reports the object as gone.
 */
export async function pick(ctx: SkillContext, q: ObjectQuery, knownTarget?: SeenThing, mayTake: () => string | null = () => null): Promise<Step> {
  const { robot, beliefs } = ctx;
  if (q.all && !knownTarget) return fail(`I can hold one object at a time; ask me to put ${describeQuery(q)} somewhere instead.`);
  let putDown = '';
  if (beliefs.holding) {
    if (q.pronoun || (knownTarget && knownTarget.id === beliefs.holding) || holdingMatches(ctx, q)) return ok(`Already holding ${beliefs.holding}.`);
    // The gripper holds one object: what it holds goes down here, and the report says so (an
    // earlier "hold X" no longer holds; mission-planner checks that at the end).
    const held = beliefs.holding;
    const put = await robot.act('release_object', {}, `Putting down ${held} first.`);
    if (!put.ok) return fail(`I could not put down ${held}: ${put.text}`);
    const p = put.data?.operation?.result?.position;
    const at = typeof p?.x === 'number' && typeof p?.y === 'number' ? { x: p.x as number, y: p.y as number } : undefined;
    beliefs.setDown.push({ id: held, ...(at ? { at } : {}) });
    beliefs.holding = null;
    putDown = `Put ${held} down${at ? ` at (${at.x}, ${at.y})` : ''} to free the gripper. `;
  }
  const armed = await robot.ensureArmed();
  if (!armed.ok) return armed;
  let target: SeenThing;
  if (knownTarget) target = knownTarget;
  else {
    const chosen = await choose(ctx, q);
    if ('problem' in chosen) return fail(`${putDown}${chosen.problem}`);
    target = chosen.target;
  }
  const chosenId = target.id;
  // What the search showed on the way may rule the errand out (the zone it goes to, full): asked
  // again before taking hold, so the object is not left in the gripper.
  const refused = mayTake();
  if (refused) return fail(`${putDown}${refused}`);
  let lastError = '';
  let hemmedIn = false;
  for (let attempt = 1; attempt <= GRASP_TRIES; attempt++) {
    const approach = await robot.act('approach_object', { object_id: target.id }, `Approaching ${target.id} at (${target.x}, ${target.y}).`);
    const grasp = approach.ok ? await robot.act('grasp_object', { object_id: target.id }, `Grasping ${target.id}.`) : undefined;
    if (grasp?.ok) {
      beliefs.holding = (grasp.data?.holding as string) ?? target.id;
      for (const m of beliefs.meant) if (m.id === chosenId || m.id === target.id) m.heldAs = beliefs.holding;
      beliefs.forget(target.id);
      beliefs.pickups.push(beliefs.holding);
      ctx.lastObject = beliefs.holding;
      return ok(`${putDown}Picked up ${beliefs.holding}.`);
    }
    const failed = grasp ?? approach;
    const renamedTo = relabelledTo(failed);
    if (renamedTo || (!grasp && approach.error?.code === 'unknown_object')) {
      // The robot no longer knows it by this id: later sightings relabelled it, or it was a
      // double sighting the robot merged, or it was moved.
      beliefs.forget(target.id);
      if (renamedTo && idMatches(renamedTo, q)) {
        // Relabelled, and still what was asked for (e.g. a cube seen as a cylinder and back).
        target = { ...target, id: renamedTo, label: labelOfId(renamedTo), ...queryOfId(renamedTo) };
        continue;
      }
      if (knownTarget) {
        return { ok: false, gone: true, renamedTo, message: putDown + (renamedTo ? `${target.id} turned out to be ${renamedTo}.` : `${target.id} is no longer known to the robot.`) };
      }
      const again = await find(ctx, q);
      if (!again.objects[0]) return fail(`${putDown}I lost track of ${describeQuery(q)} and could not find it again.`);
      target = again.objects[0];
      continue;
    }
    lastError = failed.text;
    hemmedIn = !grasp && approach.error?.code === 'unreachable';
    if (robot.estopped) return fail(`${putDown}Stopped: ${lastError}`);
    // Look again: the estimate may have been off, or the object moved.
    const look = await robot.act('detect_objects', {}, `That did not work (${firstSentence(lastError)}); looking again.`);
    const refreshed: SeenThing | undefined = beliefs.seen.get(target.id) ?? (look.ok ? beliefs.matching(queryFor(target), robot.pose)[0] : undefined);
    if (refreshed) target = refreshed;
    else {
      const again = await find(ctx, q.pronoun ? queryFor(target) : q);
      if (!again.objects[0]) return fail(`${putDown}I lost sight of ${target.id} and could not find it again.`);
      target = again.objects[0];
    }
  }
  return { ...fail(`${putDown}I could not pick up ${target.id} after ${GRASP_TRIES} tries: ${firstSentence(lastError)}.`), ...(hemmedIn ? { hemmedIn } : {}) };
}

/** Whether the held object is what `q` names: never for "the other X", which excludes every object already taken hold of. */
export function holdingMatches({ beliefs }: SkillContext, q: ObjectQuery): boolean {
  return beliefs.holding !== null && !(q.other && beliefs.grasped.has(beliefs.holding)) && idMatches(beliefs.holding, q);
}

/** The id the robot says an object now goes by, when a tool refused an id because of a relabel. */
function relabelledTo(reply: ToolReply): string | undefined {
  const renamed = reply.error?.code === 'object_relabelled' ? reply.error.renamed_to : undefined;
  return typeof renamed === 'string' ? renamed : undefined;
}

/** The first sentence of a robot message, to quote it briefly in narration. */
function firstSentence(s: string): string {
  return s.split(/(?<=[.;])\s/)[0]!.replace(/[.;]$/, '');
}
