import { describeQuery, type SeenThing } from './beliefs.js';
import type { DistanceTo } from './frames/goal-types.js';
import type { GroundedGoal } from './grounding.js';
import type { ObjectQuery } from './instruction.js';
import { queryOfId } from './object-ids.js';
import { kindMatches } from './referring.js';
import { distinct, namesOne } from './one-meant.js';
import { oneOrTwo } from './skills/look-alikes.js';
import { choose, find, scan, searchedAll } from './skills/search.js';
import { findAndReport } from './skills/search-reports.js';
import { lookAtWholeZone } from './skills/zone-look.js';
import type { SkillContext } from './skills/skill-context.js';
import { capitalize, fail, ok, type Step } from './step.js';
import { distanceToArea } from './map-areas.js';

type Point = { x: number; y: number };
type Rect = { name: string; min_x: number; min_y: number; max_x: number; max_y: number; center: Point };

/**
 * Questions about the room, each answered from the robot's own sightings: whether something is
 * there (yes or no), which one is closest to or farthest from a place (the whole room compared),
 * how far one thing is from another, and otherwise where it is.
 */
export function answerQuestion(ctx: SkillContext, goal: Extract<GroundedGoal, { kind: 'find' }>): Promise<Step> {
  if (goal.distanceTo) return answerDistance(ctx, goal.object, goal.distanceTo);
  if (goal.whether && goal.every) return answerWhetherEvery(ctx, goal.object);
  if (goal.whether) return answerWhether(ctx, goal.object);
  if (!goal.object.all && (goal.object.rank || (goal.object.relation !== undefined && 'ranked' in goal.object.relation))) return answerWhich(ctx, goal.object);
  if (goal.object.all && goal.object.inZone) return answerWhatIsIn(ctx, goal.object);
  if (goal.object.all && goal.object.relation && 'near' in goal.object.relation) return answerWhatIsNear(ctx, goal.object, goal.object.relation.text);
  if (namesOne(goal.object)) return answerWhereEach(ctx, goal.object);
  return findAndReport(ctx, goal.object);
}

/**
 * "Where is the blue cube": "the" says there is one, which a first sighting does not show — a
 * second may stand behind the shelf. The room is searched whole and every one seen is named with
 * its place (two a hand's width apart get one closer look first, look-alikes.ts); a search cut
 * short says so, as there may be another. Never only the first one found.
 */
async function answerWhereEach(ctx: SkillContext, q: ObjectQuery): Promise<Step> {
  const found = await find(ctx, { ...q, all: true });
  const seen = () => distinct(ctx.beliefs, ctx.beliefs.matching({ ...q, all: true }, ctx.robot.pose));
  const first = seen();
  if (first.length === 2) await oneOrTwo(ctx, q, first as [SeenThing, SeenThing]);
  const all = seen();
  const noun = describeQuery({ ...q, definite: false }).replace(/^(?:the|a|an) /, '');
  const searched = howFarSearched(found);
  if (all.length === 0) return fail(`I could not find ${describeQuery(q)}: ${searched} and did not see it.`);
  const list = all.map((o) => located(ctx, o)).join('; ');
  if (all.length > 1) return ok(`There are ${all.length} ${noun}s, not one: ${list} (${searched}).`);
  return ok(`${capitalize(list)}; ${found.complete ? `it is the only one I saw, and ${searchedAll(found)}` : `${searched}, so there may be another`}.`);
}

/**
 * "What's near the shelf", "is anything next to bin b": everything the room's search saw there,
 * and "nothing" only once the whole room was searched — an empty place is an answer, not a failure.
 */
async function answerWhatIsNear(ctx: SkillContext, q: ObjectQuery, where: string): Promise<Step> {
  const found = await find(ctx, q);
  const seen = distinct(ctx.beliefs, found.objects);
  const searched = howFarSearched(found);
  if (seen.length) return ok(`${capitalize(seen.map((o) => located(ctx, o)).join('; '))} (${searched}).`);
  return found.complete ? ok(`There is nothing ${where}: ${searched}.`) : fail(`I could not find out what is ${where}: ${searched}.`);
}

