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
      const faces = boxFaceNormals(c, sn);
      return (ox, oy, oz, dx, dy, dz, n) => intersectBox(x, y, halfX, halfY, height, c, sn, faces, ox, oy, oz, dx, dy, dz, n);
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

/**
 * The outward normals of a box's six faces (yaw cosine c, sine s), 3 numbers per face, face
 * 2·axis + (0 for the face towards −axis, 1 towards +axis). Computed once per box rather than
 * at each hit: a face first hit after V8 has optimized the intersection (or a yaw of 0, whose
 * −1·0 is −0) would otherwise deoptimize it early in a process.
 */
export function boxFaceNormals(c: number, s: number): Float64Array {
  const faces = new Float64Array(18);
  for (const [side, sign] of [[0, -1], [1, 1]] as const) {
    faces.set([sign * c, sign * s, 0], 3 * side);
    faces.set([-sign * s, sign * c, 0], 3 * (2 + side));
    faces.set([0, 0, sign], 3 * (4 + side));
  }
  return faces;
}

/** Box standing on the floor, centred at (x, y), turned about z by the yaw whose cosine and
 *  sine are c and s, with its `boxFaceNormals`. Slab method in the box's own frame. */
export function intersectBox(
  x: number, y: number, hx: number, hy: number, h: number, c: number, s: number, faces: Float64Array,
  ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, n: Float64Array,
): number {
  const px = (ox - x) * c + (oy - y) * s;
  const py = -(ox - x) * s + (oy - y) * c;
  const qx = dx * c + dy * s;
  const qy = -dx * s + dy * c;
  let tNear = -Infinity;
  let tFar = Infinity;
  let face = 0;
  // x slab
  if (qx !== 0) {
    const t1 = (-hx - px) / qx;
    const t2 = (hx - px) / qx;
    const lo = Math.min(t1, t2);
    if (lo > tNear) { tNear = lo; face = qx > 0 ? 0 : 1; }
    tFar = Math.min(tFar, Math.max(t1, t2));
  } else if (px < -hx || px > hx) return Infinity;
  // y slab
  if (qy !== 0) {
    const t1 = (-hy - py) / qy;
    const t2 = (hy - py) / qy;
    const lo = Math.min(t1, t2);
    if (lo > tNear) { tNear = lo; face = qy > 0 ? 2 : 3; }
    tFar = Math.min(tFar, Math.max(t1, t2));
  } else if (py < -hy || py > hy) return Infinity;
  // z slab [0, h]
  if (dz !== 0) {
    const t1 = -oz / dz;
    const t2 = (h - oz) / dz;
    const lo = Math.min(t1, t2);
    if (lo > tNear) { tNear = lo; face = dz > 0 ? 4 : 5; }
    tFar = Math.min(tFar, Math.max(t1, t2));
  } else if (oz < 0 || oz > h) return Infinity;
  if (tNear > tFar || tNear <= 0) return Infinity;
  n[0] = faces[3 * face]!;
  n[1] = faces[3 * face + 1]!;
  n[2] = faces[3 * face + 2]!;
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
