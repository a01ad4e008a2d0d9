import type { Rng } from '../../core/rng.js';

/**
 * Sensor noise: one 32-bit seed is drawn from the injected rng per frame, then a xorshift
 * stream gives each channel an approximately Gaussian deviate (sum of four uniform bytes,
 * Irwin–Hall). Drawing 230k Box–Muller normals from the rng itself would cost more than the
 * rest of the frame, and this keeps the frame a pure function of the rng's state.
 */

/** √(4 · (256² − 1) / 12): the standard deviation of a sum of four uniform bytes. */
const SUM4_STD = Math.sqrt((4 * (256 * 256 - 1)) / 12);

/** Quantizes linear 0..1 radiance to bytes, adding noise of `sigma` (0..255 units). */
export function quantizeWithNoise(radiance: Float32Array, out: Uint8Array, sigma: number, rng: Pick<Rng, 'next'>): void {
  let s = (Math.floor(rng.next() * 4294967296) | 1) >>> 0;
  const k = sigma / SUM4_STD;
  for (let i = 0; i < radiance.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const g = (s & 255) + ((s >>> 8) & 255) + ((s >>> 16) & 255) + ((s >>> 24) & 255) - 510;
    const x = radiance[i]! * 255 + g * k;
    // Math.round(x) clamped to 0..255, without Math.round's data-dependent branch, which the
    // noise makes unpredictable (a misprediction per channel was most of this loop's time).
    // floor(x + 0.5) equals Math.round(x) for every x in [0.5, 254.5) (rounding x + 0.5 cannot
    // reach the next integer there; it can only for x = 0.49999999999999994, below that range);
    // below and above, both clamp to 0 and 255. NaN stores 0 either way.
    out[i] = x < 0.5 ? 0 : x >= 254.5 ? 255 : Math.floor(x + 0.5);
  }
}