/** "the red cube (red_cube#1) is at about (3.2, 1.6) in bin_a, seen just now": as every answer of where gives it. */
function located({ beliefs }: SkillContext, o: SeenThing): string {
  const zone = beliefs.zoneAt(o);
  return `the ${o.color} ${o.shape} (${o.id}) is at about (${o.x}, ${o.y})${zone ? ` in ${zone}` : ''}, ${beliefs.describeAge(o)}`;
}

/**
 * "What is in Z", "is Z empty", "go to Z and tell me what's there": the zone itself is looked at
 * whole first (zone-look.ts: every part of it in view, twice), as a search of the room can pass
 * by what sits close under the camera; "nothing there" is said only once the zone was seen whole
 * or something of it was seen, never from a search that missed part of it.
 */
async function answerWhatIsIn(ctx: SkillContext, q: ObjectQuery): Promise<Step> {
  const zone = ctx.beliefs.zone(q.inZone!);
  if (!zone) return findAndReport(ctx, q);
  const armed = await ctx.robot.ensureArmed();
  if (!armed.ok) return armed;
  const whole = await lookAtWholeZone(ctx, zone);
  const step = await findAndReport(ctx, q);
  if (whole || ctx.beliefs.matching(q, ctx.robot.pose).length > 0 || !step.ok) return step;
  return fail(`I could not see all of ${zone.name} from where I could stand, and saw nothing in the part I saw: I cannot say it is empty.`);
}

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
  return ok(`No: ${searchedAll(found)} and saw no ${kind}${where}${instead}.`);
}

/** What a question asks, for the report. */
export function questionText(goal: Extract<GroundedGoal, { kind: 'find' }>): string {
  const to = goal.distanceTo;
  if (to) return `how far ${describeQuery(goal.object)} is from ${'robot' in to ? 'the robot' : 'zone' in to ? to.zone : 'said' in to ? to.said : describeQuery(to.object)}, answered`;
  if (goal.whether) return `whether there is ${describeQuery({ ...goal.object, all: false }).replace(/^the /, 'a ')}, answered`;
  return `where ${describeQuery(goal.object)} ${goal.object.all ? 'are' : 'is'}, answered`;
}

/** What a question of distance asks, for the report. */
export function measureText(goal: Extract<GroundedGoal, { kind: 'measure' }>): string {
  const name = (e: (typeof goal.items)[number]) => ('zone' in e ? e.zone : 'start' in e ? 'where I started' : describeQuery(e.object));
  const from = goal.from ? name(goal.from) : 'the robot';
  return `${goal.compare ? `which of ${goal.items.map(name).join(' and ')} is ${goal.compare} to` : `how far ${goal.items.map(name).join(' and ')} is from`} ${from}, answered`;
}

/** "Which cube is closest to bin b": the one chosen after comparing the whole room, and how far it is. */
async function answerWhich(ctx: SkillContext, q: ObjectQuery): Promise<Step> {
  const asked = { ...ctx.robot.pose };
  const chosen = await choose(ctx, q);
  if ('problem' in chosen) return fail(chosen.problem);
  const o = chosen.target;
  const to = q.relation && 'ranked' in q.relation && 'zone' in q.relation.to ? ctx.beliefs.zone(q.relation.to.zone) : undefined;
  const measured = to ? `: ${fromZone(o, to)}` : q.rank ? `: ${metres(dist(o, asked))} from where I was when asked` : '';
  return ok(`${capitalize(describeQuery(q))} is ${describeSighting(ctx, o)}${measured}.`);
}

/** "How far is the red cube from the shelf": from the sightings of both (or the map's zone, or the robot when asked). */
async function answerDistance(ctx: SkillContext, q: ObjectQuery, to: DistanceTo): Promise<Step> {
  const asked = { ...ctx.robot.pose };
  const chosen = await choose(ctx, q);
  if ('problem' in chosen) return fail(chosen.problem);
  const o = chosen.target;
  const seen = describeSighting(ctx, o);
  if ('robot' in to) return ok(`${o.id} is ${metres(dist(o, asked))} from where I was when asked, (${round(asked.x)}, ${round(asked.y)}): I see ${seen}.`);
  if ('zone' in to) {
    const zone = ctx.beliefs.zone(to.zone);
    return zone ? ok(`${fromZone(o, zone)}: I see ${seen}.`) : fail(`I do not know where ${to.zone} is on the map.`);
  }
  if (!('object' in to)) return fail(`I do not know where "${to.said}" is.`);
  const other = await choose(ctx, to.object);
  if ('problem' in other) return fail(other.problem);
  const p = other.target;
  if (p.id === o.id) return fail(`"${q.text}" and "${to.object.text}" are the same object (${o.id}).`);
  return ok(`${o.id} and ${p.id} are ${metres(dist(o, p))} apart, centre to centre: I see ${seen}, and ${describeSighting(ctx, p)}.`);
}

