import type { GoalReport } from '../outcome-tool.js';
import { describeQuery, type Beliefs, type Meant, type SeenThing } from './beliefs.js';
import { kindMatches, type ObjectQuery } from './referring.js';

/**
 * "The red cube" names one object. When the robot chose it, it had seen only one (two seen then
 * are named and refused before anything moves: search.ts), but a look later in the mission — a
 * scan on the way, the fresh look that checks a delivery — may show a second one that matches
 * as well. Then which was meant was guessed, not known, and the mission must not end `succeeded`:
 * this names the two. Only memory is read; nothing is searched for, so a mission with one such
 * object costs no extra call.
 */

/** Sightings of one object under two ids (a double sighting) are this close or closer. */
export const SAME_OBJECT_M = 0.5;

/** Whether the reference is a plain "the X" (colour, shape, zone): relations and ranks choose by a rule of their own. */
export function namesOne(q: ObjectQuery): boolean {
  return q.definite === true && !q.all && !q.pronoun && !q.other && !q.rank && !q.relation;
}

/** The first "the X" that a later sighting made ambiguous, as an unmet goal naming both; null when none. */
export function secondLookAlike(beliefs: Beliefs): GoalReport | null {
  for (const m of beliefs.meant) {
    const other = [...beliefs.seen.values()].find((o) => stillMatches(beliefs, m.q, o) && !isTheOneMeant(beliefs, m, o));
    if (!other) continue;
    const said = describeQuery(m.q);
    return {
      text: `${said} is the only one`,
      status: 'unmet',
      evidence: `I took ${said} to be ${m.id} at (${m.at.x}, ${m.at.y}), but later saw ${other.id} at (${other.x}, ${other.y}), which matches it as well, so which one was meant is not known: say which (for example by where it is)`,
    };
  }
  return null;
}

/** Whether the object matches the words as they applied when the choice was made (its zone then: where it was first seen). */
function stillMatches(beliefs: Beliefs, q: ObjectQuery, o: SeenThing): boolean {
  if (!kindMatches(o, q) || o.id === beliefs.holding) return false;
  const then = beliefs.firstSeen.get(o.id) ?? o;
  if ((q.inZone && !beliefs.inZone(then, q.inZone)) || (q.notInZone && beliefs.inZone(then, q.notInZone))) return false;
  return !q.spare?.some((s) => beliefs.spares(s, o));
}

/** The chosen object itself under any of its names: its id, the id it was held by, a later id
 *  for it where it was put down, or a second sighting at the spot it was taken from. */
function isTheOneMeant(beliefs: Beliefs, m: Meant, o: SeenThing): boolean {
  const names = [m.id, m.heldAs];
  if (names.includes(o.id) || names.includes(beliefs.putDownAs(o.id))) return true;
  if (Math.hypot(o.x - m.at.x, o.y - m.at.y) < SAME_OBJECT_M && !beliefs.seenTogether(o.id, m.id)) return true;
  return beliefs.nearWherePutDown(o, SAME_OBJECT_M);
}
