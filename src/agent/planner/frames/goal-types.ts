import type { Constraint } from '../constraints.js';
import type { ObjectQuery } from '../referring.js';

/** The goals the frames read an instruction into; grounding (grounding.ts) puts their places on the map. */

/** A place as said ("bin a", "the packing area"), or where the robot started ("home", "back"). */
export type SpokenPlace = { said: string } | { home: true } | Between;
/** "between bin a and the shelf": a spot halfway between two places of the map (grounding finds it). */
export type Between = { between: [string, string] };
/** A place of the map: one of its zones, or the point the robot started from. */
export type MapPlace = { zone: string } | { start: true };

/** A point of the map; `heading` (degrees), when said, is the way to face on arrival. */
type Point = { point: { x: number; y: number; heading?: number } };
/** Where an object this mission moved was before it took it ("put it back where it was", "where the red cube was"). */
export type WasAt = { wasAt: ObjectQuery };
/** Next to a place: outside it, close to its edge (the words said, then the zone grounded). */
export type Beside = { beside: string };
/** Where the robot stands; `there`: said "there", which after a place was named is that place (compose.ts). */
export type Here = { here: true; there?: true };
export type Place<Z = SpokenPlace> = Z | Point | { near: ObjectQuery } | Here | WasAt | Beside;

/** One end of a measured distance: a place of the map, or an object found by sight. */
export type MeasuredEnd<Z = SpokenPlace> = Z | { object: ObjectQuery };
/** A test of the battery as said: above or below a share (0–1), or low / not low as the robot's reserve has it. */
export type BatteryTest = { op: '>' | '>=' | '<' | '<='; level: number } | { low: boolean };

/** What a distance is asked from: an object, a place (as said, then the zone grounded), or the robot. */
export type DistanceTo = { object: ObjectQuery } | { said: string } | { zone: string } | { robot: true };

/** What a status question asks: the battery, where the robot is, what it holds, where it started, all of it, or the places of the map it knows. */
export type StatusTopic = 'battery' | 'pose' | 'holding' | 'start' | 'all' | 'zones';

export type Goal<Z = SpokenPlace> =
  | { kind: 'pick'; object: ObjectQuery }
  | { kind: 'place'; object: ObjectQuery; target: Place<Z> }
  /** `stays`: "stay at Z", to be there and not leave. */
  | { kind: 'goto'; target: Z | Point; stays?: true }
  /**
   * Where the object is; with `whether`, a yes/no question ("is the blue cube in bin a?") answered
   * either way (`every`: "are the balls on the shelf" asks it of all of them); with `distanceTo`, how far it is from another object, a place or the robot.
   */
  | { kind: 'find'; object: ObjectQuery; whether?: true; every?: true; distanceTo?: DistanceTo }
  /** `fromHere`: "how many … can you see from here": what a look from where the robot stands shows, not the whole room. */
  /** `than`: "are there more than 3 balls" asks a count against a number, answered yes or no. */
  | { kind: 'count'; object: ObjectQuery; fromHere?: true; than?: { more: boolean; n: number } }
  | { kind: 'stay' }
  | { kind: 'scan' }
  | { kind: 'capture' }
  | { kind: 'charge' }
  | { kind: 'status'; topic: StatusTopic }
  | { kind: 'arm' | 'disarm' | 'stop' | 'estop' | 'reset_estop' }
  | { kind: 'set'; name: string; value: number | string }
  | { kind: 'rotate'; degrees: number }
  /** A drive by a distance from where the robot stands: `angle` is the way from its heading (0 ahead, 180 back, 90 left). */
  | { kind: 'drive'; metres: number; angle: number }
  /** A turn on the spot to face a place, or a heading of the map (degrees, 0 along x, 90 along y). */
  | { kind: 'face'; toward: Z | { heading: number } }
  /** Each goes where the other was: into the other's zone, or to its spot. */
  | { kind: 'swap'; object: ObjectQuery; other: ObjectQuery }
  /** Everything `object` names (all, in a zone) moved out of that zone, to free floor. */
  | { kind: 'clear'; object: ObjectQuery }
  /** Each object `object` names moved to the zone named after its colour (or kind). */
  | { kind: 'sort'; object: ObjectQuery }
  | { kind: 'keep'; constraint: Constraint }
  /** "How far is bin a", "which is closer, the shelf or bin b": places (or objects) measured from the robot, or `from` one another; `compare` asks which (`whether`: "is the first one closer?"). */
  | { kind: 'measure'; items: Array<MeasuredEnd<Z>>; from?: MeasuredEnd<Z>; compare?: 'nearer' | 'farther'; whether?: true }
  /** "If you have more than 30% charge, …": the next `covers` goals are done only when the robot's status says the test holds. */
  | { kind: 'when'; test: BatteryTest; said: string; covers: number }
  | { kind: 'unknown'; text: string; reason: string };

export type ParsedGoal = Goal<SpokenPlace>;
