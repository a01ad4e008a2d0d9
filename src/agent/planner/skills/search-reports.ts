import { describeQuery, type SeenThing } from '../beliefs.js';
import type { ObjectQuery } from '../instruction.js';
import { distinct } from '../one-meant.js';
import { capitalize, fail, ok, type Step } from '../step.js';
import { settleCrowdedZones } from './crowded-zones.js';
import { cutShort, find, partialSearch, scan, searchedAll, stoppedBecause } from './search.js';
import type { SkillContext } from './skill-context.js';
import { surveyZone } from './zone-look.js';

/**
 * The skills that answer with what a search found: how many there are, where they are, what is
 * in view. Each says how far it searched, and fails rather than give a number or a place it
 * did not see.
 */

/**
 * "How many X (in Z)": the room searched, each object counted once. In a zone, the zone itself is
 * looked at whole first, from other sides while looks show more (zone-look.ts): a crowded tray
 * hides some of what it holds from any one side, and a room search passes it at a distance. A
 * zone whose last look still showed something new (or that neither its looks nor the room's
 * search saw all of) gets no count, only "at least", and the answer fails.
 */
export async function countAndReport(ctx: SkillContext, q: ObjectQuery, than?: { more: boolean; n: number }): Promise<Step> {
  const zone = q.inZone ? ctx.beliefs.zone(q.inZone) : undefined;
  const armed = zone ? await ctx.robot.ensureArmed() : ok('');
  if (!armed.ok) return armed;
  const survey = zone ? await surveyZone(ctx, zone) : null;
  const noun = `${q.color ? `${q.color} ` : ''}${q.shape ?? 'object'}`;
  // What the zone's own looks showed, close up and from its sides: the room's search sees it
  // again from afar, where an estimate can fall across the zone's edge or a tracker id be given
  // anew; an object seen in the zone by those looks still counts.
  const closeUp = zone ? ctx.beliefs.matching({ ...q, all: true }, ctx.robot.pose) : [];
  const found = await find(ctx, { ...q, all: true }, { wholeBoxes: true });
  // A count of the whole room looks again at its crowded zones, where objects hide one another.
  const crowds = !zone && !cutShort(ctx, found) ? await settleCrowdedZones(ctx) : [];
  const all = crowds.length || !zone ? ctx.beliefs.matching({ ...q, all: true }, ctx.robot.pose) : found.objects;
  const objects = distinct(ctx.beliefs, [...closeUp, ...all.filter((o) => !closeUp.some((c) => c.id === o.id))]);
  if (cutShort(ctx, found)) return fail(`I could not count ${describeQuery({ ...q, all: true })}: ${partialSearch(found, objects)}`);
  const where = q.inZone ? ` in ${q.inZone}` : '';
  const list = objects.length ? `: ${objects.map((o) => o.id).join(', ')}` : '';
  // A part of the zone no look at it showed is left to the room's search; but a zone whose
  // last look still showed something new may hold more than was seen.
  if (survey && !(survey.settled && (survey.seen || (found.complete && !survey.occluded)))) return fail(`I count at least ${objects.length} ${noun}${objects.length === 1 ? '' : 's'}${where}${list}, but could not see all of ${q.inZone} from where I could stand, or a last look there still showed something new: there may be more.`);
  if (crowds.length) return fail(`I count at least ${objects.length} ${noun}${objects.length === 1 ? '' : 's'}${list}, but ${crowds.join(' and ')} ${crowds.length === 1 ? 'is' : 'are'} crowded and a last look there still showed something new, or part of it could not be seen: there may be more.`);
  const searched = survey ? `after looking at ${survey.seen ? 'all of ' : ''}${q.inZone} and searching the room` : found.complete ? `after ${searchedAll(found).replace(/^I searched/, 'searching')}` : `from ${found.places} place(s)`;
  // "Are there more than 3 balls": the count said with the yes or no it answers.
  const answer = than ? `${(than.more ? objects.length > than.n : objects.length < than.n) ? 'Yes' : 'No'}: ` : '';
  return ok(`${answer}I count ${objects.length} ${noun}${objects.length === 1 ? '' : 's'}${where} ${searched}${list}.`);
}

/**
 * "Find all the X", "where are all the X": listed as a count counts them — the room searched until
 * every object would have been seen whole, and its crowded zones looked at again — so an object
 * hidden at the back of a full tray is not left out of a list said to be all of them (it had been,
 * and the mission called done). Otherwise what the search found.
 */
export async function findAndReport(ctx: SkillContext, q: ObjectQuery): Promise<Step> {
  const wholeRoom = q.all && !q.inZone;
  const found = await find(ctx, q, wholeRoom ? { wholeBoxes: true } : {});
  const crowds = wholeRoom && !cutShort(ctx, found) ? await settleCrowdedZones(ctx) : [];
  // After a crowded zone's looks, what they showed too.
  const objects = wholeRoom ? ctx.beliefs.matching(q, ctx.robot.pose) : found.objects;
  if (objects.length === 0 && q.all && q.inZone && found.complete) {
    // "Any balls in bin a?" is answered about balls: "nothing" would say bin_a is empty.
    const none = q.color || q.shape ? `There are no ${q.color ? `${q.color} ` : ''}${q.shape ?? 'object'}s` : 'There is nothing';
    return ok(`${none} in ${q.inZone}: ${searchedAll(found)}.`);
  }
  if (objects.length === 0) {
    const where = found.complete ? searchedAll(found) : `I looked from ${found.places} place(s)${stoppedBecause(found)}`;
    return fail(`I could not find ${describeQuery(q)}: ${where} and did not see it.`);
  }
  // "Where are all the X": those seen so far are not all of them when the search was cut short.
  if (q.all && cutShort(ctx, found)) return fail(`I could not find all of ${describeQuery(q)}: ${partialSearch(found, distinct(ctx.beliefs, objects))}`);
  const { beliefs } = ctx;
  const zoneOf = (o: SeenThing) => beliefs.zoneAt(o);
  const list = (q.all ? distinct(beliefs, objects) : objects.slice(0, 1)).map(
    (o) => `the ${o.color} ${o.shape} (${o.id}) is at about (${o.x}, ${o.y})${zoneOf(o) ? ` in ${zoneOf(o)}` : ''}, ${beliefs.describeAge(o)}`,
  );
  if (crowds.length) return fail(`${capitalize(list.join('; '))}; but ${crowds.join(' and ')} ${crowds.length === 1 ? 'is' : 'are'} crowded and a last look there still showed something new, or part of it could not be seen: there may be more.`);
  return ok(`${capitalize(list.join('; '))}.`);
}

export async function lookAround(ctx: SkillContext): Promise<Step> {
  const armed = await ctx.robot.ensureArmed();
  if (!armed.ok) return armed;
  const r = await scan(ctx, 'Looking all around.');
  if (!r.ok) return fail(`I could not scan: ${r.text}`);
  const seen = (r.data?.detections ?? []) as Array<{ id: string; position: { x: number; y: number } }>;
  return ok(seen.length ? `I see ${seen.map((d) => `${d.id} at (${d.position.x}, ${d.position.y})`).join(', ')}.` : 'I see no objects from here.');
}
