import type { Robot } from '../../../robot/robot.js';

/**
 * The error for a tool given an object id the robot does not remember. When closer looks changed
 * the object's label (a far `yellow_cube#1` seen near as a cylinder becomes `yellow_cylinder#1`),
 * the model is told the new id, so it can decide whether that is still the object it wants;
 * otherwise it gets the ids that are remembered.
 */
export function unknownObjectError(robot: Robot, id: string): string {
  const now = robot.renamedObject(id);
  if (now) return `${id} turned out to be ${now}: closer looks showed another shape. Use object_id "${now}" if that is the object you want`;
  const known = robot.seenObjects().map((o) => o.id);
  return `no seen object matches id "${id}"; seen so far: ${known.length ? known.join(', ') : 'nothing'} — call detect_objects or scan_surroundings first`;
}