/** How far an object is from a zone: from its nearest edge (0 inside it) and from its centre. */
function fromZone(o: SeenThing, zone: Rect): string {
  const edge = distanceToArea(o, zone);
  const centre = `${metres(dist(o, zone.center))} from its centre`;
  return edge === 0 ? `${o.id} is in ${zone.name}, ${centre}` : `${o.id} is ${metres(edge)} from the nearest edge of ${zone.name} (${centre})`;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const round = (v: number) => Math.round(v * 100) / 100;
const metres = (v: number) => `${round(v)} m`;

/** "Are the balls on the shelf?": every one of them, so the whole room is searched and each seen is in the zone or not. */
async function answerWhetherEvery(ctx: SkillContext, q: ObjectQuery): Promise<Step> {
  const zone = q.inZone!;
  const anywhere = { ...q, inZone: undefined, all: true };
  const found = await find(ctx, anywhere);
  const noun = `${describeQuery({ ...anywhere, count: undefined }).replace(/^all /, '')}`;
  if (!found.complete) {
    const why = found.stopped ? `, then had to stop: ${found.stopped}` : ', and could not search further';
    return fail(`I could not find out whether all the ${noun} are in ${zone}: I looked from ${found.places} place(s)${why}, before the whole room was seen.`);
  }
  const seen = ctx.beliefs.matching(anywhere, ctx.robot.pose);
  if (seen.length === 0) return ok(`No: ${searchedAll(found)} and saw no ${noun} at all.`);
  const outside = seen.filter((o) => !ctx.beliefs.inZone(o, zone));
  const list = (os: SeenThing[]) => os.map((o) => describeSighting(ctx, o)).join('; ');
  if (outside.length === 0) return ok(`Yes: all the ${noun} I saw after ${searchedAll(found).replace(/^I searched/, 'searching')} are in ${zone}: ${list(seen)}.`);
  return ok(`No: ${outside.length} of the ${seen.length} ${noun} I saw after ${searchedAll(found).replace(/^I searched/, 'searching')} ${outside.length === 1 ? 'is' : 'are'} not in ${zone}: ${list(outside)}.`);
}

function describeSighting({ beliefs }: SkillContext, o: SeenThing): string {
  const zone = beliefs.zoneAt(o);
  return `${o.id} at (${o.x}, ${o.y})${zone ? ` in ${zone}` : ', in no zone'}, ${beliefs.describeAge(o)}`;
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/**
 * "How many objects can you see from here?": counted in one look all around from where the robot
 * stands (it turns in place, never drives), not in the whole room.
 */
export async function countInView(ctx: SkillContext, q: ObjectQuery): Promise<Step> {
  const armed = await ctx.robot.ensureArmed();
  if (!armed.ok) return armed;
  const r = await scan(ctx, 'Looking all around from here.');
  if (!r.ok) return fail(`I could not look around: ${r.text}`);
  const seen = ((r.data?.detections ?? []) as Array<{ id: string }>).map((d) => d.id).filter((id) => kindMatches(queryOfId(id), q));
  const noun = `${q.color ? `${q.color} ` : ''}${q.shape ?? 'object'}`;
  const { x, y } = ctx.robot.pose;
  return ok(`I count ${seen.length} ${noun}${seen.length === 1 ? '' : 's'} in view from where I stand, (${Math.round(x * 100) / 100}, ${Math.round(y * 100) / 100})${seen.length ? `: ${seen.join(', ')}` : ''}.`);
}

/** How much of the room a search saw, said after an answer from it. */
function howFarSearched(found: { complete: boolean; places: number; stopped?: string; closedOff?: true }): string {
  return found.complete ? searchedAll(found) : `I looked from ${found.places} place(s)${found.stopped ? `, then had to stop searching: ${found.stopped}` : ''}, before the whole room was seen`;
}
