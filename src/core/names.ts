import { OBJECT_COLORS, OBJECT_SHAPES, type ObjectColor, type ObjectShape } from './objects.js';

/**
 * How names are written: zone and parameter names are lower_snake_case, object labels are
 * `<color>_<shape>` (`red_cube`), and the tracker gives each remembered object an id
 * `<label>#<n>` (`red_cube#2`). Every layer builds and parses them here.
 */

/** "Bin A", "bin-a", " bin_a " → "bin_a". */
export function canonicalName(text: string): string {
  return text.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

const COLOR_SHAPE_LABEL = new RegExp(`^(${OBJECT_COLORS.join('|')})_(${OBJECT_SHAPES.join('|')})$`);

/** "red_cube" → { color: "red", shape: "cube" }; null for labels outside the project's colours
 *  and shapes (a user's detector, a tracker id). */
export function splitLabel(label: string): { color: ObjectColor; shape: ObjectShape } | null {
  const m = COLOR_SHAPE_LABEL.exec(label);
  return m ? { color: m[1] as ObjectColor, shape: m[2] as ObjectShape } : null;
}

/** ("red_cube", 2) → "red_cube#2". */
export function trackerId(label: string, n: number): string {
  return `${label}#${n}`;
}

/** "red_cube#2" → "red_cube"; a bare label is returned as it is. */
export function labelOfId(id: string): string {
  return id.replace(/#\d+$/, '');
}

/** "red_cube#2" → { label: "red_cube", n: 2 }; null when the text is no tracker id. */
export function parseTrackerId(id: string): { label: string; n: number } | null {
  const m = /^(.+)#(\d+)$/.exec(id);
  return m ? { label: m[1]!, n: Number(m[2]) } : null;
}
