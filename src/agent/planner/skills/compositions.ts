import { describeQuery, type SeenThing } from '../beliefs.js';
import type { GroundedGoal } from '../grounding.js';
import type { MapPlace, ObjectQuery, Place } from '../instruction.js';
import { queryFor, queryOfId } from '../object-ids.js';
import { fail, ok, type Step } from '../step.js';
import { posesFacing, spotsAround, spotsOutside } from './free-floor.js';
import { pick } from './pick.js';
import { place } from './place.js';
import { choose, findNext } from './search.js';
import type { SkillContext } from './skill-context.js';
import { lookAtWholeZone } from './zone-look.js';

/**
 * Goals made of several deliveries, each delivery a part the mission checks on its own (a fresh
 * look for the object where it was put), so a composition is met only when every part is:
 * - swap A with B: each goes where the other was — into its zone, or to its spot;
 * - clear Z: every object found in Z carried out of it to free floor nearby;
 * - sort: each object to the zone named after its colour (or kind).
 */
type PlaceGoal = Extract<GroundedGoal, { kind: 'place' }>;
export interface Part {
  goal: PlaceGoal;
  step: Step;
}
export interface Composed {
  step: Step;
  parts: Part[];
}

const failed = (message: string, parts: Part[] = []): Composed => ({ step: fail(message), parts });
const delivered = (id: string, target: Place<MapPlace>, step: Step): Part => ({ goal: { kind: 'place', object: { ...queryOfId(id), all: false, text: id }, target }, step });

/** Picks `o` (already found) and puts it at `where` (on the spot, for a point); the part to check, or why not. */
async function carry(ctx: SkillContext, o: SeenThing, where: Place<MapPlace>): Promise<Part | { problem: string }> {
  const known = ctx.beliefs.seen.get(o.id) ?? o;
  const got = await pick(ctx, queryFor(known), known);
  if (!got.ok) return { problem: got.message };
  const id = ctx.beliefs.holding ?? o.id;
  const put = 'point' in where ? await putOnSpot(ctx, id, where.point) : await place(ctx, { ...queryOfId(id), all: false, text: id }, where);
  return put.ok ? delivered(id, where, put) : { problem: put.message };
}

/** Puts the held object down so it lands on `spot`: standing back from it, facing it. */
export async function putOnSpot(ctx: SkillContext, id: string, spot: { x: number; y: number }): Promise<Step> {
  const { robot, beliefs } = ctx;
  const poses = beliefs.map ? posesFacing(beliefs.map, spot, robot.pose).slice(0, 4) : [];
  let problem = `I found nowhere to stand to put ${id} down at (${spot.x}, ${spot.y}).`;
  for (const pose of poses) {
    const go = await robot.act('navigate_to', pose, `Taking ${id} to (${spot.x}, ${spot.y}).`);
    if (!go.ok) {
      problem = `I could not take ${id} to (${spot.x}, ${spot.y}): ${go.text}`;
      if (robot.estopped) break;
      continue;
    }
    const r = await robot.act('release_object', {}, `Putting ${id} down at (${spot.x}, ${spot.y}).`);
    if (!r.ok) {
      problem = `I could not put ${id} down at (${spot.x}, ${spot.y}): ${r.text}`;
      if (robot.estopped) break;
      continue;
    }
    beliefs.holding = null;
    const p = r.data?.operation?.result?.position;
    const at = typeof p?.x === 'number' && typeof p?.y === 'number' ? [{ x: p.x, y: p.y }] : [];
    return ok(`Put ${id} down at (${spot.x}, ${spot.y}).`, { ids: [id], spot, at });
  }
  return fail(problem);
}

