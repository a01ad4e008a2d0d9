import { describeQuery, type SeenThing } from '../beliefs.js';
import type { MapPlace, ObjectQuery, Place } from '../instruction.js';
import { queryFor, queryOfId } from '../object-ids.js';
import type { ToolReply } from '../planner-session.js';
import { fail, ok, type Placed, type Step } from '../step.js';
import { holdingMatches, pick } from './pick.js';
import { choose, comparedWithTheRoom, find, findNext, rankedFew, theCounted } from './search.js';
import { putBackAfter } from './put-back.js';
import type { SkillContext } from './skill-context.js';
import { dropInZone, zoneRefuses } from './zone-drop.js';
import { lookAgainWhereTaken, surveyZone } from './zone-look.js';

/** Putting objects somewhere: one (picking it up first unless it is held), or all of a kind into a zone. */
export async function place(ctx: SkillContext, q: ObjectQuery, where: Place<MapPlace>): Promise<Step> {
  if (q.all && !q.pronoun) return placeAll(ctx, q, where);
  const { beliefs } = ctx;
  let picked = '';
  // A full zone, or one the robot cannot get to, is said before anything is picked up, let alone dropped.
  const refused = 'zone' in where && zoneRefuses(ctx, where.zone);
  if (refused) return fail(`I cannot put ${describeQuery(q)} there: ${refused}.`);
  // So is an object to put it next to that is nowhere to be found, or that could be either of two.
  let beside: SeenThing | undefined;
  if ('near' in where) {
    const chosen = await choose(ctx, where.near);
    if ('problem' in chosen) return fail(`I cannot put ${describeQuery(q)} next to ${describeQuery(where.near)}: ${chosen.problem}`);
    beside = chosen.target;
  }
  if (!(q.pronoun && beliefs.holding) && !(beliefs.holding && holdingMatches(ctx, q))) {
    if (q.pronoun && !ctx.lastObject) return fail('I am not holding anything, and "it" does not name an object; say which object to move.');
    // The search for it may show the zone full: that is said before it is picked up, too.
    const stillFits = () => ('zone' in where ? zoneRefuses(ctx, where.zone) : null);
    const got = await pick(ctx, q.pronoun ? { all: false, text: ctx.lastObject!, ...queryOfId(ctx.lastObject!) } : q, undefined, () => {
      const why = stillFits();
      return why ? `I cannot put ${describeQuery(q)} there: ${why}, so I left it where it is.` : null;
    });
    if (!got.ok) return got;
    picked = `${got.message} `;
  }
  const put = await deliver(ctx, where, beside);
  return put.ok ? ok(`${picked}${put.message}`, put.placed) : fail(`${picked}${await putBackAfter(ctx, put.message)}`);
}

