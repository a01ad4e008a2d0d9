import type { CameraModel } from '../../core/camera-model.js';
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

/** How far outside a half-plane a floor point may be and still count, metres: far more than
 *  any rounding, so a caster is only dropped when it clearly cannot matter. */
const CULL_MARGIN_M = 1e-3;

/**
 * The casters whose reach can touch floor the camera sees: in front of the lens and between the
 * image's left and right edges. A floor point seen through column offset a satisfies
 * (p − o)·f = t > 0 and (p − o)·r = a·t, so a caster whose whole reach square lies outside one
 * of those half-planes would be skipped by every floor pixel anyway: dropping it once per frame
 * leaves every pixel as it was and saves the test per floor pixel (most of a room's solids are
 * behind or beside the camera).
 */
export function castersInView(casters: readonly ShadowCaster[], model: CameraModel): ShadowCaster[] {
  const { origin: o, forward: f, right: r } = model;
  const aMin = (0.5 - model.cx) / model.focal;
  const aMax = (model.width - 0.5 - model.cx) / model.focal;
  return casters.filter((c) => {
    let ahead = -Infinity;
    let leftOfRight = Infinity;
    let rightOfLeft = Infinity;
    for (const [sx, sy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]] as const) {
      const dx = c.x + sx * c.reach - o.x;
      const dy = c.y + sy * c.reach - o.y;
      const depth = dx * f.x + dy * f.y - o.z * f.z;
      const side = dx * r.x + dy * r.y - o.z * r.z;
      ahead = Math.max(ahead, depth);
      leftOfRight = Math.min(leftOfRight, side - aMax * depth);
      rightOfLeft = Math.min(rightOfLeft, aMin * depth - side);
    }
    return ahead > -CULL_MARGIN_M && leftOfRight < CULL_MARGIN_M && rightOfLeft < CULL_MARGIN_M;
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