export async function swap(ctx: SkillContext, a: ObjectQuery, b: ObjectQuery): Promise<Composed> {
  const { beliefs, robot } = ctx;
  const armed = await robot.ensureArmed();
  if (!armed.ok) return failed(armed.message);
  const first = await choose(ctx, a);
  if ('problem' in first) return failed(first.problem);
  const second = await choose(ctx, b);
  if ('problem' in second) return failed(second.problem);
  const [A, B] = [first.target, second.target];
  if (A.id === B.id) return failed(`"${a.text}" and "${b.text}" are the same object (${A.id}): there is nothing to swap.`);
  const placeOf = (o: SeenThing): Place<MapPlace> => {
    const zone = beliefs.zoneAt(o);
    return zone ? { zone } : { point: { x: o.x, y: o.y } };
  };
  // Two in one zone trade spots, not zones.
  const sameZone = beliefs.zoneAt(A) !== null && beliefs.zoneAt(A) === beliefs.zoneAt(B);
  const [toB, toA] = sameZone ? [{ point: { x: B.x, y: B.y } }, { point: { x: A.x, y: A.y } }] : [placeOf(B), placeOf(A)];
  const said = `Swapping ${A.id} at (${A.x}, ${A.y}) with ${B.id} at (${B.x}, ${B.y}): `;
  // The one going into a zone moves first: a zone has room for both, a spot has room for one.
  if ('zone' in toB || 'zone' in toA) {
    const [x, y, toX, toY] = 'zone' in toB ? [A, B, toB, toA] : [B, A, toA, toB];
    const one = await carry(ctx, x, toX);
    if ('problem' in one) return failed(`${said}${one.problem}`);
    const two = await carry(ctx, y, toY);
    if ('problem' in two) return failed(`${said}${one.step.message} ${two.problem}`, [one]);
    return { step: ok(`${said}${one.step.message} ${two.step.message}`), parts: [one, two] };
  }
  // Neither in a zone: A set aside first, so B can take its spot.
  if (!beliefs.map) return failed(`${said}without a map I cannot tell where to set ${A.id} aside.`);
  const aside = spotsAround(beliefs.map, A, robot.pose, [A, B]);
  let setAside: Part | { problem: string } = { problem: `I found no free floor near ${A.id} to set it aside.` };
  for (const spot of aside.slice(0, 3)) {
    setAside = await carry(ctx, A, { point: spot });
    if (!('problem' in setAside) || !beliefs.holding) break;
  }
  if ('problem' in setAside) return failed(`${said}${setAside.problem}`);
  const bToA = await carry(ctx, B, toA);
  if ('problem' in bToA) return failed(`${said}${setAside.step.message} ${bToA.problem}`);
  const movedA = beliefs.seen.get(setAside.goal.object.text) ?? { ...A, id: setAside.goal.object.text };
  const aToB = await carry(ctx, movedA, toB);
  if ('problem' in aToB) return failed(`${said}${setAside.step.message} ${bToA.step.message} ${aToB.problem}`, [bToA]);
  return { step: ok(`${said}${setAside.step.message} ${bToA.step.message} ${aToB.step.message}`), parts: [bToA, aToB] };
}

/**
 * Everything `q` names in its zone (q.inZone), carried out of the zone to free floor. The robot
 * looks at the zone itself (not the whole room), takes out what it sees there, and is done when a
 * fresh look at the zone shows nothing more of it: that look is what says the zone is clear. The
 * look covers the whole zone (zone-look.ts: again from elsewhere for a part one view missed); a
 * zone not seen whole is searched for with the room's search instead.
 */
