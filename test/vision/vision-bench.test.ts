import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDatasetFrame } from '../../src/tools/dataset.js';
import { defaultModelPath, metadataPathFor } from '../../src/vision/model-paths.js';
import { benchFrames, type BenchFrame, frameStream, framesSeenByModel, framesUsedBy } from '../../src/tools/bench-frames.js';
import { runVisionBench } from '../../src/tools/vision-bench.js';
import { formatVisionBench } from '../../src/tools/vision-bench-format.js';
import { committedSecondStagePath } from '../helpers/second-stage-path.js';

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
    const plain = benchFrames('scenarios', 30, 5, model);
    const anyClass = benchFrames('scenarios-any-class', 30, 5, model);
    const classes = (frames: BenchFrame[]) => new Set(frames.flatMap((f) => f.truths.map((t) => t.cls)));
    expect(classes(plain).size).toBeLessThanOrEqual(6);
    expect(classes(anyClass).size).toBeGreaterThan(classes(plain).size);
    // Same robot pose in every frame, same object positions; some classes differ.
    expect(anyClass.map((f) => f.frame.pose)).toEqual(plain.map((f) => f.frame.pose));
    const where = (frames: BenchFrame[]) => frames.flatMap((f) => f.truths.map((t) => `${t.objectId}@${t.world.x},${t.world.y}`)).sort();
    const shared = where(anyClass).filter((w) => where(plain).includes(w));
    expect(shared.length).toBeGreaterThan(where(plain).length * 0.8);
    const cls = (frames: BenchFrame[]) => frames.flatMap((f) => f.truths.map((t) => `${t.objectId}:${t.cls}`));
    expect(cls(anyClass).filter((c) => !cls(plain).includes(c)).length).toBeGreaterThan(0);
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

  it("adds the frames the committed model's second stage trained and was validated on", () => {
    const used = framesUsedBy(defaultModelPath());
    const second = JSON.parse(readFileSync(metadataPathFor(committedSecondStagePath()), 'utf8'));
    const train = second.dataset.parts[0];
    for (const [seed, i] of [[1000, 0], [3000, 9999], [2000, 599], [train.seed, train.count - 1], [second.validation.seed, 0]]) {
      expect(used.has(frameStream(seed!, i!)), `seed ${seed} frame ${i}`).toBe(true);
    }
    expect(used.has(frameStream(4242, 0))).toBe(false);
  });
});
