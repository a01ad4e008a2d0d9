import type { Solid } from './scene.js';

/**
 * Ray–solid intersections for the renderer. Rays are `o + t·d` with `d` not normalized (its
 * component along the optical axis is 1, so t is depth). Each function returns the entry t, or
 * Infinity for a miss, and writes the outward unit normal at the hit into `n`. Hits from inside
 * a solid are ignored: the camera is never inside one on purpose.
 */

export type Intersector = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, n: Float64Array) => number;

/** The intersection function of one solid with its constants bound (and the box's yaw turned
 *  into cos/sin once), so the per-pixel loop makes one monomorphic call. */
export function intersector(s: Solid): Intersector {
  switch (s.kind) {
    case 'box': {
      const { x, y, halfX, halfY, height } = s;
      const c = Math.cos(s.yaw);
      const sn = Math.sin(s.yaw);
      return (ox, oy, oz, dx, dy, dz, n) => intersectBox(x, y, halfX, halfY, height, c, sn, ox, oy, oz, dx, dy, dz, n);
    }
    case 'sphere': {
      const { x, y, radius } = s;
      return (ox, oy, oz, dx, dy, dz, n) => intersectSphere(x, y, radius, radius, ox, oy, oz, dx, dy, dz, n);
    }
    case 'cylinder': {
      const { x, y, radius, height } = s;
      return (ox, oy, oz, dx, dy, dz, n) => intersectCylinder(x, y, radius, height, ox, oy, oz, dx, dy, dz, n);
    }
  }
}

/** Box standing on the floor, centred at (x, y), turned about z by the yaw whose cosine and
 *  sine are c and s. Slab method in the box's own frame. */
export function intersectBox(
  x: number, y: number, hx: number, hy: number, h: number, c: number, s: number,
  ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, n: Float64Array,
): number {
  const px = (ox - x) * c + (oy - y) * s;
  const py = -(ox - x) * s + (oy - y) * c;
  const qx = dx * c + dy * s;
  const qy = -dx * s + dy * c;
  let tNear = -Infinity;
  let tFar = Infinity;
  let axis = 0;
  let sign = 0;
  // x slab
  if (qx !== 0) {
    const t1 = (-hx - px) / qx;
    const t2 = (hx - px) / qx;
    const lo = Math.min(t1, t2);
    if (lo > tNear) { tNear = lo; axis = 0; sign = qx > 0 ? -1 : 1; }
    tFar = Math.min(tFar, Math.max(t1, t2));
  } else if (px < -hx || px > hx) return Infinity;
  // y slab
  if (qy !== 0) {
    const t1 = (-hy - py) / qy;
    const t2 = (hy - py) / qy;
    const lo = Math.min(t1, t2);
    if (lo > tNear) { tNear = lo; axis = 1; sign = qy > 0 ? -1 : 1; }
    tFar = Math.min(tFar, Math.max(t1, t2));
  } else if (py < -hy || py > hy) return Infinity;
  // z slab [0, h]
  if (dz !== 0) {
    const t1 = -oz / dz;
    const t2 = (h - oz) / dz;
    const lo = Math.min(t1, t2);
    if (lo > tNear) { tNear = lo; axis = 2; sign = dz > 0 ? -1 : 1; }
    tFar = Math.min(tFar, Math.max(t1, t2));
  } else if (oz < 0 || oz > h) return Infinity;
  if (tNear > tFar || tNear <= 0) return Infinity;
  if (axis === 0) { n[0] = sign * c; n[1] = sign * s; n[2] = 0; }
  else if (axis === 1) { n[0] = -sign * s; n[1] = sign * c; n[2] = 0; }
  else { n[0] = 0; n[1] = 0; n[2] = sign; }
  return tNear;
}

/** Sphere with centre (x, y, z) and radius r. */
export function intersectSphere(
  x: number, y: number, z: number, r: number,
  ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, n: Float64Array,
): number {
  const px = ox - x;
  const py = oy - y;
  const pz = oz - z;
  const a = dx * dx + dy * dy + dz * dz;
  const b = px * dx + py * dy + pz * dz;
  const c = px * px + py * py + pz * pz - r * r;
  const disc = b * b - a * c;
  if (disc < 0) return Infinity;
  const t = (-b - Math.sqrt(disc)) / a;
  if (t <= 0) return Infinity;
  n[0] = (px + t * dx) / r;
  n[1] = (py + t * dy) / r;
  n[2] = (pz + t * dz) / r;
  return t;
}

/** Upright cylinder on the floor: axis through (x, y), radius r, height h (side and top cap). */
export function intersectCylinder(
  x: number, y: number, r: number, h: number,
  ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, n: Float64Array,
): number {
  const px = ox - x;
  const py = oy - y;
  let best = Infinity;
  const a = dx * dx + dy * dy;
  if (a > 0) {
    const b = px * dx + py * dy;
    const c = px * px + py * py - r * r;
    const disc = b * b - a * c;
    if (disc >= 0) {
      const t = (-b - Math.sqrt(disc)) / a;
      const z = oz + t * dz;
      if (t > 0 && z >= 0 && z <= h) {
        best = t;
        n[0] = (px + t * dx) / r;
        n[1] = (py + t * dy) / r;
        n[2] = 0;
      }
    }
  }
  if (dz < 0 && oz > h) {
    const t = (h - oz) / dz;
    if (t < best) {
      const qx = px + t * dx;
      const qy = py + t * dy;
      if (qx * qx + qy * qy <= r * r) {
        best = t;
        n[0] = 0;
        n[1] = 0;
        n[2] = 1;
      }
    }
  }
  return best;
}
