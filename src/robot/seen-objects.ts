import { canonicalName, labelOfId } from '../core/names.js';
import type { Perception, SeenObject } from './perception.js';
import { RobotCommandError } from './robot-errors.js';

/** "red cube", "red_cube", "cube", "red" and a tracker id all select a detection. */
export function matchesLabel(d: { id: string; label: string; color: string; shape: string }, wanted: string): boolean {
  const w = canonicalName(wanted);
  return w === d.id || w === d.label || w === d.color || w === d.shape || w === `${d.shape}s`;
}

/**
 * The refusal for an object id the robot does not remember. When further sightings changed the
 * object's label (a far `yellow_cube#1` seen near as a cylinder becomes `yellow_cylinder#1`), it
 * names the id the object goes by now (`renamed_to`), so the caller can decide whether that is
 * still the object it wants; otherwise it lists the ids that are remembered.
 */
export function unknownObjectError(perception: Perception | undefined, id: string): RobotCommandError {
  const now = perception?.renamedTo(id);
  if (now) {
    const was = labelOfId(id);
    const is = labelOfId(now);
    const why = was === is ? `further sightings relabelled it and then back to ${is}` : `further sightings showed a ${is}, not a ${was}`;
    return new RobotCommandError(`${id} now goes by ${now}: ${why}. Use object_id "${now}" if that is the object you want`, 'object_relabelled', { renamed_to: now });
  }
  const known = (perception?.objects() ?? []).map((o) => o.id);
  return new RobotCommandError(`no seen object matches id "${id}"; seen so far: ${seenList(known)} — call detect_objects or scan_surroundings first`, 'unknown_object');
}

/** The refusal for a label no remembered object matches. */
export function noMatchError(perception: Perception | undefined, label: string): RobotCommandError {
  const known = (perception?.objects() ?? []).map((o) => o.id);
  return new RobotCommandError(`no seen object matches "${label}"; seen so far: ${seenList(known)} — call detect_objects or scan_surroundings first`, 'unknown_object');
}

/** The remembered object with this id, or the refusal that says why there is none. */
export function requireSeenObject(perception: Perception | undefined, id: string): SeenObject {
  const seen = perception?.objects().find((o) => o.id === id);
  if (!seen) throw unknownObjectError(perception, id);
  return seen;
}

function seenList(ids: string[]): string {
  return ids.length ? ids.join(', ') : 'nothing';
}
