import { describeQuery, type Beliefs, type SeenThing } from './beliefs.js';
import type { ObjectQuery } from './referring.js';
import { bestByRelation, robotReading, TIE_M } from './relation-geometry.js';

/** The object chosen, or why none could be: with `among`, the candidates it could not tell apart. */
export type Choice = { target: SeenThing } | { problem: string; among?: SeenThing[] };

/**
 * The one object a relation picks out of the candidates ("the ball by the wall"), or why it
 * cannot: two equally good are named, and "the left wall" is checked on the robot's own left
 * too — when that reading would pick another object, the person is asked which was meant
 * rather than the map's reading being taken silently. "The closest" is by distance from the
 * robot, with the same care for two as close as each other. `lookAlikes` lists one entry per
 * object a query matches.
 */
export function chooseByRelation(
  beliefs: Beliefs,
  q: ObjectQuery,
  candidates: SeenThing[],
  lookAlikes: (q: ObjectQuery) => SeenThing[],
  robot: { x: number; y: number },
): Choice | null {
  if (q.rank) return byDistance(q, candidates, robot);
  const r = q.relation;
  if (!r) return null;
  const scene = beliefs.scene();
  const best = bestByRelation(candidates, r, scene);
  if (!best) return null;
  if ('tie' in best && q.definite) return { problem: `"${describeQuery(q)}" could be ${best.tie.map(at).join(' or ')}, equally ${r.text}: say which one`, among: best.tie };
  const target = 'best' in best ? best.best : best.tie[0];
  const own = q.definite ? robotReading(r, scene) : null;
  if (own) {
    const other = bestByRelation(lookAlikes({ ...q, relation: own }), own, scene);
    const theirs = other && ('best' in other ? other.best : other.tie[0]);
    if (theirs && theirs.id !== target.id) {
      return { problem: `"${describeQuery(q)}" could be ${at(target)} (${r.text}, the map's side) or ${at(theirs)} (${own.text}, my side as I stood at the start): say which, for example by a compass side`, among: [target, theirs] };
    }
  }
  return { target };
}

/** "The closest cube", "the farther of the two": by distance from the robot, two as far as each other named. */
function byDistance(q: ObjectQuery, candidates: SeenThing[], robot: { x: number; y: number }): Choice | null {
  const sign = q.rank === 'farthest' ? -1 : 1;
  const d = (o: SeenThing) => sign * Math.hypot(o.x - robot.x, o.y - robot.y);
  const [first, second] = [...candidates].sort((a, b) => d(a) - d(b));
  if (!first) return null;
  if (second && d(second) - d(first) <= TIE_M) return { problem: `"${describeQuery(q)}" could be ${at(first)} or ${at(second)}: they are as ${q.rank === 'farthest' ? 'far' : 'near'} as each other, say which one`, among: [first, second] };
  return { target: first };
}

const at = (o: SeenThing) => `${o.id} at (${o.x}, ${o.y})`;
