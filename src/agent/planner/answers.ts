import { describeQuery, type SeenThing } from './beliefs.js';
import type { ObjectQuery } from './instruction.js';
import { find } from './skills/search.js';
import type { SkillContext } from './skills/skill-context.js';
import { fail, ok, type Step } from './step.js';

/**
 * A yes/no question about the room ("is the blue cube in bin a?", "is there a red ball?", "can
 * you see the green cylinder?") is answered either way from the robot's own sensing: "yes" as
 * soon as a look shows one, "no" once the whole room has been searched without one — saying
 * where the ones it did see are instead. It fails only when it could not find out: the search
 * stopped (a flat battery, an emergency stop, nowhere left to reach) before the room was seen.
 */
export async function answerWhether(ctx: SkillContext, q: ObjectQuery): Promise<Step> {
  const asked = { ...q, all: false };
  const found = await find(ctx, asked);
  const where = q.inZone ? ` in ${q.inZone}` : '';
  const one = describeQuery({ ...q, inZone: undefined, all: false, definite: false, count: undefined }).replace(/^(?:the|a|an) /, '');
  // "Are there any balls": asked of balls, answered of balls.
  const noun = q.shape ?? 'object';
  const kind = q.all ? one.replace(new RegExp(`\\b${noun}\\b`), `${noun}s`) : one;
  const there = found.objects[0];
  if (there) return ok(`Yes: I see ${describeSighting(ctx, there)}.`);
  if (!found.complete) {
    const why = found.stopped ? `, then had to stop: ${found.stopped}` : ', and could not search further';
    return fail(`I could not find out whether there ${q.all ? `are any ${kind}` : `is ${article(kind)}`}${where}: I looked from ${found.places} place(s)${why}, before the whole room was seen.`);
  }
  const elsewhere = q.inZone ? ctx.beliefs.matching({ ...q, inZone: undefined, all: true }, ctx.robot.pose) : [];
  const instead = elsewhere.length ? `; I saw ${elsewhere.map((o) => describeSighting(ctx, o)).join(', ')}` : '';
  return ok(`No: I searched the whole room and saw no ${kind}${where}${instead}.`);
}

function describeSighting({ beliefs }: SkillContext, o: SeenThing): string {
  const zone = beliefs.zoneAt(o);
  return `${o.id} at (${o.x}, ${o.y})${zone ? ` in ${zone}` : ', in no zone'}, ${beliefs.describeAge(o)}`;
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);
