import type { WhichOneQuestion } from '../outcome-tool.js';
import type { PlannerMap } from './beliefs.js';
import type { Constraint } from './constraints.js';
import type { Goal, MapPlace, ObjectQuery, ParsedInstruction, Place, SpokenPlace } from './instruction.js';
import { spotBetween } from './between-places.js';
import type { Between, MeasuredEnd } from './frames/goal-types.js';
import { groundRelation } from './ground-relations.js';
import { listNames, resolveZone } from './place-words.js';
import { spreadThem } from './plural-pronoun.js';
import type { KeepOut } from './drive-log.js';
import { eachKeptOut, groundKeepOut } from './keep-out-grounding.js';
import type { SpareQuery } from './referring.js';
import type { Relation } from './relations.js';

/** Why an instruction is refused before anything moves, and, when a place said could be several, which. */
export interface Refusal {
  refusal: string;
  question?: WhichOneQuestion;
}

/** "The bin" on a map with bin_a and bin_b: the zones it could be, each answer the zone's own name. */
function whichPlace(said: string, zones: readonly string[]): WhichOneQuestion {
  return { text: `Which place do you mean by "${said}"?`, said, options: zones.map((zone) => ({ label: zone, answer: zone.replace(/_/g, ' ') })) };
}

/**
 * Parsed instruction → goals grounded in this map, or a refusal before anything moves. Every
 * place said is resolved against the map's zones (place-words.ts); "home" is the map's home zone
 * or, without one, where the robot started. Constraints are checked against the goals: a
 * contradiction or one the robot cannot promise to keep is refused, never dropped. Takes the
 * parser's structure, not text, so another parser can feed it.
 */
export type GroundedGoal = Goal<MapPlace>;

export interface GroundedInstruction {
  goals: GroundedGoal[];
  /** How words were read ("reading 'packing' as packing_area"), for the narration. */
  readings: string[];
  /** The robot must not charge on this mission. */
  noCharge: boolean;
  /** Zones every drive of this mission keeps out of ("avoid the packing area"). */
  keepOut?: KeepOut[];
}

const DRIVES = new Set<Goal['kind']>(['pick', 'place', 'goto', 'find', 'count', 'scan', 'charge', 'rotate', 'drive', 'face']);

/** Goals that take hold of objects: the only ones "leave X alone" can clash with. */
const TAKES_HOLD = new Set<Goal['kind']>(['pick', 'place', 'swap', 'clear', 'sort']);

export const isDock = (zone: string) => zone === 'charging_dock' || zone.startsWith('charging_dock_');

