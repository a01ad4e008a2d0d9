import { NEAR_PLANE_M, type CameraModel } from '../../core/camera-model.js';
import type { Solid } from './scene.js';

/** The pixel rectangle [i0, i1) × [j0, j1) that a solid can cover, or null if off-screen. */
export function screenRect(s: Solid, model: CameraModel): { i0: number; i1: number; j0: number; j1: number } | null {
  let ex: number;
  let ey: number;
  let top: number;
  if (s.kind === 'box') {
    const c = Math.abs(Math.cos(s.yaw));
    const sn = Math.abs(Math.sin(s.yaw));
    ex = s.halfX * c + s.halfY * sn;
    ey = s.halfX * sn + s.halfY * c;
    top = s.height;
  } else if (s.kind === 'sphere') {
    ex = ey = s.radius;
    top = 2 * s.radius;
  } else {
    ex = ey = s.radius;
    top = s.height;
  }
  // Corners in camera coordinates (right, up, depth).
  const cx: number[] = [];
  const cy: number[] = [];
  const cz: number[] = [];
  const { origin: o, forward: f, right: r, up: u } = model;
  for (let c = 0; c < 8; c++) {
    const dx = s.x + (c & 1 ? ex : -ex) - o.x;
    const dy = s.y + (c & 2 ? ey : -ey) - o.y;
    const dz = (c & 4 ? top : 0) - o.z;
    cx.push(dx * r.x + dy * r.y + dz * r.z);
    cy.push(dx * u.x + dy * u.y + dz * u.z);
    cz.push(dx * f.x + dy * f.y + dz * f.z);
  }
  let uMin = Infinity;
  let uMax = -Infinity;
  let vMin = Infinity;
  let vMax = -Infinity;
  const add = (x: number, y: number, z: number) => {
    const uu = model.cx + (model.focal * x) / z;
    const vv = model.cy - (model.focal * y) / z;
    uMin = Math.min(uMin, uu);
    uMax = Math.max(uMax, uu);
    vMin = Math.min(vMin, vv);
    vMax = Math.max(vMax, vv);
  };
  for (let c = 0; c < 8; c++) if (cz[c]! >= NEAR_PLANE_M) add(cx[c]!, cy[c]!, cz[c]!);
  // Edges crossing the near plane are clipped there, so a solid partly behind the lens still
  // gets a tight (if large) rectangle instead of the whole image.
  for (let a = 0; a < 8; a++) {
    for (const bit of [1, 2, 4]) {
      const b = a | bit;
      if (b === a) continue;
      const za = cz[a]!;
      const zb = cz[b]!;
      if ((za < NEAR_PLANE_M) === (zb < NEAR_PLANE_M)) continue;
      const w = (NEAR_PLANE_M - za) / (zb - za);
      add(cx[a]! + w * (cx[b]! - cx[a]!), cy[a]! + w * (cy[b]! - cy[a]!), NEAR_PLANE_M);
    }
  }
  if (uMin === Infinity) return null;
  const i0 = Math.max(0, Math.floor(uMin) - 1);
  const i1 = Math.min(model.width, Math.ceil(uMax) + 1);
  const j0 = Math.max(0, Math.floor(vMin) - 1);
  const j1 = Math.min(model.height, Math.ceil(vMax) + 1);
  return i0 < i1 && j0 < j1 ? { i0, i1, j0, j1 } : null;
}
