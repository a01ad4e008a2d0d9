/** Plane geometry shared by the simulator, the robot and vision. Units: metres and radians. */

export interface Vec2 {
  x: number;
  y: number;
}

/** A position on the floor and a heading (radians, counter-clockwise from +x). */
export interface Pose extends Vec2 {
  heading: number;
}

/** Axis-aligned rectangle given by its minimum and maximum corners. */
export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function normalizeAngle(a: number): number {
  let r = a % (2 * Math.PI);
  if (r > Math.PI) r -= 2 * Math.PI;
  if (r <= -Math.PI) r += 2 * Math.PI;
  return r;
}

export function distance(a: Vec2, b: Vec2): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function rectContains(r: Rect, p: Vec2, margin = 0): boolean {
  return p.x >= r.minX - margin && p.x <= r.maxX + margin && p.y >= r.minY - margin && p.y <= r.maxY + margin;
}

/** Distance from a point to a rectangle (0 inside). */
export function distanceToRect(r: Rect, p: Vec2): number {
  const dx = Math.max(r.minX - p.x, 0, p.x - r.maxX);
  const dy = Math.max(r.minY - p.y, 0, p.y - r.maxY);
  return Math.hypot(dx, dy);
}

export function rectCenter(r: Rect): Vec2 {
  return { x: (r.minX + r.maxX) / 2, y: (r.minY + r.maxY) / 2 };
}

export function degToRad(d: number): number {
  return (d * Math.PI) / 180;
}

export function radToDeg(r: number): number {
  return (r * 180) / Math.PI;
}

/** Rounds to a fixed number of decimals so reported numbers are stable and readable. */
export function round(value: number, decimals = 3): number {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
}
