import { rectCenter, rectContains, round, type Vec2 } from '../core/geometry.js';
import type { Zone } from '../core/map.js';
import { inZone } from '../core/zone-membership.js';
import type { KindDeps, Procedure } from './procedure.js';
import { RobotCommandError } from './robot-errors.js';
import { gripperStep } from './steps.js';
import { avoidGoal, avoidZonesOf, zonesNamed } from './keep-out.js';

/** Where to put the held object: a zone (by its map name). */
export interface DeliveryGoal {
  zone: string;
  /** Zones to keep out of on the way (map names). */
  avoid_zones?: string[];
}

/** How far inside a zone's edge the drop point must be to count as already in it. */
const INSIDE_MARGIN_M = 0.05;
/** Centre-to-centre distance kept from objects already remembered in the zone, so each stays separately visible. */
const CLEARANCE_M = 0.25;
/** Spacing of the candidate drop points tried in a zone. */
const GRID_M = 0.1;

/**
 * The free spots of a zone where the held object could land, best first: the centre when free,
 * then the others nearest the robot first (set down on the near side, not reached for past the
 * objects already there). Free means CLEARANCE_M from every object the robot remembers (its own
 * sightings and what it put down, never the simulator's truth). Throws `zone_full` when none is.
 */
export function freeDropPoints(deps: KindDeps, zone: Zone): Vec2[] {
  const taken = (deps.perception?.objects() ?? []).filter((o) => o.id !== deps.held.id);
  const free = (p: Vec2) => taken.every((o) => Math.hypot(o.x - p.x, o.y - p.y) >= CLEARANCE_M);
  const centre = rectCenter(zone);
  const { pose } = deps.ctx.backend.readState();
  const inset = CLEARANCE_M / 2;
  const spots: Vec2[] = [];
  for (let x = zone.minX + inset; x <= zone.maxX - inset + 1e-9; x += GRID_M) {
    for (let y = zone.minY + inset; y <= zone.maxY - inset + 1e-9; y += GRID_M) spots.push({ x: round(x, 3), y: round(y, 3) });
  }
  const others = spots.filter(free).sort((a, b) => Math.hypot(a.x - pose.x, a.y - pose.y) - Math.hypot(b.x - pose.x, b.y - pose.y));
  const all = free(centre) ? [centre, ...others] : others;
  if (all.length === 0) {
    const inside = taken.filter((o) => rectContains(zone, o, 0)).length;
    throw new RobotCommandError(`${zone.name} is full: no spot in it is ${CLEARANCE_M} m from the ${inside} object(s) already there`, 'zone_full', { zone: zone.name, objects_in_zone: inside });
  }
  return all;
}

/** Drop spots tried before giving up, and the headings (from straight at it) to face each from. */
const SPOTS_TRIED = 12;
const FACING_OFFSETS_RAD = [0, 0.7, -0.7, 1.4, -1.4];

/**
 * Where to stand so the held object lands in the zone: nowhere when the drop point already is in
 * it and free; else facing a free spot (freeDropPoints) at gripper reach, from the robot's side
 * first and then from the sides, the first stand the safety checks accept. Throws the last
 * refusal when none is accepted.
 */
export function deliveryStand(deps: KindDeps, zone: Zone, avoid: readonly Zone[] = []): (Vec2 & { heading?: number }) | undefined {
  const { backend } = deps.ctx;
  const jaws = deps.held.jaws();
  const spots = freeDropPoints(deps, zone);
  if (rectContains(zone, jaws, -INSIDE_MARGIN_M) && spots.some((p) => Math.hypot(p.x - jaws.x, p.y - jaws.y) < GRID_M)) return undefined;
  const { pose } = backend.readState();
  const reach = backend.gripper.reach;
  // Not armed or e-stopped refuses every stand: say so, rather than try them all.
  deps.safety.requireMotionAllowed('navigate');
  let refusal: unknown;
  for (const target of spots.slice(0, SPOTS_TRIED)) {
    const straight = Math.atan2(target.y - pose.y, target.x - pose.x);
    for (const offset of FACING_OFFSETS_RAD) {
      const heading = straight + offset;
      const stand = { x: target.x - reach * Math.cos(heading), y: target.y - reach * Math.sin(heading), heading };
      try {
        deps.safety.checkTrip(stand, avoid);
        return stand;
      } catch (e) {
        if (!(e instanceof RobotCommandError)) throw e;
        refusal = e;
      }
    }
  }
  throw refusal;
}

/** Drive (when needed) so the drop point is in the zone, release, and check where it landed.
 *  Where to stand is decided when the delivery starts: a queued one starts from wherever the
 *  operations before it left the robot. */
export function deliveryProcedure(goal: DeliveryGoal, deps: KindDeps): Procedure {
  return async (io) => {
    const zone = deps.ctx.backend.staticMap().zones.find((z) => z.name === goal.zone);
    if (!zone) throw new RobotCommandError(`unknown zone "${goal.zone}"`, 'unknown_zone');
    const avoid = zonesNamed(deps.ctx.backend, avoidZonesOf({ ...goal }));
    const stand = deliveryStand(deps, zone, avoid);
    if (stand) await io.run(`driving to ${goal.zone}`, 'NAVIGATING', deps.drive(stand, avoid), [0, 0.9]);
    const { released, zone: landed, position } = await io.run('release', 'MANIPULATING', gripperStep(deps.ctx.backend, 'release', deps.held), [stand ? 0.9 : 0, 1]);
    // In the zone is where it lies (the jaws it left), not the one zone the release names: a drop
    // in a tray on a bench is in both (zone-membership.ts).
    if (!inZone(zone, isVec2(position) ? position : deps.held.jaws())) {
      throw new RobotCommandError(`released ${(released as string | null) ?? 'the object'}, but it landed ${landed ? `in ${String(landed)}` : 'outside any zone'}, not in ${goal.zone}`, 'missed_zone', {
        landed_in_zone: landed ?? null,
      });
    }
    // Where it was put down, so a caller can find it there again without searching.
    return { released, zone: goal.zone, ...(position ? { position } : {}), ...avoidedOf(avoid) };
  };
}

const isVec2 = (p: unknown): p is Vec2 => typeof (p as Vec2 | undefined)?.x === 'number' && typeof (p as Vec2 | undefined)?.y === 'number';

/** A delivery told to keep out of zones says which it kept out of (by the drive's watch when it drove). */
function avoidedOf(avoid: readonly Zone[]): { avoided_zones?: string[] } {
  const { avoid_zones } = avoidGoal(avoid);
  return avoid_zones ? { avoided_zones: avoid_zones } : {};
}