async function placeAll(ctx: SkillContext, q: ObjectQuery, where: Place<MapPlace>): Promise<Step> {
  const { robot, beliefs } = ctx;
  if (!('zone' in where)) return fail(`I can put several objects only into a zone (like bin_a or shelf), not ${describePlace(where)}.`);
  const armed = await robot.ensureArmed();
  if (!armed.ok) return armed;
  const moved: string[] = [];
  const at: Array<{ x: number; y: number }> = [];
  const vanished: string[] = [];
  const relabelled: string[] = [];
  // Each one is taken as soon as it is known, nearest first; the room is searched only while none is left to take.
  // "The two cubes" too: which ones is known only once the room is searched.
  const ranked = q.rank || (q.count !== undefined && comparedWithTheRoom(q)) ? await rankedFew(ctx, q) : q.exact ? await theCounted(ctx, q) : null;
  if (ranked && 'problem' in ranked) return fail(ranked.problem);
  const tried = new Set<string>();
  const todo = (o: SeenThing) => !beliefs.inZone(o, where.zone) && !tried.has(o.id) && !moved.includes(o.id) && (!ranked || ranked.ids.has(o.id));
  const enough = () => q.count !== undefined && moved.length >= q.count;
  const again = lookAgainAfterTaking(ctx, q, todo);
  let found: Awaited<ReturnType<typeof findNext>>;
  for (found = await again.next(); found.next && !enough(); found = enough() ? { places: 0 } : await again.next()) {
    const next = found.next;
    const refused = zoneRefuses(ctx, where.zone);
    if (refused) return fail(`${summarizeMoved(moved, where.zone)}${refused}, so ${next.id} stays where it is.`);
    tried.add(next.id);
    again.taking(next);
    const got = await pick(ctx, queryFor(next), next);
    if (!got.ok && 'gone' in got && got.gone) {
      if (got.renamedTo) relabelled.push(`${next.id} turned out to be ${got.renamedTo}`);
      else vanished.push(next.id);
      continue;
    }
    // Hemmed in by its neighbours: taken once the others are out of the way.
    if (!got.ok && again.deferred(next, got)) continue;
    if (!got.ok) return fail(`${summarizeMoved(moved, where.zone)}${got.message}`);
    const carried = beliefs.holding ?? next.id; // the id it goes by now, if relabelled on the way
    const put = await deliver(ctx, where);
    if (!put.ok) return fail(`${summarizeMoved(moved, where.zone)}${await putBackAfter(ctx, put.message)}`);
    moved.push(carried);
    if (put.ok) at.push(...(put.placed?.at ?? []));
  }
  // A search cut short (flat battery, an error) has not seen the whole room: "all" is not done.
  if (found.stopped) return fail(`${summarizeMoved(moved, where.zone)}I had to stop searching before the whole room was seen: ${found.stopped}`);
  // "Everything in Z" is done only when a look at all of Z after the last one was taken says so.
  if (again.unseenSource) return fail(`${summarizeMoved(moved, where.zone)}my last look at ${q.inZone} still showed something new, so I cannot say nothing of it is left there.`);
  // One the robot put there itself, seen again under a new tracker id, is not one already there.
  const already = beliefs.matching(q, robot.pose).filter((o) => beliefs.inZone(o, where.zone) && !moved.includes(beliefs.putDownAs(o.id))).map((o) => o.id);
  // "Three cubes", "both balls": fewer in the room than asked for is not done, whatever was moved.
  const there = moved.length + already.length;
  if (q.count !== undefined && there > 0 && there < q.count) return fail(`${summarizeMoved(moved, where.zone)}I searched the whole room and found only ${there}, not the ${q.count} asked for.`);
  if (moved.length + already.length + vanished.length + relabelled.length === 0) return fail(`I found no ${describeQuery(q).replace(/^all /, '')} anywhere: I searched the whole room.`);
  const relabels = relabelled.length ? ` ${relabelled.join('; ')}.` : '';
  if (moved.length === 0 && already.length === 0) {
    const missing = vanished.length ? ` ${vanished.join(', ')} turned out not to be there.` : '';
    return fail(`I could not move any ${describeQuery(q).replace(/^all /, '')}:${relabels}${missing}`);
  }
  const tail = already.length ? ` (${already.join(', ')} ${already.length === 1 ? 'was' : 'were'} already there)` : '';
  const phantom = vanished.length ? ` ${vanished.join(', ')} turned out to be a second sighting of one of them.` : '';
  return ok(`${moved.length ? `Put ${moved.join(', ')} in ${where.zone}` : `Nothing to move`}${tail}.${relabels}${phantom}`, { ids: [...moved, ...already], at });
}

/** Puts the held object in a zone, next to another object (`beside`, when already found), at a
 *  point, where the robot started, or here. */
async function deliver(ctx: SkillContext, where: Place<MapPlace>, beside?: SeenThing): Promise<Step> {
  const { robot, beliefs } = ctx;
  const heldId = beliefs.holding;
  const held = heldId ?? 'the object';
  const ids = heldId ? [heldId] : [];
  if ('zone' in where) {
    const r = await dropInZone(ctx, where.zone, held);
    if ('problem' in r) return fail(`I could not put ${held} in ${where.zone}: ${r.problem}`);
    if (!r.ok) return fail(`I could not put ${held} in ${where.zone}: ${r.text}`);
    return released(ctx, `Put ${held} in ${where.zone}.`, { ids, at: putAt(r) });
  }
  if ('near' in where) {
    const ref = beside ?? (await find(ctx, where.near)).objects[0];
    if (!ref) return fail(`I could not find ${describeQuery(where.near)} to put ${held} next to.`);
    const go = await robot.act('approach_object', { object_id: ref.id, standoff: 0.8 }, `Going next to ${ref.id}.`);
    if (!go.ok) return fail(`I could not get next to ${ref.id}: ${go.text}`);
    const r = await robot.act('release_object', {}, `Putting ${held} down next to ${ref.id}.`);
    const spot = go.data?.object_position ?? { x: ref.x, y: ref.y };
    return r.ok ? released(ctx, `Put ${held} next to ${ref.id}.`, { ids, spot, at: putAt(r) }) : fail(`I could not put ${held} down: ${r.text}`);
  }
  const point = 'point' in where ? where.point : 'start' in where ? robot.start : null;
  if (point) {
    const said = 'start' in where ? `where I started, (${point.x}, ${point.y})` : `(${point.x}, ${point.y})`;
    const go = await robot.act('navigate_to', { ...point }, `Taking ${held} to ${said}.`);
    if (!go.ok) return fail(`I could not take ${held} to ${said}: ${go.text}`);
  }
  const r = await robot.act('release_object', {}, `Putting ${held} down.`);
  return r.ok ? released(ctx, `Put ${held} down${point ? ` at (${point.x}, ${point.y})` : ''}.`, { ids, ...(point ? { spot: point } : {}), at: putAt(r) }) : fail(`I could not put ${held} down: ${r.text}`);
}

