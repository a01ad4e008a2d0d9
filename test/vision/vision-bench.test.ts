import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDatasetFrame } from '../../src/vision/dataset.js';
import { formatVisionBench, frameStream, framesSeenByModel, runVisionBench } from '../../src/vision/vision-bench.js';

const model = join(import.meta.dirname, 'fixtures', 'centernet-fixture.onnx');

describe('runVisionBench (fixture model: shape of the report, not its figures)', () => {
  it('reports every figure the --json contract names', async () => {
    const r = await runVisionBench({ frames: 4, seed: 3, modelPath: model });
    expect(r).toMatchObject({ frames: 4, seed: 3, source: 'mixed' });
    for (const k of ['mAP50', 'precision', 'recall', 'locErrMedianM', 'locErrP90M', 'sessionCreateMs'] as const) expect(typeof r[k]).toBe('number');
    expect(Object.keys(r.inferenceMsMedian).sort()).toEqual(['1', '2']);
    expect(Object.keys(r.detectMsMedian).sort()).toEqual(['1', '2']);
    // Every counted object falls in exactly one distance bin.
    expect(r.recallByDistance.reduce((n, b) => n + b.objects, 0)).toBe(r.objects);
    expect(r.recallByDistance.at(-1)).toMatchObject({ fromM: 5, toM: null });
    expect(formatVisionBench(r)[0]).toMatch(/^vision bench: 4 frames, seed 3: half the built-in scenarios/);
  });

  it('renders the same frames for the same seed', async () => {
    const a = await runVisionBench({ frames: 3, seed: 9, source: 'random', modelPath: model, threads: [1] });
    const b = await runVisionBench({ frames: 3, seed: 9, source: 'random', modelPath: model, threads: [1] });
    expect([a.objects, a.difficult, a.perClass]).toEqual([b.objects, b.difficult, b.perClass]);
  });

  it('redraws the scenario objects from all 12 classes, seen from the same poses', async () => {
    const run = (source: 'scenarios' | 'scenarios-any-class') => runVisionBench({ frames: 30, seed: 5, source, modelPath: model, threads: [1] });
    const [plain, anyClass] = [await run('scenarios'), await run('scenarios-any-class')];
    expect(plain.perClass.length).toBeLessThanOrEqual(6);
    expect(anyClass.perClass.length).toBeGreaterThan(plain.perClass.length);
    // Same rooms, poses and object positions: within 4 m the objects in view are nearly the same
    // (a redrawn shape can be taller or shorter, so a few more or fewer show).
    expect(Math.abs(anyClass.objects - plain.objects)).toBeLessThan(plain.objects * 0.1);
  });

  it('ignores randomized-room objects by their visible pixels, not their box area', async () => {
    // Seed 17's first frames hold partly hidden objects whose boxes are larger than what shows.
    const labels = [0, 1, 2].flatMap((i) => renderDatasetFrame(17, i).labels);
    const r = await runVisionBench({ frames: 3, seed: 17, source: 'random', modelPath: model, threads: [1], minPixels: 60 });
    expect(r.difficult).toBe(labels.filter((t) => t.pixels < 60).length);
    expect(r.difficult).toBeGreaterThan(labels.filter((t) => (t.x2 - t.x1) * (t.y2 - t.y1) < 60).length);
    expect(r.objects + r.difficult).toBe(labels.length);
  });
});

describe('framesSeenByModel (the random bench never scores a frame the model trained on)', () => {
  it('collects every training part and the evaluation set', () => {
    const seen = framesSeenByModel({ dataset: { parts: [{ seed: 1000, count: 3 }, { seed: 3000, count: 2 }] }, evaluation: { seed: 2000, frames: 1 } });
    expect(seen.size).toBe(6);
    for (const [seed, i] of [[1000, 2], [3000, 1], [2000, 0]]) expect(seen.has(frameStream(seed, i))).toBe(true);
    expect(seen.has(frameStream(3000, 2))).toBe(false);
  });

  it('reads the single-seed record of older exports', () => {
    const seen = framesSeenByModel({ dataset: { seed: 1000, count: 4 } });
    expect([...seen]).toEqual([0, 1, 2, 3].map((i) => frameStream(1000, i)));
  });
});
