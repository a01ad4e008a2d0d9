import type { GoalReport } from '../outcome-tool.js';
import type { Constraint } from './constraints.js';
import { queryOfId } from './object-ids.js';
import type { ToolReply } from './planner-session.js';
import type { SkillContext } from './skills/skill-context.js';

/**
 * "Don't touch anything on the workbench", "leave the red cube alone": what the instruction
 * spares is never a candidate of any goal (Beliefs.matching), and at the end the robot checks it
 * kept the promise — it took hold of nothing spared, and a fresh look finds every spared object
 * it had seen still where it first saw it. The robot moves objects only by grasping them, so a
 * spared object it never saw was not moved by it either; the evidence says which case it is.
 */
export type HandsOff = Extract<Constraint, { rule: 'hands_off' }>;
/** Goes to where `area` around `target` can be seen whole (goal-check's way of looking at what it put down). */
export type LookAt = (target: { x: number; y: number }, where: string, area?: { min_x: number; min_y: number; max_x: number; max_y: number }) => Promise<void>;

/** Seen again within this of where it was first seen: not moved. */
const UNMOVED_M = 0.35;

export const handsOffText = (c: HandsOff) => `left ${c.spare.text} alone`;

export async function checkHandsOff(ctx: SkillContext, c: HandsOff, lookAt: LookAt): Promise<GoalReport> {
  const text = handsOffText(c);
  const { beliefs, robot } = ctx;
  const spared = (id: string, at: { x: number; y: number }) => beliefs.spares(c.spare, { ...queryOfId(id), ...at, id });
  const held = [...beliefs.grasped.keys()];
  const touched = [...beliefs.grasped].filter(([id, at]) => at !== null && spared(id, at)).map(([id]) => id);
  if (touched.length) return { text, status: 'unmet', evidence: `I took hold of ${touched.join(', ')}, which "${c.spare.text}" covers` };
  // Holding nothing all mission ("don't touch anything, just tell me where X is"), it moved nothing: a
  // fresh look could only fail to find far objects again, which says nothing of whether they moved.
  if (held.length === 0) return { text, status: 'met', evidence: 'I took hold of nothing, and I move objects only by grasping them' };
  const handled = `I took hold of ${held.join(', ')} only`;
  // "Anything else" is every object not named: the robot's own record of what it held is the check.
  if (c.spare.notNamed) return { text, status: 'met', evidence: `${handled}, all of ${held.length === 1 ? 'it' : 'them'} named in the instruction` };
  const watched = [...beliefs.firstSeen].filter(([id, at]) => !beliefs.grasped.has(id) && spared(id, at));
  const zone = c.spare.inZone ? beliefs.zone(c.spare.inZone) : undefined;
  if (watched.length === 0 && !zone) return { text, status: 'met', evidence: `${handled}, and saw nothing that "${c.spare.text}" covers` };
  const target = watched.length ? centroid(watched.map(([, at]) => at)) : zone!.center;
  const where = zone ? `in ${zone.name}` : `at (${round2(target.x)}, ${round2(target.y)})`;
  await lookAt(target, where, zone);
  let seen: Seen[] = [];
  for (const tool of ['detect_objects', 'scan_surroundings']) {
    const r: ToolReply = await robot.act(tool, {}, tool === 'detect_objects' ? `Checking that what I was to leave alone ${where} is still there.` : 'Looking all around for it.');
    seen = (r.data?.detections ?? []) as Seen[];
    const missing = watched.filter(([id, at]) => !seen.some((d) => d.position && sameObject(d, id) && Math.hypot(d.position.x - at.x, d.position.y - at.y) <= UNMOVED_M));
    if (missing.length === 0) {
      const still = watched.length ? `; ${watched.map(([id]) => id).join(', ')} still where I first saw ${watched.length === 1 ? 'it' : 'them'} (${tool})` : `; nothing of it was seen there before, and ${where} I now see ${seen.map((d) => d.id).join(', ') || 'nothing'}`;
      return { text, status: 'met', evidence: `${handled}${still}` };
    }
    if (tool === 'scan_surroundings') return { text, status: 'unmet', evidence: `${handled}, but ${missing.map(([id, at]) => `${id} (first seen at (${at.x}, ${at.y}))`).join(', ')} not seen there on a fresh look` };
  }
  return { text, status: 'unmet', evidence: 'could not look again' };
}

type Seen = { id: string; label?: string; position?: { x: number; y: number } };

/** The same object, or one of its kind (a tracker may give a re-seen object a new number). */
function sameObject(d: Seen, id: string): boolean {
  const a = queryOfId(d.id);
  const b = queryOfId(id);
  return d.id === id || (a.color === b.color && a.shape === b.shape);
}

function centroid(ps: Array<{ x: number; y: number }>): { x: number; y: number } {
  return { x: ps.reduce((a, p) => a + p.x, 0) / ps.length, y: ps.reduce((a, p) => a + p.y, 0) / ps.length };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
