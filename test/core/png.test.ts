import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { SeededRng } from '../../src/core/rng.js';
import { renderFrame } from '../../src/sim/camera/index.js';
import { decodePng, encodePng } from '../../src/core/png.js';
import { roomWorld, START_POSE } from '../sim/camera/fixtures.js';

describe('PNG encoding', () => {
  it('round-trips a frame exactly and deterministically', () => {
    const frame = renderFrame(roomWorld({ objects: [{ id: 'o', color: 'red', shape: 'ball', x: 3, y: 4 }] }), START_POSE, { rng: new SeededRng(9) });
    const png = encodePng(frame);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(encodePng(frame).equals(png)).toBe(true);
    const back = decodePng(png);
    expect(back.width).toBe(frame.width);
    expect(back.height).toBe(frame.height);
    expect(Buffer.from(back.rgb).equals(Buffer.from(frame.rgb))).toBe(true);
  });

  it('decodes RGBA images by compositing alpha over black', () => {
    const png = new PNG({ width: 1, height: 1 });
    png.data = Buffer.from([200, 100, 50, 128]);
    const img = decodePng(PNG.sync.write(png));
    expect(Array.from(img.rgb)).toEqual([100, 50, 25]);
  });
});
