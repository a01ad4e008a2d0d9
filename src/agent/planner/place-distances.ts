import type { MapPlace, MeasuredEnd } from './frames/goal-types.js';
import type { GroundedGoal } from './grounding.js';
import { distanceToArea, type MapArea } from './map-areas.js';
import { choose } from './skills/search.js';
import type { SkillContext } from './skills/skill-context.js';
import { fail, ok, type Step } from './step.js';

type Point = { x: number; y: number };
/** One end as located: a point (the robot, where it started, an object seen) or a zone of the map. */
type Located = { name: string; at: Point; area?: MapArea & { name: string } };
type Measure = Extract<GroundedGoal, { kind: 'measure' }>;

/**
 * "How far is bin a", "how far are you from the dock", "which is closer, the shelf or bin b": a
 * zone is where the map says (its centre, and its nearest edge), the robot where its status last
 * put it when asked — no drive for either; an object is found by sight first (choose), never
 * taken from anywhere else. Distances to a zone are to its centre, with the nearest edge said too.
 */
export async function answerMeasure(ctx: SkillContext, goal: Measure): Promise<Step> {
  const asked = { ...ctx.robot.pose };
  const here: Located = { name: 'me', at: asked };
  const items: Located[] = [];
  for (const e of goal.items) {
    const l = await locate(ctx, e);
    if ('problem' in l) return fail(l.problem);
    items.push(l);
  }
  const from = goal.from ? await locate(ctx, goal.from) : here;
  if ('problem' in from) return fail(from.problem);
  // A search for an object at one end may have taken the robot elsewhere: distances stay from where it was asked.
  if (Math.hypot(ctx.robot.pose.x - asked.x, ctx.robot.pose.y - asked.y) > 0.05) here.name = 'where I was when asked';
  const where = from === here ? ` (${here.name === 'me' ? 'I am' : 'I was'} at (${round(asked.x)}, ${round(asked.y)})${zoneOf(ctx, asked)})` : '';
  const said = items.map((l) => apart(l, from));
  if (!goal.compare) return ok(`${said.join('; ')}${where}.`);
  const ranked = [...items].sort((a, b) => centres(a, from) - centres(b, from));
  const best = goal.compare === 'nearer' ? ranked[0]! : ranked.at(-1)!;
  const tie = Math.abs(centres(ranked[0]!, from) - centres(ranked.at(-1)!, from)) < 0.05;
  const said1 = tie ? `they are about as far from ${from.name} as each other` : `${best.name} is ${goal.compare === 'nearer' ? 'closer to' : 'farther from'} ${from.name}`;
  // "Is bin a closer than the shelf?": yes or no first.
  const verdict = goal.whether ? `${!tie && best === items[0] ? 'Yes' : 'No'}: ${said1}` : said1.replace(/^t/, 'T');
  return ok(`${verdict}: ${said.join('; ')}${where}.`);
}

async function locate(ctx: SkillContext, e: MeasuredEnd<MapPlace>): Promise<Located | { problem: string }> {
  if ('start' in e) return { name: 'where I started', at: ctx.robot.start };
  if ('zone' in e) {
    const zone = ctx.beliefs.zone(e.zone);
    return zone ? { name: zone.name, at: zone.center, area: zone } : { problem: `I do not know where ${e.zone} is on the map` };
  }
  const chosen = await choose(ctx, e.object);
  if ('problem' in chosen) return chosen;
  const o = chosen.target;
  return { name: `${o.id} (seen at (${o.x}, ${o.y}))`, at: { x: o.x, y: o.y } };
}

/** Centre to centre (or point), the way "which is closer" is decided. */
const centres = (a: Located, b: Located) => Math.hypot(a.at.x - b.at.x, a.at.y - b.at.y);

/** "X is 3.2 m from Y", measured to a zone's centre, with its nearest edge said too (0 when inside it). */
function apart(a: Located, b: Located): string {
  const said = `${a.name} is ${metres(centres(a, b))} from ${b.name}`;
  if (a.area && b.area) return `${said}, centre to centre (${metres(gap(a.area, b.area))} between their nearest edges)`;
  const zone = a.area ?? b.area;
  if (!zone) return said;
  const point = a.area ? b : a;
  const edge = distanceToArea(point.at, zone);
  const inside = point.name === 'me' ? 'I am inside it' : `${point.name} is inside it`;
  return `${said}, to the centre of ${zone.name} (${edge === 0 ? inside : `${metres(edge)} to its nearest edge`})`;
}

/** Metres between the nearest edges of two areas: 0 when they touch or overlap. */
function gap(a: MapArea, b: MapArea): number {
  return Math.hypot(Math.max(a.min_x - b.max_x, 0, b.min_x - a.max_x), Math.max(a.min_y - b.max_y, 0, b.min_y - a.max_y));
}

function zoneOf(ctx: SkillContext, p: Point): string {
  const zone = ctx.beliefs.zoneAt(p);
  return zone ? `, in ${zone}` : '';
}

const round = (v: number) => Math.round(v * 100) / 100;
const metres = (v: number) => `${round(v)} m`;
