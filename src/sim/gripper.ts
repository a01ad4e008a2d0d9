import type { Vec2 } from '../core/geometry.js';
import { normalizeAngle, round } from '../core/geometry.js';
import type { World, WorldObject } from './world.js';
import type { GripperState } from '../core/motion-types.js';
import { describeSurface, footprintRadius, nearestSurface } from '../core/planning/collision.js';

/** Objects farther than this are not mentioned when a grasp misses: the gripper's proximity
 *  sensing does not reach across the room. */
const MISS_REPORT_RANGE = 1.0;

/** Where an object lies relative to the robot: metres ahead (negative behind) and to the left. */
export function relativeToRobot(world: World, p: Vec2): { ahead: number; left: number } {
  const r = world.robot;
  const dx = p.x - r.x;
  const dy = p.y - r.y;
  const c = Math.cos(r.heading);
  const s = Math.sin(r.heading);
  return { ahead: dx * c + dy * s, left: -dx * s + dy * c };
}

/** The point in front of the robot where a held object is carried and put down. */
export function holdPoint(world: World): Vec2 {
  const r = world.robot;
  const d = world.config.gripper.dropDistance;
  return { x: r.x + Math.cos(r.heading) * d, y: r.y + Math.sin(r.heading) * d };
}

function describeOffset(ahead: number, left: number): string {
  const along = ahead >= 0 ? `${round(ahead, 2).toFixed(2)} m ahead` : `${round(-ahead, 2).toFixed(2)} m behind`;
  const side = Math.abs(left) < 0.005 ? 'dead centre' : left > 0 ? `${round(left, 2).toFixed(2)} m left` : `${round(-left, 2).toFixed(2)} m right`;
  return `${along}, ${side}`;
}

/** The object a grasp now would close on, or why there is none. */
export function findGraspTarget(world: World): { ok: true; object: WorldObject } | { ok: false; reason: string } {
  const g = world.config.gripper;
  let best: WorldObject | null = null;
  let bestD = Infinity;
  let nearest: WorldObject | null = null;
  let nearestD = Infinity;
  for (const o of world.objects) {
    if (o.heldBy !== null) continue;
    const d = Math.hypot(o.x - world.robot.x, o.y - world.robot.y);
    if (d < nearestD) {
      nearest = o;
      nearestD = d;
    }
    const { ahead, left } = relativeToRobot(world, o);
    if (ahead >= g.reachMin && ahead <= g.reachMax && Math.abs(left) <= g.halfWidth && d < bestD) {
      best = o;
      bestD = d;
    }
  }
  if (best) return { ok: true, object: best };
  const envelope = `the gripper reaches objects ${g.reachMin}–${g.reachMax} m ahead and within ${g.halfWidth} m of the centre line`;
  if (!nearest || nearestD > MISS_REPORT_RANGE) return { ok: false, reason: `nothing in reach: no object within ${MISS_REPORT_RANGE} m (${envelope})` };
  const { ahead, left } = relativeToRobot(world, nearest);
  return { ok: false, reason: `nothing in reach: nearest object is ${describeOffset(ahead, left)} (${envelope})` };
}

/** Where a release now would put the held object, or why it cannot. */
export function findDropSpot(world: World, held: WorldObject): { ok: true; point: Vec2; zone: string | null } | { ok: false; reason: string } {
  const point = holdPoint(world);
  // Only walls and obstacles forbid a drop: objects may be set down next to or against others.
  const blocking = nearestSurface(world.map, [], point);
  if (blocking.distance < footprintRadius(held)) {
    const what = describeSurface(blocking);
    const where = blocking.distance === 0 && blocking.kind !== 'wall' ? `inside ${what}` : `against ${what}`;
    return { ok: false, reason: `cannot release here: the drop point ${world.config.gripper.dropDistance} m ahead is ${where}` };
  }
  return { ok: true, point, zone: world.zoneAt(point)?.name ?? null };
}

/**
 * The gripper's timed actions. A grasp or release takes `actionSeconds` of simulated time and
 * only then takes effect (the jaws close on whatever is in the envelope at that moment).
 */
export class Gripper {
  private current: GripperState = { status: 'idle' };
  private elapsed = 0;
  /** Held object's yaw relative to the robot, so it turns with the robot. */
  private heldYawOffset = 0;

  constructor(private readonly world: World) {}

  state(): GripperState {
    return { ...this.current };
  }

  /** Starts an action, replacing any in progress. Impossible requests fail at once. */
  start(action: 'grasp' | 'release'): void {
    const robot = this.world.robot;
    this.elapsed = 0;
    if (robot.battery <= 0) this.current = { status: 'failed', action, reason: 'battery empty' };
    else if (action === 'grasp' && robot.holding) this.current = { status: 'failed', action, reason: `already holding an object` };
    else if (action === 'release' && !robot.holding) this.current = { status: 'failed', action, reason: 'not holding anything' };
    else this.current = { status: 'active', action };
  }

  /** Advances an action in progress by dt seconds, and carries the held object along. */
  step(dt: number): void {
    if (this.current.status === 'active') {
      this.elapsed += dt;
      if (this.elapsed >= this.world.config.gripper.actionSeconds - 1e-9) this.finish();
    }
    this.carry();
  }

  private finish(): void {
    const world = this.world;
    const robot = world.robot;
    if (this.current.action === 'grasp') {
      const found = findGraspTarget(world);
      if (!found.ok) {
        this.current = { status: 'failed', action: 'grasp', reason: found.reason };
        return;
      }
      found.object.heldBy = 'robot';
      robot.holding = found.object.id;
      this.heldYawOffset = normalizeAngle(found.object.yaw - robot.heading);
      this.current = { status: 'succeeded', action: 'grasp', objectId: found.object.id };
      return;
    }
    const held = robot.holding ? world.object(robot.holding) : undefined;
    if (!held) {
      this.current = { status: 'failed', action: 'release', reason: 'not holding anything' };
      return;
    }
    const spot = findDropSpot(world, held);
    if (!spot.ok) {
      this.current = { status: 'failed', action: 'release', reason: spot.reason };
      return;
    }
    held.x = spot.point.x;
    held.y = spot.point.y;
    held.heldBy = null;
    robot.holding = null;
    this.current = { status: 'succeeded', action: 'release', objectId: held.id, zone: spot.zone };
  }

  private carry(): void {
    const robot = this.world.robot;
    if (!robot.holding) return;
    const held = this.world.object(robot.holding);
    if (!held) return;
    const d = this.world.config.gripper.dropDistance;
    held.x = robot.x + Math.cos(robot.heading) * d;
    held.y = robot.y + Math.sin(robot.heading) * d;
    held.yaw = normalizeAngle(robot.heading + this.heldYawOffset);
  }
}
