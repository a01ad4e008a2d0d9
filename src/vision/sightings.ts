import { cameraModel, projectPoint } from '../core/camera-model.js';
import { objectHeight } from '../core/objects.js';
import { parseTrackerId, splitLabel } from '../core/names.js';

/**
 * What one sighting is worth to the tracker: how much it moves a position estimate, how much it
 * votes for a label, whether it comes from another viewpoint than an earlier one, and whether a
 * remembered object lies wholly inside a view.
 */

/** Where the camera stood for a sighting (the robot's pose). */
export interface Viewpoint {
  x: number;
  y: number;
  heading: number;
}

/** A second sighting confirms an object when the robot moved this far since the first one… */
const OTHER_VIEWPOINT_M = 0.3;
/** …or turned this much, so the object falls elsewhere in the image (radians, 20°). */
const OTHER_HEADING_RAD = 0.35;

/** What a cut-off sighting's label counts for, relative to a whole one. */
const EDGE_CUT_VOTE = 0.2;

/** Whether `b` looked from somewhere else than `a` (an unknown viewpoint never counts as another). */
export function otherViewpoint(a: Viewpoint | undefined, b: Viewpoint | undefined): boolean {
  if (!a || !b) return false;
  const turn = Math.abs(Math.atan2(Math.sin(a.heading - b.heading), Math.cos(a.heading - b.heading)));
  return Math.hypot(a.x - b.x, a.y - b.y) >= OTHER_VIEWPOINT_M || turn >= OTHER_HEADING_RAD;
}

/** Inverse-variance-like weight: localization error grows roughly with range squared. */
export function sightingWeight(o: { rangeM?: number }): number {
  const r = Math.max(0.5, o.rangeM ?? 1.5);
  return 1 / (r * r);
}

/** A sighting's vote for its label: confidence × sighting weight, discounted when cut by the image edge. */
export function labelEvidence(o: { confidence: number; rangeM?: number; cutByEdge?: boolean }): number {
  return o.confidence * sightingWeight(o) * (o.cutByEdge ? EDGE_CUT_VOTE : 1);
}

/** Orders "red_cube#2" before "red_cube#10". */
export function compareIds(a: string, b: string): number {
  const pa = parseTrackerId(a) ?? { label: a, n: 0 };
  const pb = parseTrackerId(b) ?? { label: b, n: 0 };
  return pa.label < pb.label ? -1 : pa.label > pb.label ? 1 : pa.n - pb.n;
}

/** Whether an object of `label` at (x, y), `size` across, lies wholly inside the image with a margin. */
export function fullyInView(model: ReturnType<typeof cameraModel>, o: { label: string; x: number; y: number }, size: number, marginPx: number): boolean {
  const top = objectHeight(splitLabel(o.label)?.shape ?? 'cube', size);
  const r = size / 2;
  // The object's footprint corners at floor and top height must all be inside the image.
  for (const [dx, dy] of [[-r, -r], [r, -r], [-r, r], [r, r]] as const) {
    for (const z of [0, top]) {
      const p = projectPoint(model, { x: o.x + dx, y: o.y + dy, z });
      if (!p || p.u < marginPx || p.u > model.width - marginPx || p.v < marginPx || p.v > model.height - marginPx) return false;
    }
  }
  return true;
}

/** Whether one of `others`, nearer the camera at `origin`, stands in front of half of `target`
 *  (objects `size` wide), give or take the few centimetres remembered positions are off: the
 *  detector cannot be expected to see it then. */
export function hiddenBehind(origin: { x: number; y: number }, target: { x: number; y: number }, others: ReadonlyArray<{ x: number; y: number }>, size: number): boolean {
  const dx = target.x - origin.x;
  const dy = target.y - origin.y;
  const range = Math.hypot(dx, dy);
  if (!(range > 0)) return false;
  return others.some((o) => {
    if (o === target) return false;
    const ox = o.x - origin.x;
    const oy = o.y - origin.y;
    const along = (ox * dx + oy * dy) / range;
    const across = Math.abs(ox * dy - oy * dx) / range;
    return along > 0 && along < range - size / 2 && across <= 0.75 * size;
  });
}
