import { describe, expect, it } from 'vitest';
import { Preprocessor, letterboxFor, unletterboxBox } from '../../src/vision/preprocess.js';

function solid(width: number, height: number, rgb: [number, number, number]): { width: number; height: number; rgb: Uint8Array } {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(rgb, i * 3);
  return { width, height, rgb: data };
}

describe('Preprocessor', () => {
  it('normalizes RGB/255 with mean and std into NCHW planes', () => {
    const pre = new Preprocessor({ width: 4, height: 2, mean: [0.5, 0.25, 0], std: [0.5, 0.25, 1] });
    const img = solid(4, 2, [255, 0, 51]);
    img.rgb.set([0, 255, 255], 3); // pixel (1, 0)
    const { data, letterbox } = pre.run(img);
    expect(letterbox).toMatchObject({ scale: 1, padX: 0, padY: 0 });
    expect(data.length).toBe(3 * 8);
    expect(data[0]).toBeCloseTo(1); // R of pixel 0: (1 - 0.5) / 0.5
    expect(data[1]).toBeCloseTo(-1); // R of pixel 1
    expect(data[8]).toBeCloseTo(-1); // G of pixel 0: (0 - 0.25) / 0.25
    expect(data[9]).toBeCloseTo(3); // G of pixel 1
    expect(data[16]).toBeCloseTo(0.2); // B of pixel 0
  });

  it('letterboxes a different-size image: scaled, centred and padded', () => {
    const pre = new Preprocessor({ width: 8, height: 8, mean: [0, 0, 0], std: [1, 1, 1], padValue: 0 });
    const { data, letterbox } = pre.run(solid(8, 4, [255, 255, 255]));
    expect(letterbox).toMatchObject({ scale: 1, padX: 0, padY: 2 });
    const row = (y: number) => Array.from(data.subarray(y * 8, y * 8 + 8));
    expect(row(0)).toEqual(new Array(8).fill(0));
    expect(row(2)).toEqual(new Array(8).fill(1));
    expect(row(5)).toEqual(new Array(8).fill(1));
    expect(row(6)).toEqual(new Array(8).fill(0));
  });

  it('downscales a large image bilinearly', () => {
    const pre = new Preprocessor({ width: 320, height: 240, mean: [0, 0, 0], std: [1, 1, 1] });
    const { data, letterbox } = pre.run(solid(640, 480, [0, 128, 255]));
    expect(letterbox.scale).toBe(0.5);
    expect(data[320 * 240 + 1000]).toBeCloseTo(128 / 255);
  });

  it('passes an image of the model size through as its own bytes for a uint8 NHWC model', () => {
    const pre = new Preprocessor({ width: 4, height: 2, format: 'uint8-nhwc', mean: [0.5, 0.5, 0.5], std: [0.2, 0.2, 0.2] });
    const img = solid(4, 2, [10, 20, 30]);
    const { data, dims, letterbox } = pre.run(img);
    expect(dims).toEqual([1, 2, 4, 3]);
    expect(letterbox).toMatchObject({ scale: 1, padX: 0, padY: 0 });
    expect(data.buffer).toBe(img.rgb.buffer); // no copy
    expect(Array.from(data.subarray(0, 6))).toEqual([10, 20, 30, 10, 20, 30]);
  });

  it('letterboxes into interleaved bytes for a uint8 NHWC model', () => {
    const pre = new Preprocessor({ width: 8, height: 8, format: 'uint8-nhwc', mean: [0, 0, 0], std: [1, 1, 1], padValue: 7 });
    const { data, dims, letterbox } = pre.run(solid(16, 8, [200, 100, 50]));
    expect(dims).toEqual([1, 8, 8, 3]);
    expect(letterbox).toMatchObject({ scale: 0.5, padX: 0, padY: 2 });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * 8 + x) * 3, (y * 8 + x) * 3 + 3));
    expect(pixel(3, 0)).toEqual([7, 7, 7]);
    expect(pixel(3, 2)).toEqual([200, 100, 50]);
    expect(pixel(7, 5)).toEqual([200, 100, 50]);
    expect(pixel(0, 6)).toEqual([7, 7, 7]);
  });

  it('rejects an image whose data is too short', () => {
    const pre = new Preprocessor({ width: 4, height: 4, mean: [0, 0, 0], std: [1, 1, 1] });
    expect(() => pre.run({ width: 4, height: 4, rgb: new Uint8Array(10) })).toThrow(/expected 48/);
  });
});

describe('letterbox round trip', () => {
  it('maps model-input boxes back to the image', () => {
    const lb = letterboxFor(1280, 720, 640, 640);
    expect(lb.scale).toBe(0.5);
    expect(lb.padY).toBe(140);
    expect(unletterboxBox(lb, 0, 140, 640, 500)).toEqual({ x1: 0, y1: 0, x2: 1280, y2: 720 });
  });
});
