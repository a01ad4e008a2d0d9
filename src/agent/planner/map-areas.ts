/**
 * The map's areas (zones and obstacle boxes, as robot://map gives them: `min_x` … `max_y`) and
 * points on the floor: the one place the planner measures between them.
 */
export type MapArea = { min_x: number; min_y: number; max_x: number; max_y: number };
type Point = { x: number; y: number };

/** Whether `p` lies in the area grown by `margin` metres on every side (edges included). */
export function insideArea(p: Point, r: MapArea, margin = 0): boolean {
  return p.x >= r.min_x - margin && p.x <= r.max_x + margin && p.y >= r.min_y - margin && p.y <= r.max_y + margin;
}

/** Metres from `p` to the nearest point of the area: 0 inside it. */
export function distanceToArea(p: Point, r: MapArea): number {
  return Math.hypot(Math.max(r.min_x - p.x, 0, p.x - r.max_x), Math.max(r.min_y - p.y, 0, p.y - r.max_y));
}
