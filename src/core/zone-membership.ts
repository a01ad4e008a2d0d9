import { rectContains, type Rect, type Vec2 } from './geometry.js';

/**
 * Which zones a point is in. Zones may nest (a tray on a bench) or overlap, so there are two
 * questions and one rule for each, used everywhere a zone is asked about:
 * - membership ("is it in the tray?", counts, clears, deliveries, goal checks, judges): a point
 *   is in every zone whose rectangle contains it, whatever other zone also contains it;
 * - one name for where a point is ("where is it?", a status's zone): the innermost zone, the
 *   smallest containing one, since it says the most (in the tray, not merely on the bench).
 */

/** Every zone containing `p`, in map order. */
export function zonesContaining<Z extends Rect>(zones: readonly Z[], p: Vec2): Z[] {
  return zones.filter((z) => rectContains(z, p));
}

/** Whether `p` is in the zone: inside its rectangle, edges included. */
export function inZone(zone: Rect, p: Vec2): boolean {
  return rectContains(zone, p);
}

/** The innermost zone containing `p` (smallest area; the first listed of equal ones), if any. */
export function innermostZone<Z extends Rect>(zones: readonly Z[], p: Vec2): Z | undefined {
  let best: Z | undefined;
  for (const z of zonesContaining(zones, p)) if (!best || area(z) < area(best)) best = z;
  return best;
}

const area = (r: Rect) => (r.maxX - r.minX) * (r.maxY - r.minY);