export function groundInstruction(parsed: ParsedInstruction, map: PlannerMap | null): GroundedInstruction | Refusal {
  const unknown = parsed.goals.flatMap((g) => (g.kind === 'unknown' ? [g.reason] : []));
  if (unknown.length) return { refusal: unknown.join('; ') };
  const zones = map?.zones.map((z) => z.name) ?? [];
  const readings = parsed.readings.map((r) => `reading '${r.said}' as '${r.read}'`);
  const problems: string[] = [];
  let question: WhichOneQuestion | undefined;
  const place = (p: SpokenPlace): MapPlace | null => {
    if ('home' in p) return zones.includes('home') ? { zone: 'home' } : { start: true };
    if ('between' in p) {
      problems.push(`"between ${p.between.join(' and ')}" is a spot, not a zone: say which place`);
      return null;
    }
    const match = resolveZone(p.said, zones);
    if ('zone' in match) {
      if (match.zone.replace(/_/g, ' ') !== p.said.replace(/_/g, ' ')) readings.push(`reading '${p.said}' as ${match.zone}`);
      return match;
    }
    problems.push(
      'ambiguous' in match
        ? `"${p.said}" could be ${listNames(match.ambiguous, 'or')}: say which`
        : `I do not know a place called "${p.said}": this map has ${listNames(zones)}`,
    );
    if ('ambiguous' in match) question = whichPlace(p.said, match.ambiguous);
    return null;
  };
  const constraints = parsed.goals.flatMap((g) => (g.kind === 'keep' ? [g.constraint] : []));
  const noCharge = constraints.some((c) => c.rule === 'no_charge');
  const goals: GroundedGoal[] = [];
  let previous: ObjectQuery | null = null;
  let previousKind: Goal['kind'] | null = null;
  const named: ObjectQuery[] = [];
  const parsedGoals = spreadThem(parsed.goals);
  for (const parsedGoal of parsedGoals) {
    const g = otherNeedsReferent(resolvePronoun(parsedGoal, previous, previousKind), named);
    if ('object' in g) named.push(g.object);
    if (g.kind === 'swap') named.push(g.other);
    if (g.kind === 'unknown') {
      problems.push(g.reason);
      continue;
    }
    if ('object' in g && !g.object.pronoun) previous = g.object;
    previousKind = g.kind;
    const staying = g.kind === 'stay' || (g.kind === 'goto' && g.stays);
    if (staying && parsedGoals.slice(parsedGoals.indexOf(parsedGoal) + 1).some((later) => DRIVES.has(later.kind))) {
      const where = g.kind === 'goto' && 'said' in g.target ? `at ${g.target.said}` : g.kind === 'goto' ? 'there' : 'where I am';
      problems.push(`staying ${where} contradicts moving, which the instruction also asks for`);
      continue;
    }
    const between = (b: Between): { point: { x: number; y: number } } | null => {
      const [a, c] = b.between.map((said) => place({ said }));
      if (!a || !c) return null;
      const spot = 'zone' in a && 'zone' in c ? spotBetween(map, a.zone, c.zone) : { problem: `I can find the spot between two zones of the map, not "between ${b.between.join(' and ')}"` };
      if ('problem' in spot) {
        problems.push(spot.problem);
        return null;
      }
      readings.push(`reading 'between ${b.between.join(' and ')}' as (${spot.point.x}, ${spot.point.y}), halfway between them`);
      return spot;
    };
    const grounded = groundObjects(groundGoal(g, place, between), place, (r) => groundRelation(r, map, readings, problems));
    if (!grounded) continue;
    // "is there anything in Z? what is it?" asks the same thing twice.
    if (JSON.stringify(grounded) === JSON.stringify(goals.at(-1))) continue;
    // Going to the charging dock means charging there, unless told not to.
    const goal: GroundedGoal = grounded.kind === 'goto' && 'zone' in grounded.target && isDock(grounded.target.zone) && !noCharge ? { kind: 'charge' } : grounded;
    // "go to the dock and charge" names one action twice.
    if (goal.kind === 'charge' && goals.at(-1)?.kind === 'charge') continue;
    goals.push(goal);
  }
  const keepOut: KeepOut[] = [];
  for (const c of constraints.flatMap((k): Constraint[] => (k.rule === 'avoid' ? eachKeptOut(k, zones) : [k]))) problems.push(...constraintProblems(c, goals, place, keepOut));
  const spared = spareEverywhere(goals, place, problems);
  // A question is offered only when it is all that stands in the way.
  if (problems.length) return { refusal: problems.join('; '), ...(problems.length === 1 && question ? { question } : {}) };
  return { goals: spared, readings, noCharge, ...(keepOut.length ? { keepOut } : {}) };
}

/**
 * "find the blue ball, pick it up": "it" in a pick or a search is the object of the goal before,
 * and with none before it names nothing. (A delivery of "it" carries what the robot holds.)
 */
function resolvePronoun(g: Goal<SpokenPlace>, previous: ObjectQuery | null, previousKind: Goal['kind'] | null): Goal<SpokenPlace> {
  if (g.kind === 'place' && 'near' in g.target && g.target.near.pronoun) {
    // "… then bring the blue cube next to it": "it" is the object of the goal before.
    if (!previous) return { kind: 'unknown', text: g.target.near.text, reason: `"next to ${g.target.near.text}" does not name an object: say which object` };
    return { ...g, target: { near: { ...previous, all: false } } };
  }
  // "… then the other one": of the kind said before, and not one already handled (Beliefs.matching).
  if ('object' in g && g.object.other && !g.object.rest && !g.object.color && !g.object.shape) {
    if (!previous) return { kind: 'unknown', text: g.object.text, reason: `"the other ${g.object.text}": other than which? Say which object` };
    return { ...g, object: { ...g.object, ...(previous.color ? { color: previous.color } : {}), ...(previous.shape ? { shape: previous.shape } : {}) } };
  }
  // "see the red cube? take it to …": a delivery of "it" after a search moves what was found.
  const afterSearch = g.kind === 'place' && (previousKind === 'find' || previousKind === 'count');
  if ((g.kind !== 'pick' && g.kind !== 'find' && !afterSearch) || !('object' in g) || !g.object.pronoun) return g;
  if (!previous) return { kind: 'unknown', text: g.object.text, reason: `"${g.object.text}" does not name an object here: say which object` };
  return { ...g, object: { ...previous, all: previous.all && g.object.all } };
}