/** Where a release result says the object was put down, when it says. */
function putAt(r: ToolReply): Array<{ x: number; y: number }> {
  const p = r.data?.operation?.result?.position;
  return typeof p?.x === 'number' && typeof p?.y === 'number' ? [{ x: p.x, y: p.y }] : [];
}

function released({ beliefs }: SkillContext, message: string, placed: Placed): Step {
  beliefs.holding = null;
  return ok(message, placed);
}

/** A place as the planner says it: a zone's name, a point, "where I started", "next to …", "here". */
export function describePlace(p: Place<MapPlace>): string {
  if ('zone' in p) return p.zone;
  if ('start' in p) return 'where I started';
  if ('point' in p) return `(${p.point.x}, ${p.point.y})`;
  if ('near' in p) return `next to ${describeQuery(p.near)}`;
  return 'here';
}

function summarizeMoved(moved: string[], zone: string): string {
  return moved.length ? `Put ${moved.join(', ')} in ${zone}, then: ` : '';
}

/** Closer than this to another object, one taken may have hidden something behind it. */
const CROWD_M = 0.5;

/**
 * The next one of "all the X" to take, and the looks that say none is left: what is known first,
 * then the room's search; once neither has one, a look again at the spots taken from a crowd (or
 * at all of Z, for everything in Z) — taking one out of a crowd shows what it hid — and last the
 * ones hemmed in by their neighbours, tried once more now that some of those are gone.
 */
function lookAgainAfterTaking(ctx: SkillContext, q: ObjectQuery, todo: (o: SeenThing) => boolean) {
  const { beliefs, robot } = ctx;
  const source = q.inZone ? beliefs.zone(q.inZone) : undefined;
  let spots: Array<{ x: number; y: number }> = [];
  let sourceTouched = false;
  const hemmed: SeenThing[] = [];
  const retried = new Set<string>();
  const crowded = (o: SeenThing) => [...beliefs.seen.values()].some((p) => p.id !== o.id && Math.hypot(p.x - o.x, p.y - o.y) < CROWD_M);
  /** Looks again where that can show more; false when there is nowhere to. */
  const lookAgain = async (): Promise<boolean> => {
    if (source && sourceTouched) {
      sourceTouched = false;
      // The room's search was just done; what it could not show is what the ones taken hid,
      // so the look at Z must end with a look that shows nothing new.
      state.unseenSource = !(await surveyZone(ctx, source)).settled;
      return true;
    }
    if (spots.length === 0) return false;
    const looked = spots;
    spots = [];
    await lookAgainWhereTaken(ctx, looked);
    return true;
  };
  const state = {
    unseenSource: false,
    taking(o: SeenThing): void {
      if (source) sourceTouched = true;
      else if (crowded(o)) spots.push({ x: o.x, y: o.y });
    },
    /** Whether a pickup that failed is put off until the rest are taken (once per object). */
    deferred(o: SeenThing, got: Step): boolean {
      if (got.ok || !got.hemmedIn || retried.has(o.id) || !crowded(o)) return false;
      hemmed.push(o);
      return true;
    },
    async next(): Promise<Awaited<ReturnType<typeof findNext>>> {
      const found = await findNext(ctx, q, todo);
      if (found.next || found.stopped || robot.estopped) return found;
      const next = (await lookAgain()) ? beliefs.matching(q, robot.pose).find(todo) : undefined;
      if (next) return { next, places: found.places };
      const last = hemmed.shift();
      if (!last) return found;
      retried.add(last.id);
      return { next: beliefs.seen.get(last.id) ?? last, places: found.places };
    },
  };
  return state;
}
