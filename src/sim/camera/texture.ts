import type { SurfaceTexture } from './scene.js';

/**
 * Procedural surface textures for training rooms: a brightness factor around 1 at surface
 * coordinates (a, b) in metres. Pure functions of the coordinates and the texture's own seed,
 * so textures never consume the renderer's random stream.
 */

/** Integer lattice hash → [0, 1). */
function hash2(ix: number, iy: number, seed: number): number {
  let h = Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1) ^ Math.imul(seed, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1). */
function valueNoise(a: number, b: number, seed: number): number {
  const ia = Math.floor(a);
  const ib = Math.floor(b);
  const fa = a - ia;
  const fb = b - ib;
  const sa = fa * fa * (3 - 2 * fa);
  const sb = fb * fb * (3 - 2 * fb);
  const v00 = hash2(ia, ib, seed);
  const v10 = hash2(ia + 1, ib, seed);
  const v01 = hash2(ia, ib + 1, seed);
  const v11 = hash2(ia + 1, ib + 1, seed);
  return v00 + (v10 - v00) * sa + (v01 - v00) * sb + (v00 - v10 - v01 + v11) * sa * sb;
}

export function textureFactor(t: SurfaceTexture, a: number, b: number): number {
  switch (t.kind) {
    case 'plain':
      return 1;
    case 'noise': {
      const n = 0.65 * valueNoise(a / t.scale, b / t.scale, t.seed) + 0.35 * valueNoise((2.7 * a) / t.scale, (2.7 * b) / t.scale, t.seed + 1);
      return 1 + t.contrast * (n - 0.5) * 2;
    }
    case 'stripes': {
      const w = a * Math.cos(t.angle) + b * Math.sin(t.angle);
      return 1 + t.contrast * Math.sin((2 * Math.PI * w) / t.period);
    }
    case 'tiles': {
      const u = a / t.size;
      const v = b / t.size;
      const iu = Math.floor(u);
      const iv = Math.floor(v);
      const g = t.grout / t.size;
      if (u - iu < g || v - iv < g) return 1 - t.contrast;
      return 1 + t.contrast * 0.6 * (hash2(iu, iv, t.seed) - 0.5);
    }
  }
}