/**
 * "The other red cube" is one of two or more, other than a red cube said or handled before: with
 * none before it in the instruction, it says which it is not without saying which it is, and the
 * robot would have to pick one of the red cubes silently. Refused before anything moves.
 */
function otherNeedsReferent(g: Goal<SpokenPlace>, named: readonly ObjectQuery[]): Goal<SpokenPlace> {
  if (!('object' in g) || !g.object.other) return g;
  const q = g.object;
  const sameKind = (o: ObjectQuery) => (!q.color || !o.color || o.color === q.color) && (!q.shape || !o.shape || o.shape === q.shape) && (o.color !== undefined || o.shape !== undefined || o.pronoun === true);
  // "The rest" of what was named before; "the remaining cubes" may be those not yet where they go.
  if (q.rest ? named.length > 0 || q.color || q.shape : named.some(sameKind)) return g;
  if (q.rest) return { kind: 'unknown', text: q.text, reason: `"${q.text}": the rest of what? Nothing is named before it in this instruction: say which objects` };
  const kind = [q.color, q.shape ?? 'object'].filter(Boolean).join(' ');
  return {
    kind: 'unknown',
    text: q.text,
    reason: `"the other ${kind}": other than which? No ${kind} is named before it in this instruction, so I cannot tell which one you mean: say which ${kind} (where it is, as in "the ${kind} in <place>", or "the nearest ${kind}")`,
  };
}

/** Zones named inside object references ("the green cube from room 2") resolved on the map too. */
function groundObjects(g: GroundedGoal | null, place: (p: SpokenPlace) => MapPlace | null, relation: (r: Relation) => Relation | null): GroundedGoal | null {
  if (!g) return null;
  const zoneOf = (said: string | undefined): string | null | undefined => {
    if (said === undefined) return undefined;
    const zone = place({ said });
    return zone && 'zone' in zone ? zone.zone : null;
  };
  const ground = (q: ObjectQuery): ObjectQuery | null => {
    const [inZone, notInZone] = [zoneOf(q.inZone), zoneOf(q.notInZone)];
    const related = q.relation ? relation(q.relation) : undefined;
    const spare = q.spare?.map((s) => ({ ...s, inZone: zoneOf(s.inZone) }));
    if (inZone === null || notInZone === null || related === null || spare?.some((s) => s.inZone === null)) return null;
    return { ...q, ...(inZone ? { inZone } : {}), ...(notInZone ? { notInZone } : {}), ...(related ? { relation: related } : {}), ...(spare ? { spare: spare as SpareQuery[] } : {}) };
  };
  const object = 'object' in g ? ground(g.object) : undefined;
  if (object === null) return null;
  const near = g.kind === 'place' && 'near' in g.target ? ground(g.target.near) : undefined;
  if (near === null) return null;
  const from = g.kind === 'find' && g.distanceTo && 'object' in g.distanceTo ? ground(g.distanceTo.object) : undefined;
  if (from === null) return null;
  return { ...g, ...(object ? { object } : {}), ...(near ? { target: { near } } : {}), ...(from ? { distanceTo: { object: from } } : {}) } as GroundedGoal;
}

type SpotBetween = (b: Between) => { point: { x: number; y: number } } | null;

function groundGoal(g: Goal<SpokenPlace>, place: (p: SpokenPlace) => MapPlace | null, between: SpotBetween): GroundedGoal | null {
  switch (g.kind) {
    case 'goto': {
      if ('point' in g.target) return { kind: 'goto', target: g.target };
      if ('between' in g.target) {
        const spot = between(g.target);
        return spot ? { kind: 'goto', target: spot } : null;
      }
      const target = place(g.target);
      return target ? { kind: 'goto', target } : null;
    }
    case 'place': {
      const target = 'between' in g.target ? between(g.target) : groundPlace(g.target, place);
      return target ? { ...g, target } : null;
    }
    case 'face': {
      // A heading of the map is grounded already; a place is one of the map's (never a spot between two).
      if ('heading' in g.toward) return { kind: 'face', toward: g.toward };
      const toward = place('between' in g.toward ? { said: g.toward.between.join(' and ') } : g.toward);
      return toward ? { kind: 'face', toward } : null;
    }
    case 'find': {
      // "how far is X from the shelf": the place on the map.
      if (!g.distanceTo || !('said' in g.distanceTo)) return g;
      const to = place(g.distanceTo);
      return to && 'zone' in to ? { ...g, distanceTo: to } : null;
    }
    case 'measure': {
      // "how far is bin a", "which is closer, the shelf or bin b": each place put on the map; an object is found by sight, in the zone said.
      const end = (e: MeasuredEnd): MeasuredEnd<MapPlace> | null => {
        if (!('object' in e)) return place(e);
        const zone = e.object.inZone === undefined ? undefined : place({ said: e.object.inZone });
        if (zone === undefined) return e;
        return zone && 'zone' in zone ? { object: { ...e.object, inZone: zone.zone } } : null;
      };
      const items = g.items.map(end);
      const from = g.from ? end(g.from) : undefined;
      if (from === null || items.some((e) => e === null)) return null;
      return { kind: 'measure', items: items as Array<MeasuredEnd<MapPlace>>, ...(from ? { from } : {}), ...(g.compare ? { compare: g.compare } : {}), ...(g.whether ? { whether: g.whether } : {}) };
    }
    default:
      return g;
  }
}

