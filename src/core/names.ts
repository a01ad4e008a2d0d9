/**
 * How names are written: zone and parameter names are lower_snake_case, and the tracker gives
 * each remembered object an id `<label>#<n>` (`red_cube#2`). Every layer parses them here.
 */

/** "Bin A", "bin-a", " bin_a " → "bin_a". */
export function canonicalName(text: string): string {
  return text.trim().toLowerCase().replace(/[\s-]+/g, '_');
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