export async function clearZone(ctx: SkillContext, q: ObjectQuery): Promise<Composed> {
  const { beliefs, robot } = ctx;
  const zone = q.inZone ? beliefs.zone(q.inZone) : undefined;
  if (!zone || !beliefs.map) return failed(`I do not know where ${q.inZone ?? 'that zone'} is on the map.`);
  const armed = await robot.ensureArmed();
  if (!armed.ok) return failed(armed.message);
  const parts: Part[] = [];
  const used: Array<{ x: number; y: number }> = [];
  const tried = new Set<string>();
  const done = () => parts.map((p) => p.step.message).join(' ');
  const inZone = () => beliefs.matching(q, robot.pose).filter((o) => !tried.has(o.id));
  for (;;) {
    const next = inZone()[0] ?? ((await lookAtWholeZone(ctx, zone)) ? inZone()[0] : (await findNext(ctx, q, (o) => !tried.has(o.id))).next);
    if (!next || (!q.all && parts.length > 0)) break;
    tried.add(next.id);
    const spot = spotsOutside(beliefs.map, zone, robot.pose, used)[0];
    if (!spot) return failed(`${done()} I found no free floor outside ${zone.name} to put ${next.id} on.`.trim(), parts);
    used.push(spot);
    const part = await carry(ctx, next, { point: spot });
    if ('problem' in part) return failed(`${done()} ${part.problem}`.trim(), parts);
    const landed = part.step.ok ? part.step.placed?.at?.[0] : undefined;
    if (landed && beliefs.inZone(landed, zone.name)) return failed(`${done()} ${part.step.message} But it landed at (${landed.x}, ${landed.y}), still in ${zone.name}.`.trim(), parts);
    parts.push(part);
  }
  const still = q.all ? beliefs.matching(q, robot.pose).filter((o) => !parts.some((p) => p.goal.object.text === o.id)) : [];
  if (still.length) return failed(`${done()} ${still.map((o) => o.id).join(', ')} still in ${zone.name}.`.trim(), parts);
  // "Take the green cube out of bin a" names one that is there: with none there, nothing was done as asked.
  if (parts.length === 0 && !q.all) return failed(`I see no ${describeQuery({ ...q, inZone: undefined }).replace(/^the /, '')} in ${zone.name} to take out: a fresh look there shows none.`);
  if (parts.length === 0) return { step: ok(`There is nothing in ${zone.name} to clear: a fresh look shows it empty.`), parts };
  return { step: ok(`Cleared ${zone.name}: ${done()} A fresh look shows nothing more in it.`), parts };
}

/** Each object `q` names to the zone named after its colour (or its kind). */
export async function sortObjects(ctx: SkillContext, q: ObjectQuery): Promise<Composed> {
  const { beliefs, robot } = ctx;
  const zones = beliefs.map?.zones.map((z) => z.name) ?? [];
  const armed = await robot.ensureArmed();
  if (!armed.ok) return failed(armed.message);
  const parts: Part[] = [];
  const homeless: string[] = [];
  const tried = new Set<string>();
  const todo = (o: SeenThing) => {
    const home = zoneFor(o, zones);
    return !tried.has(o.id) && (home === null || !beliefs.inZone(o, home));
  };
  const enough = () => !q.all && parts.length > 0;
  for (let found = await findNext(ctx, q, todo); found.next && !enough(); found = await findNext(ctx, q, todo)) {
    const o = found.next;
    tried.add(o.id);
    const zone = zoneFor(o, zones);
    if (!zone) {
      homeless.push(o.id);
      continue;
    }
    const part = await carry(ctx, o, { zone });
    if ('problem' in part) return failed([...parts.map((p) => p.step.message), part.problem].join(' '), parts);
    parts.push(part);
  }
  const left = homeless.length ? ` No zone is named after the colour or kind of ${homeless.join(', ')}: left where ${homeless.length === 1 ? 'it is' : 'they are'}.` : '';
  if (parts.length === 0 && homeless.length) return failed(`I could not put ${describeQuery(q)} right.${left}`);
  if (parts.length === 0) return { step: ok(`Every ${describeQuery(q).replace(/^(?:all|the) /, '')} I found is already in its zone.`), parts };
  return { step: ok(`${parts.map((p) => p.step.message).join(' ')}${left}`), parts };
}

/** The zone whose name has the object's colour, else the one whose name has its kind; null when none or two. */
export function zoneFor(o: { color: string; shape: string }, zones: readonly string[]): string | null {
  const named = (word: RegExp) => zones.filter((z) => z.split(/[_\s-]+/).some((w) => word.test(w)));
  const byColour = o.color ? named(new RegExp(`^${o.color}$`)) : [];
  if (byColour.length) return byColour.length === 1 ? byColour[0]! : null;
  const byKind = o.shape ? named(new RegExp(`^${o.shape}s?$`)) : [];
  return byKind.length === 1 ? byKind[0]! : null;
}
