import { describe, expect, it } from 'vitest';
import { candidateBlobs, rescore } from '../../src/vision/second-stage.js';
import type { Detection2D } from '../../src/vision/types.js';

const LABELS = ['red_cube', 'red_ball', 'red_cylinder', 'blue_cube'];
const det = (label: string, confidence: number, x = 10): Detection2D => ({ label, clsIndex: LABELS.indexOf(label), confidence, box: { x1: x, y1: 10, x2: x + 20, y2: 30 } });

describe('candidateBlobs', () => {
  it("makes one candidate per same-colour blob, its objectness the blob's scores summed", () => {
    const blobs = candidateBlobs([det('red_cylinder', 0.3), det('red_cube', 0.5), det('blue_cube', 0.4, 11), det('red_ball', 0.2, 60)]);
    expect(blobs.map((b) => [b.label, b.confidence, b.objectness])).toEqual([
      ['red_cube', 0.5, 0.8], // the cylinder guess on the same blob adds to it
      ['blue_cube', 0.4, 0.4], // another colour on the same spot is another candidate
      ['red_ball', 0.2, 0.2], // far away: its own blob
    ]);
  });

  it('counts each class once per blob: two peaks of one class on one object are one guess', () => {
    const [blob] = candidateBlobs([det('red_cube', 0.5), det('red_cube', 0.4, 11), det('red_ball', 0.2, 12)]);
    expect(blob!.objectness).toBeCloseTo(0.7, 6);
  });

  it('caps objectness at 1', () => {
    expect(candidateBlobs([det('red_cube', 0.7), det('red_cylinder', 0.6)])[0]!.objectness).toBe(1);
  });
});

describe('rescore', () => {
  const probs = (...rows: number[][]) => Float32Array.from(rows.flat());
  const thresholds = (t: number) => new Float32Array(LABELS.length).fill(t);

  it('lets the classifier name the shape: objectness × p', () => {
    const [blob] = candidateBlobs([det('red_cube', 0.5), det('red_cylinder', 0.3)]);
    // The classifier is sure it is a cylinder (column order: LABELS, then background).
    const out = rescore([blob!], probs([0.1, 0, 0.9, 0, 0]), LABELS, thresholds(0.05));
    expect(out.map((d) => [d.label, d.confidence])).toEqual([
      ['red_cylinder', expect.closeTo(0.8 * 0.9, 6)],
      ['red_cube', expect.closeTo(0.8 * 0.1, 6)],
    ]);
    expect(out[0]!.box).toEqual(blob!.box);
  });

  it('a candidate the classifier calls background has no class left above threshold; thresholds are per class', () => {
    const blobs = candidateBlobs([det('red_cube', 0.9), det('blue_cube', 0.9, 100)]);
    const out = rescore(blobs, probs([0.9, 0, 0, 0, 0.1], [0, 0, 0, 0.01, 0.99]), LABELS, thresholds(0.35));
    expect(out.map((d) => d.label)).toEqual(['red_cube']);
    const strict = Float32Array.from([0.85, 0.35, 0.35, 0.35]);
    expect(rescore(blobs, probs([0.9, 0, 0, 0, 0.1], [0, 0, 0, 0.01, 0.99]), LABELS, strict)).toEqual([]);
  });

  it('keeps one box per class where two candidates overlap', () => {
    // Two colours' candidates on one object, both now read as the red cube.
    const blobs = candidateBlobs([det('red_cube', 0.6), det('blue_cube', 0.5, 12)]);
    const out = rescore(blobs, probs([1, 0, 0, 0, 0], [0.6, 0, 0, 0.4, 0]), LABELS, thresholds(0.15));
    expect(out.map((d) => [d.label, d.confidence])).toEqual([
      ['red_cube', expect.closeTo(0.6, 6)], // the blue candidate's red_cube (0.3) overlaps it and goes
      ['blue_cube', expect.closeTo(0.2, 6)],
    ]);
  });
});

describe('rescore with detections that skip the second stage', () => {
  it('keeps them as the detector scored them, alongside the rescored ones, one box per class', () => {
    const [blob] = candidateBlobs([det('red_cube', 0.9)]);
    const kept = [det('blue_cube', 0.6, 200), det('red_cube', 0.5, 12)];
    const out = rescore([blob!], Float32Array.from([0.8, 0, 0, 0, 0.2]), LABELS, new Float32Array(4).fill(0.35), kept);
    expect(out.map((d) => [d.label, d.confidence])).toEqual([
      ['red_cube', expect.closeTo(0.72, 6)],
      ['blue_cube', 0.6], // the kept red_cube overlaps the rescored one and goes
    ]);
  });
});
