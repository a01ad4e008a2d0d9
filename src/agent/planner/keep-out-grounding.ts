import { describeQuery } from './beliefs.js';
import type { Constraint } from './constraints.js';
import type { KeepOut } from './drive-log.js';
import type { Goal, MapPlace, ObjectQuery, SpokenPlace } from './instruction.js';
import { isDockZone } from '../../core/map.js';
import { resolveZone } from './place-words.js';

type GroundedGoal = Goal<MapPlace>;

/**
 * "avoid Z", "don't go through Z", "stay out of Z", grounded: Z must be a zone of the map (a
 * point cannot be kept out of), and a goal that needs the robot in Z contradicts it — going to
 * Z, putting something in Z, fetching something said to lie in Z, charging when Z is the dock —
 * refused before anything moves, quoting both. Otherwise every drive of the mission keeps out of
 * Z (robot-link.ts passes it on) and the end checks the robot's own account (kept-out.ts).
 */
export function groundKeepOut(
  c: Extract<Constraint, { rule: 'avoid' }>,
  goals: readonly GroundedGoal[],
  place: (p: SpokenPlace) => MapPlace | null,
): { keep: KeepOut } | { problems: string[] } {
  const spot = place({ said: c.said });
  if (!spot) return { problems: [] }; // place() has said what is wrong with the words
  if (!('zone' in spot)) return { problems: [`"${c.text}" names where I started, not a zone of the map: I can keep out of zones only`] };
  const { zone } = spot;
  const clash = (what: string) => `"${c.text}" contradicts ${what}, which the instruction also asks for: that needs the robot in ${zone}`;
  const problems: string[] = [];
  for (const g of goals) {
    if (g.kind === 'goto' && 'zone' in g.target && g.target.zone === zone) problems.push(clash(`going to ${zone}`));
    if (g.kind === 'place' && 'zone' in g.target && g.target.zone === zone) problems.push(clash(`putting ${describeQuery(g.object)} in ${zone}`));
    if (g.kind === 'charge' && isDockZone(zone)) problems.push(clash('charging'));
    for (const q of objectsOf(g)) if (q.inZone === zone && g.kind !== 'find' && g.kind !== 'count') problems.push(clash(`fetching ${describeQuery(q)}`));
  }
  return problems.length ? { problems: [...new Set(problems)] } : { keep: { said: c.said, zone } };
}

/** The objects a goal moves or looks for. */
function objectsOf(g: GroundedGoal): ObjectQuery[] {
  if (g.kind === 'swap') return [g.object, g.other];
  return 'object' in g ? [g.object] : [];
}

/**
 * "Avoid the aisles", "stay out of all the rooms": a plural of a word several zones share names
 * each of them, kept out of one by one; said of one place ("the aisle") it stays a question of
 * which, refused when two match. The rule for each zone, or the rule as said.
 */
export function eachKeptOut(c: Extract<Constraint, { rule: 'avoid' }>, zones: readonly string[]): Array<Extract<Constraint, { rule: 'avoid' }>> {
  const plural = /^(?:(?:all|both|any|each|every one) (?:of )?)?(?:the )?(.+?)s$/.exec(c.said.trim());
  if (!plural || 'zone' in resolveZone(c.said, zones)) return [c];
  const one = resolveZone(plural[1]!, zones);
  return 'ambiguous' in one ? one.ambiguous.map((zone) => ({ ...c, said: zone })) : [c];
}
