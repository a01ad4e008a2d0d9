import type { Robot } from '../../../robot/robot.js';

/**
 * The error for a tool given an object id the robot does not remember. When further sightings
 * changed the object's label (a far `yellow_cube#1` seen near as a cylinder becomes `yellow_cylinder#1`),
 * the model is told the id it goes by now, so it can decide whether that is still the object it
 * wants; otherwise it gets the ids that are remembered.
 */
export function unknownObjectError(robot: Robot, id: string): string {
  const now = robot.renamedObject(id);
  if (now) {
    const was = labelOf(id);
    const is = labelOf(now);
    const why = was === is ? `further sightings relabelled it and then back to ${is}` : `further sightings showed a ${is}, not a ${was}`;
    return `${id} now goes by ${now}: ${why}. Use object_id "${now}" if that is the object you want`;
  }
  const known = robot.seenObjects().map((o) => o.id);
  return `no seen object matches id "${id}"; seen so far: ${known.length ? known.join(', ') : 'nothing'} — call detect_objects or scan_surroundings first`;
}

/** "red_cube#2" → "red_cube". */
function labelOf(id: string): string {
  return id.replace(/#\d+$/, '');
}
