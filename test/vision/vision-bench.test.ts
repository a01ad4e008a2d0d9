import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatVisionBench, runVisionBench } from '../../src/vision/vision-bench.js';

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
});
