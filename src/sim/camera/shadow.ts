import type { Solid, SceneLighting } from './scene.js';

/**
 * Soft shadows on the floor, computed analytically per floor point instead of by shadow rays:
 * a contact (ambient-occlusion) darkening around each solid's footprint, plus the lamp's shadow,
 * i.e. the footprint swept away from the light, with a penumbra that widens with height.
 */

export interface ShadowCaster {
  x: number;
  y: number;
  /** Footprint: an oriented rectangle (halfX, halfY, cos/sin of yaw) or a disc (radius). */
  disc: boolean;
  halfX: number;
  halfY: number;
  radius: number;
  cos: number;
  sin: number;
  /** Shadow sweep vector on the floor for the solid's full height. */
  sx: number;
  sy: number;
  height: number;
  /** Beyond this distance (per axis) from the centre the caster has no effect. */
  reach: number;
  /** Beyond this distance from the footprint the caster has no effect. */
  margin: number;
  aoLength: number;
}

const SWEEP_SAMPLES = [0.15, 0.5, 0.85];
const AO_STRENGTH = 0.45;
const SHADOW_STRENGTH = 0.8;

export function shadowCasters(solids: readonly Solid[], lighting: SceneLighting): ShadowCaster[] {
  const L = lighting.direction;
  const lz = Math.max(L.z, 0.2);
  return solids.map((s) => {
    const height = s.kind === 'sphere' ? 2 * s.radius : s.height;
    const disc = s.kind !== 'box';
    // A ball touches the floor at one point: its contact shadow is a smaller disc.
    const radius = s.kind === 'sphere' ? 0.6 * s.radius : s.kind === 'cylinder' ? s.radius : 0;
    const halfX = s.kind === 'box' ? s.halfX : 0;
    const halfY = s.kind === 'box' ? s.halfY : 0;
    const yaw = s.kind === 'box' ? s.yaw : 0;
    const sx = (-L.x / lz) * height;
    const sy = (-L.y / lz) * height;
    const footprint = disc ? radius : Math.hypot(halfX, halfY);
    const aoLength = 0.02 + 0.08 * Math.min(height, 1);
    const margin = Math.hypot(sx, sy) + 0.04 + 0.12 * height + 5 * aoLength;
    const reach = footprint + margin;
    return { x: s.x, y: s.y, disc, halfX, halfY, radius, cos: Math.cos(yaw), sin: Math.sin(yaw), sx, sy, height, reach, margin, aoLength };
  });
}

function footprintDistance(c: ShadowCaster, dx: number, dy: number): number {
  // Math.sqrt rather than Math.hypot: this runs millions of times per dataset frame.
  if (c.disc) return Math.max(Math.sqrt(dx * dx + dy * dy) - c.radius, 0);
  const lx = Math.max(Math.abs(dx * c.cos + dy * c.sin) - c.halfX, 0);
  const ly = Math.max(Math.abs(-dx * c.sin + dy * c.cos) - c.halfY, 0);
  return Math.sqrt(lx * lx + ly * ly);
}

function smoothstep(edge: number, x: number): number {
  const t = Math.min(Math.max(x / edge, 0), 1);
  return t * t * (3 - 2 * t);
}

/**
 * Multipliers at floor point (px, py): `ao` applies to all light, `direct` to the lamp's share.
 * Written into `out` ([ao, direct]) to avoid an allocation per pixel.
 */
export function floorShadow(casters: readonly ShadowCaster[], px: number, py: number, out: Float64Array): void {
  let ao = 1;
  let direct = 1;
  for (let i = 0; i < casters.length; i++) {
    const c = casters[i]!;
    const dx = px - c.x;
    const dy = py - c.y;
    if (dx > c.reach || dx < -c.reach || dy > c.reach || dy < -c.reach) continue;
    const d0 = footprintDistance(c, dx, dy);
    if (d0 > c.margin) continue;
    ao *= 1 - AO_STRENGTH * Math.exp(-d0 / c.aoLength);
    let shade = 0;
    for (const k of SWEEP_SAMPLES) {
      const d = footprintDistance(c, dx - k * c.sx, dy - k * c.sy);
      const penumbra = 0.02 + 0.12 * k * c.height;
      shade = Math.max(shade, 1 - smoothstep(penumbra, d));
    }
    direct *= 1 - SHADOW_STRENGTH * shade;
  }
  out[0] = ao;
  out[1] = direct;
}
