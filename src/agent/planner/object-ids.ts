import { labelOfId, splitLabel } from '../../core/names.js';
import type { SeenThing } from './beliefs.js';
import type { ObjectQuery } from './instruction.js';

/** "red_cube#2" → { color: "red", shape: "cube" }; {} for an id whose label is no colour and shape. */
export function queryOfId(id: string): { color?: string; shape?: string } {
  return splitLabel(labelOfId(id)) ?? {};
}

/** Whether the object with this tracker id is of the colour and shape asked for. */
export function idMatches(id: string, q: ObjectQuery): boolean {
  const { color, shape } = queryOfId(id);
  return (!q.color || q.color === color) && (!q.shape || q.shape === shape);
}

function queryOf(o: SeenThing): { color: string; shape: string } {
  return { color: o.color, shape: o.shape };
}

/** The query for exactly this seen object, for looking for it again. */
export function queryFor(o: SeenThing): ObjectQuery {
  return { ...queryOf(o), all: false, text: o.label };
}
