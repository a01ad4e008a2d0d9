import { describe, expect, it } from 'vitest';
import { decodeCenterNet } from '../../src/vision/decode-centernet.js';
import { letterboxFor } from '../../src/vision/preprocess.js';
import { thresholdsFor } from '../../src/vision/types.js';

const labels = ['red_cube', 'red_ball', 'red_cylinder', 'green_cube'];

function rows(list: number[][], k = 10): Float32Array {
  const data = new Float32Array(k * 6);
  list.forEach((r, i) => data.set(r, i * 6));
  return data;
}

describe('decodeCenterNet', () => {
  const data = rows([
    [10, 20, 30, 40, 0.9, 1],
    [100, 100, 120, 130, 0.7, 0],
    [101, 101, 121, 131, 0.65, 0], // double peak on the same object
    [200, 50, 220, 80, 0.4, 3],
    [0, 0, 5, 5, 0.35, 7], // class index out of range: ignored
  ]);
  const lb = letterboxFor(320, 240, 320, 240);

  it('keeps rows over the threshold, in score order, and merges double peaks', () => {
    const out = decodeCenterNet(data, [1, 10, 6], { labels, thresholds: thresholdsFor(0.5, labels), letterbox: lb });
    expect(out.map((d) => [d.label, d.confidence])).toEqual([
      ['red_ball', expect.closeTo(0.9, 5)],
      ['red_cube', expect.closeTo(0.7, 5)],
    ]);
    expect(out[0]!.box).toEqual({ x1: 10, y1: 20, x2: 30, y2: 40 });
  });

  it('uses per-class thresholds with a default', () => {
    const out = decodeCenterNet(data, [1, 10, 6], { labels, thresholds: thresholdsFor({ red_ball: 0.95, green_cube: 0.3, default: 0.6 }, labels), letterbox: lb });
    expect(out.map((d) => d.label)).toEqual(['red_cube', 'green_cube']);
  });

  it('maps boxes back to frame pixels when the frame was letterboxed', () => {
    // A 640x480 frame scaled by 0.5 into the 320x240 input.
    const out = decodeCenterNet(rows([[10, 20, 30, 40, 0.9, 1]]), [1, 10, 6], { labels, thresholds: [0.5, 0.5, 0.5, 0.5], letterbox: letterboxFor(640, 480, 320, 240) });
    expect(out[0]!.box).toEqual({ x1: 20, y1: 40, x2: 60, y2: 80 });
  });

  it('rejects a wrong output shape', () => {
    expect(() => decodeCenterNet(new Float32Array(40), [1, 10, 4], { labels, thresholds: [0.5, 0.5, 0.5, 0.5], letterbox: lb })).toThrow(/expected \[1, N, 6\]/);
  });
});