function groundPlace(p: Place<SpokenPlace>, place: (p: SpokenPlace) => MapPlace | null): Place<MapPlace> | null {
  if ('point' in p || 'near' in p || 'here' in p || 'wasAt' in p) return p;
  if ('beside' in p) {
    const zone = place({ said: p.beside });
    return zone && 'zone' in zone ? { beside: zone.zone } : null;
  }
  return place(p);
}

/**
 * What the instruction says to leave alone is left out of every goal's candidates, and a goal
 * that could only mean a spared object contradicts it: refused before anything moves.
 */
function spareEverywhere(goals: GroundedGoal[], place: (p: SpokenPlace) => MapPlace | null, problems: string[]): GroundedGoal[] {
  const grounded = goals.map((g): GroundedGoal => {
    if (g.kind !== 'keep' || g.constraint.rule !== 'hands_off' || g.constraint.spare.inZone === undefined) return g;
    const zone = place({ said: g.constraint.spare.inZone });
    const inZone = zone && 'zone' in zone ? zone.zone : g.constraint.spare.inZone; // not found: place() said so
    return { kind: 'keep', constraint: { ...g.constraint, spare: { ...g.constraint.spare, inZone } } };
  });
  // "Don't touch anything else": everything but the kinds the goals name.
  const named = grounded.flatMap((g) => ('object' in g && !g.object.pronoun ? [{ ...(g.object.color ? { color: g.object.color } : {}), ...(g.object.shape ? { shape: g.object.shape } : {}) }] : []));
  const handsOff = grounded
    .flatMap((g) => (g.kind === 'keep' && g.constraint.rule === 'hands_off' ? [g.constraint] : []))
    .map((c) => (c.spare.notNamed ? { ...c, spare: { ...c.spare, notNamed: named } } : c));
  if (handsOff.length === 0) return goals;
  const spares: SpareQuery[] = handsOff.map((c) => c.spare);
  let kept = 0;
  return grounded.map((g) => {
    if (g.kind === 'keep' && g.constraint.rule === 'hands_off') return { kind: 'keep', constraint: handsOff[kept++]! };
    // A question about an object ("don't touch anything, just tell me where the ball is") leaves it where it is.
    if (!('object' in g) || g.object.pronoun || !TAKES_HOLD.has(g.kind)) return g;
    const q = g.object;
    const clash = handsOff.find(({ spare: s }) => !s.notNamed && (!s.color || s.color === q.color) && (!s.shape || s.shape === q.shape) && (!s.inZone || s.inZone === q.inZone));
    if (clash) problems.push(`"${clash.text}" contradicts "${q.text}", which the instruction also asks for`);
    return { ...g, object: { ...q, spare: [...(q.spare ?? []), ...spares] } } as GroundedGoal;
  });
}

function constraintProblems(c: Constraint, goals: GroundedGoal[], place: (p: SpokenPlace) => MapPlace | null, keepOut: KeepOut[]): string[] {
  if (c.rule === 'hands_off') {
    if (!c.alone || goals.every((g) => g.kind === 'keep')) return [];
    return [`I can keep "${c.text}" only by not moving ${c.spare.text} at all, which the rest of the instruction may not mean: say "leave ${c.spare.text} alone", or ask for the rest on its own`];
  }
  if (c.rule === 'no_charge') {
    return goals.some((g) => g.kind === 'charge') ? [`"${c.text}" contradicts charging, which the instruction also asks for`] : [];
  }
  const grounded = groundKeepOut(c, goals, place);
  if ('keep' in grounded) keepOut.push(grounded.keep);
  return 'problems' in grounded ? grounded.problems : [];
}
