import { createHash } from 'node:crypto';
import type { Pose, Rect, Vec2 } from '../core/geometry.js';
import type { StaticMap, Zone } from '../core/map.js';
import { round } from '../core/geometry.js';
import { innermostZone, zonesContaining } from '../core/zone-membership.js';
import type { Scenario } from './scenario.js';
import { type FloorObject, type ObjectColor } from '../core/objects.js';
import { DEFAULT_ROBOT_CONFIG, type RobotConfig } from './robot-config.js';

/** An object in the world — ground truth, which only the simulator and evaluation read. */
export interface WorldObject extends FloorObject {
  color: ObjectColor;
}

export interface RobotBody extends Pose {
  /** Commanded-and-achieved velocities after acceleration limits. */
  linear: number;
  angular: number;
  /** State of charge, 0..1. */
  battery: number;
  charging: boolean;
  holding: string | null;
  /** Total distance driven, metres (telemetry). */
  odometer: number;
}

/**
 * The simulated world's state: static map plus the mutable robot body and objects. It knows
 * nothing of robots' state machines or of time; the engine mutates it step by step.
 */
export class World {
  readonly map: StaticMap;
  readonly objects: WorldObject[];
  readonly robot: RobotBody;

  constructor(
    readonly scenario: Scenario,
    readonly config: RobotConfig = DEFAULT_ROBOT_CONFIG,
  ) {
    this.map = {
      width: scenario.room.width,
      depth: scenario.room.depth,
      obstacles: scenario.obstacles.map((o) => ({ id: o.id, ...footprint(o), height: o.height, color: o.color })),
      zones: zonesOf(scenario),
    };
    this.objects = scenario.objects.map((o) => ({ ...o, heldBy: null }));
    this.robot = {
      x: scenario.robot.x,
      y: scenario.robot.y,
      heading: scenario.robot.heading,
      linear: 0,
      angular: 0,
      battery: scenario.robot.battery,
      charging: false,
      holding: null,
      odometer: 0,
    };
  }

  object(id: string): WorldObject | undefined {
    return this.objects.find((o) => o.id === id);
  }

  zone(name: string): Zone | undefined {
    return this.map.zones.find((z) => z.name === name);
  }

  /** The one zone to name for where a point is: the innermost containing it (zone-membership.ts). */
  zoneAt(p: Vec2): Zone | undefined {
    return innermostZone(this.map.zones, p);
  }

  /** Every zone a point is in: nested and overlapping zones all contain it. */
  zonesAt(p: Vec2): Zone[] {
    return zonesContaining(this.map.zones, p);
  }

  /** A stable fingerprint of the mutable state: same scenario + seed + commands ⇒ same hash. */
  stateHash(): string {
    const r = this.robot;
    const snapshot = {
      robot: [round(r.x, 6), round(r.y, 6), round(r.heading, 6), round(r.battery, 6), r.holding, r.charging],
      objects: this.objects.map((o) => [o.id, round(o.x, 6), round(o.y, 6), round(o.yaw, 6), o.heldBy]),
    };
    return createHash('sha256').update(JSON.stringify(snapshot)).digest('hex').slice(0, 16);
  }
}

/** The floor rectangle of a scenario box or zone, given by its centre and extents. */
/** The scenario's zones as the map gives them (rectangles): what ground-truth judges measure against. */
export function zonesOf(scenario: Pick<Scenario, 'zones'>): Zone[] {
  return scenario.zones.map((z) => ({ name: z.name, ...footprint(z), color: z.color ?? '#b0b0a8' }));
}

function footprint(c: { x: number; y: number; width: number; depth: number }): Rect {
  return { minX: c.x - c.width / 2, maxX: c.x + c.width / 2, minY: c.y - c.depth / 2, maxY: c.y + c.depth / 2 };
}
