import type { WhichOneQuestion } from '../outcome-tool.js';
import type { PlannerMap, SeenThing } from './beliefs.js';
import { insideArea } from './map-areas.js';
import type { ObjectQuery } from './referring.js';

/**
 * When the words fit two objects equally well the planner names them and asks rather than pick
 * one. This puts the question in a form a front end can offer as choices: each option is the
 * object as the person would see it named, and the words that, said after the instruction
 * ("…, I mean the red cube at (5.98, 6.37)"), pick that one out — a point relation the planner
 * reads like any other, so the answer needs no memory of this mission.
 */
export function whichOne(q: ObjectQuery, candidates: readonly SeenThing[], map: PlannerMap | null): WhichOneQuestion {
  return {
    text: `Which ${[q.color, q.shape ?? 'one'].filter(Boolean).join(' ')} do you mean?`,
    // The words as said, relation and all: the answer takes their place in the instruction.
    said: q.relation ? `${q.text} ${q.relation.text}` : q.text,
    options: candidates.map((o) => {
      const zone = map?.zones.find((z) => insideArea(o, z));
      return { label: `${o.id} at (${o.x}, ${o.y})${zone ? ` in ${zone.name}` : ''}`, answer: `the ${o.color} ${o.shape} at (${o.x}, ${o.y})` };
    }),
  };
}
