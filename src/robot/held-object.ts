import { round, type Vec2 } from '../core/geometry.js';
import type { RobotBackend } from './backend.js';
import type { Perception, SeenObject } from './perception.js';
import { RobotCommandError } from './robot-errors.js';
import { requireSeenObject } from './seen-objects.js';

/** A remembered object this close to the jaws is taken to be the one grasped (localization
 *  error of a far sighting included). */
const IN_JAWS_RADIUS_M = 0.35;
/** A grasp by id is refused when the remembered object is farther than this from the jaws. */
const REACH_TOLERANCE_M = 0.3;

/**
 * Which remembered object rides in the gripper. The backend knows only that something is held;
 * the robot names it from its perception memory, and forgets it as an object on the floor.
 */
export class HeldObject {
  private heldId: string | null = null;
  /** What the held object was remembered as when grasped, to remember it again where it is put down. */
  private heldSeen: SeenObject | null = null;

  constructor(
    private readonly backend: RobotBackend,
    private readonly perception: Perception | undefined,
  ) {}

  /** Tracker id of the held object ("red_cube#1"), "unidentified object", or null. */
  get id(): string | null {
    return this.heldId;
  }

  /** Where the gripper holds and drops things now. */
  jaws(): Vec2 {
    const { pose } = this.backend.readState();
    const reach = this.backend.gripper.reach;
    return { x: pose.x + reach * Math.cos(pose.heading), y: pose.y + reach * Math.sin(pose.heading) };
  }

  /** Refuses a grasp meant for `id` when that object is unknown or not in front of the jaws. */
  requireInReach(id: string): void {
    const seen = requireSeenObject(this.perception, id);
    const jaws = this.jaws();
    const gap = Math.hypot(seen.x - jaws.x, seen.y - jaws.y);
    if (gap > REACH_TOLERANCE_M) {
      throw new RobotCommandError(`${id} is ${round(gap, 2)} m from the gripper, out of reach; call approach_object with object_id "${id}" first`, 'out_of_reach', {
        gap_m: round(gap, 2),
      });
    }
  }

  /** After a grasp: the seen object nearest the jaws is now held. */
  grasped(): Record<string, unknown> {
    const jaws = this.jaws();
    const candidates = (this.perception?.objects() ?? [])
      .map((o) => ({ o, d: Math.hypot(o.x - jaws.x, o.y - jaws.y) }))
      .filter((c) => c.d < IN_JAWS_RADIUS_M)
      .sort((a, b) => a.d - b.d);
    const seen = candidates[0]?.o;
    if (seen) this.perception?.forget(seen.id); // it rides in the gripper now, not on the floor
    this.heldId = seen?.id ?? 'unidentified object';
    this.heldSeen = seen ?? null;
    return { holding: this.heldId, ...(seen ? { label: seen.label } : {}) };
  }

  /** After a release: nothing is held; `zone` is where the object landed. The object is
   *  remembered where the jaws put it, under the same id. */
  released(zone: string | null | undefined): Record<string, unknown> {
    const released = this.heldId;
    const seen = this.heldSeen;
    this.heldId = null;
    this.heldSeen = null;
    if (!seen) return { released, zone: zone ?? null };
    const at = this.jaws();
    const position = { x: round(at.x, 3), y: round(at.y, 3) };
    this.perception?.putDown({ id: seen.id, label: seen.label, confidence: seen.confidence, ...position }, this.backend.clock.now());
    return { released, zone: zone ?? null, position };
  }
}
