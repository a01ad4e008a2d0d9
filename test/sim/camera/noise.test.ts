import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.js';
import { quantizeWithNoise } from '../../../src/sim/camera/noise.js';

/** The quantizer as first written, with Math.round and a clamp: the reference for its bytes. */
function referenceQuantize(radiance: Float32Array, out: Uint8Array, sigma: number, seed: number): void {
  const rng = new SeededRng(seed);
  let s = (Math.floor(rng.next() * 4294967296) | 1) >>> 0;
  const k = sigma / Math.sqrt((4 * (256 * 256 - 1)) / 12);
  for (let i = 0; i < radiance.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const g = (s & 255) + ((s >>> 8) & 255) + ((s >>> 16) & 255) + ((s >>> 24) & 255) - 510;
    const v = Math.round(radiance[i]! * 255 + g * k);
    out[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
}

function quantize(radiance: Float32Array, sigma: number, seed: number): Uint8Array {
  const out = new Uint8Array(radiance.length);
  quantizeWithNoise(radiance, out, sigma, new SeededRng(seed));
  return out;
}

describe('sensor noise quantizer', () => {
  it('gives the bytes Math.round and a clamp give, at the rounding and clamping edges too', () => {
    const edges = [0, 0.5, 1, 1.5, 253.5, 254.5, 255, 255.5, 256].flatMap((v) => [v, v - 1e-9, v + 1e-9].map((x) => x / 255));
    const values = Float32Array.from([...edges, -1, 2, Number.NaN, Infinity, -Infinity, 0.49999999999999994 / 255]);
    for (const sigma of [0, 2, 7.5]) {
      const expected = new Uint8Array(values.length);
      referenceQuantize(values, expected, sigma, 9);
      expect(quantize(values, sigma, 9)).toEqual(expected);
    }
  });

  it('gives the reference bytes for any radiance, noise level and seed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: Math.fround(-0.5), max: Math.fround(1.5) }), { minLength: 1, maxLength: 300 }),
        fc.double({ min: 0, max: 12, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (values, sigma, seed) => {
          const radiance = Float32Array.from(values);
          const expected = new Uint8Array(radiance.length);
          referenceQuantize(radiance, expected, sigma, seed);
          expect(quantize(radiance, sigma, seed)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
