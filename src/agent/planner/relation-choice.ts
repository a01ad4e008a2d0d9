import { describeQuery, type Beliefs, type SeenThing } from './beliefs.js';
import type { ObjectQuery } from './referring.js';
import { bestByRelation, robotReading } from './relation-geometry.js';

/**
 * The one object a relation picks out of the candidates ("the ball by the wall"), or why it
 * cannot: two equally good are named, and "the left wall" is checked on the robot's own left
 * too — when that reading would pick another object, the person is asked which was meant
 * rather than the map's reading being taken silently. `lookAlikes` lists one entry per object
 * a query matches.
 */
export function chooseByRelation(beliefs: Beliefs, q: ObjectQuery, candidates: SeenThing[], lookAlikes: (q: ObjectQuery) => SeenThing[]): { target: SeenThing } | { problem: string } | null {
  const r = q.relation;
  if (!r) return null;
  const scene = beliefs.scene();
  const best = bestByRelation(candidates, r, scene);
  if (!best) return null;
  if ('tie' in best && q.definite) return { problem: `"${describeQuery(q)}" could be ${best.tie.map(at).join(' or ')}, equally ${r.text}: say which one` };
  const target = 'best' in best ? best.best : best.tie[0];
  const own = q.definite ? robotReading(r, scene) : null;
  if (own) {
    const other = bestByRelation(lookAlikes({ ...q, relation: own }), own, scene);
    const theirs = other && ('best' in other ? other.best : other.tie[0]);
    if (theirs && theirs.id !== target.id) {
      return { problem: `"${describeQuery(q)}" could be ${at(target)} (${r.text}, the map's side) or ${at(theirs)} (${own.text}, my side as I stood at the start): say which, for example by a compass side` };
    }
  }
  return { target };
}

const at = (o: SeenThing) => `${o.id} at (${o.x}, ${o.y})`;
