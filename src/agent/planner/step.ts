/** The outcome of one planner skill, with the sentence the mission summary uses.
 *  `gone`: the object is no longer known to the robot by that id: a double sighting it dropped,
 *  or (`renamedTo`) further sightings relabelled it and it now goes by another id.
 *  `hemmedIn`: the robot found no free spot to approach the object from (its neighbours, a wall). */
export type Step = { ok: true; message: string; placed?: Placed } | { ok: false; message: string; gone?: boolean; renamedTo?: string; hemmedIn?: boolean };

/** What a delivery put down, and where it aimed (next to an object, at a point): what to look for afterwards. */
export interface Placed {
  ids: string[];
  /** Aimed at: next to an object, at a point. */
  spot?: { x: number; y: number };
  /** Where the robot says it put each one down (the release results), to look there. */
  at?: Array<{ x: number; y: number }>;
}

export const ok = (message: string, placed?: Placed): Step => ({ ok: true, message, ...(placed ? { placed } : {}) });
export const fail = (message: string): Step => ({ ok: false, message });

export function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
