/**
 * How far a sighting's position may be from the object's, as an ellipse on the floor, and how
 * far a remembered object's may be from the truth. A far object's range comes from a few pixels
 * (the bottom edge of its box, its size), so its error grows with the square of the range and
 * lies along the line of sight; its bearing is good to a pixel, so the error across grows with the
 * range only. A yellow cylinder seen from 7.2 m came out 0.6 m short along the line of sight and
 * less than 1 cm off across it: a round gate of 0.06 m per metre of range made it a second one.
 *
 * Spreads are 2×2 covariances in metres² (the gate's scale: one spread is the edge of the gate).
 */
export interface Spread {
  xx: number;
  xy: number;
  yy: number;
}

/** Across the line of sight, the gate widens this many metres per metre of range (see the tracker). */
export const ACROSS_PER_RANGE = 0.06;
/** Along it, this many metres per metre of range squared: a pixel of error at the box's bottom
 *  edge is about 0.01 r² m for the robot's camera. */
export const ALONG_PER_RANGE2 = 0.012;

const NEAREST_M = 0.5;

/**
 * The spread of a sighting at (x, y), `rangeM` from the camera at `from`: `across` the line of
 * sight per metre of range, and along it the larger of that and `ALONG_PER_RANGE2` per metre
 * squared. Without a viewpoint, the same in every direction (the line of sight is unknown).
 */
export function sightingSpread(o: { x: number; y: number; rangeM?: number }, from: { x: number; y: number } | undefined, acrossPerRange = ACROSS_PER_RANGE): Spread {
  const r = Math.max(NEAREST_M, o.rangeM ?? 0);
  const across = acrossPerRange * r;
  const dx = from ? o.x - from.x : 0;
  const dy = from ? o.y - from.y : 0;
  const n = Math.hypot(dx, dy);
  if (!(n > 1e-6)) return { xx: across * across, xy: 0, yy: across * across };
  const along = Math.max(across, ALONG_PER_RANGE2 * r * r);
  const ux = dx / n;
  const uy = dy / n;
  const a = along * along;
  const c = across * across;
  return { xx: a * ux * ux + c * uy * uy, xy: (a - c) * ux * uy, yy: a * uy * uy + c * ux * ux };
}

export function addSpreads(a: Spread, b: Spread): Spread {
  return { xx: a.xx + b.xx, xy: a.xy + b.xy, yy: a.yy + b.yy };
}

/** The inverse (a spread's information, or back); a degenerate spread gives a huge one. */
export function invertSpread(s: Spread): Spread {
  const det = s.xx * s.yy - s.xy * s.xy;
  if (!(det > 1e-18)) return { xx: 1e12, xy: 0, yy: 1e12 };
  return { xx: s.yy / det, xy: -s.xy / det, yy: s.xx / det };
}

/** A round spread of radius `r` metres. */
export function roundSpread(r: number): Spread {
  return { xx: r * r, xy: 0, yy: r * r };
}

/** How many spreads (`s`) the displacement (dx, dy) is: 1 at the edge of the gate. */
export function spreadDistance(dx: number, dy: number, s: Spread): number {
  const inv = invertSpread(s);
  return Math.sqrt(Math.max(0, dx * dx * inv.xx + 2 * dx * dy * inv.xy + dy * dy * inv.yy));
}

/**
 * How many gates apart a sighting (`spread`, and its range for a candidate's gate) and a
 * remembered object are: the gate's own `radius`, the sighting's spread and the object's. A
 * candidate's gate stays round, `acrossPerRange` per metre of range every way: two far sightings
 * from one spot share the error along the line of sight, so they would agree on a place nothing
 * is (a red cube 9 m off, seen from one spot 2 m and 2.6 m short, had been confirmed there).
 */
export function gateDistance(
  o: { x: number; y: number; rangeM?: number },
  e: { x: number; y: number; confirmed: boolean; info: Spread },
  radius: number,
  spread: Spread,
  acrossPerRange = ACROSS_PER_RANGE,
): number {
  const own = e.confirmed ? addSpreads(spread, invertSpread(e.info)) : roundSpread(acrossPerRange * (o.rangeM ?? 0));
  return spreadDistance(o.x - e.x, o.y - e.y, addSpreads(roundSpread(radius), own));
}
