import { describe, expect, it } from 'vitest';
import { decodeYolo, yoloLayout } from '../../src/vision/decode-yolo.js';
import { letterboxFor } from '../../src/vision/preprocess.js';

/** Builds a YOLOv8 export tensor [1, 4+nc, N]: column a holds anchor a's cx, cy, w, h, scores. */
function yoloTensor(nc: number, anchors: Array<[number, number, number, number, number[]]>, n = anchors.length): Float32Array {
  const c = 4 + nc;
  const data = new Float32Array(c * n);
  anchors.forEach(([cx, cy, w, h, scores], a) => {
    const col = [cx, cy, w, h, ...scores];
    col.forEach((v, ch) => (data[ch * n + a] = v));
  });
  return data;
}

const labels = ['person', 'bicycle', 'car'];

describe('decodeYolo', () => {
  it('reads the channel-major [1, 4+nc, N] layout, picks the best class and applies NMS', () => {
    const n = 8;
    const data = yoloTensor(
      3,
      [
        [100, 100, 40, 20, [0.9, 0.1, 0.0]],
        [102, 101, 40, 20, [0.7, 0.0, 0.0]], // duplicate of the first: suppressed
        [300, 200, 50, 50, [0.05, 0.2, 0.6]],
        [400, 400, 10, 10, [0.1, 0.2, 0.3]], // under threshold
        [100, 100, 40, 20, [0.0, 0.0, 0.8]], // same place, other class: kept
      ],
      n,
    );
    const lb = letterboxFor(640, 640, 640, 640);
    const out = decodeYolo(data, [1, 7, n], { labels, thresholds: [0.5, 0.5, 0.5], letterbox: lb });
    expect(out.map((d) => [d.label, d.confidence])).toEqual([
      ['person', expect.closeTo(0.9, 5)],
      ['car', expect.closeTo(0.8, 5)],
      ['car', expect.closeTo(0.6, 5)],
    ]);
    expect(out[0]!.box).toEqual({ x1: 80, y1: 90, x2: 120, y2: 110 });
    expect(out[2]!.box).toEqual({ x1: 275, y1: 175, x2: 325, y2: 225 });
  });

  it('maps boxes back through the letterbox to image pixels and clips them', () => {
    // A 320x240 image in a 640x640 input: scale 2, 80 px of padding above and below.
    const lb = letterboxFor(320, 240, 640, 640);
    expect(lb).toMatchObject({ scale: 2, padX: 0, padY: 80 });
    const data = yoloTensor(3, [
      [320, 320, 100, 60, [0.9, 0, 0]],
      [630, 100, 40, 60, [0, 0.9, 0]], // partly off the right edge and in the top padding
    ]);
    const out = decodeYolo(data, [1, 7, 2], { labels, thresholds: [0.5, 0.5, 0.5], letterbox: lb });
    expect(out[0]!.box).toEqual({ x1: 135, y1: 105, x2: 185, y2: 135 });
    expect(out[1]!.box).toEqual({ x1: 305, y1: 0, x2: 320, y2: 25 });
  });

  it('applies per-class thresholds', () => {
    const data = yoloTensor(3, [
      [100, 100, 10, 10, [0.6, 0, 0]],
      [300, 300, 10, 10, [0, 0, 0.6]],
    ]);
    const lb = letterboxFor(640, 640, 640, 640);
    const out = decodeYolo(data, [1, 7, 2], { labels, thresholds: [0.7, 0.5, 0.5], letterbox: lb });
    expect(out.map((d) => d.label)).toEqual(['car']);
  });

  it('accepts the transposed [1, N, 4+nc] layout', () => {
    const rows = new Float32Array([100, 100, 40, 20, 0.1, 0.9, 0.0, 300, 300, 10, 10, 0, 0, 0.2]);
    const out = decodeYolo(rows, [1, 2, 7], { labels, thresholds: [0.5, 0.5, 0.5], letterbox: letterboxFor(640, 640, 640, 640) });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ label: 'bicycle', clsIndex: 1, box: { x1: 80, y1: 90, x2: 120, y2: 110 } });
  });

  it('refuses an output whose channel count does not match the labels', () => {
    expect(() => yoloLayout([1, 84, 8400], 3)).toThrow(/expected \[1, 7, N\] for 3 labels/);
    expect(yoloLayout([1, 84, 8400], 80)).toEqual({ anchors: 8400, channelsFirst: true });
  });
});
