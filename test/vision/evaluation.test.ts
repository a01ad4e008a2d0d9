import { describe, expect, it } from 'vitest';
import { averagePrecision, meanAveragePrecision, precisionRecall, quantile, type EvalPrediction, type EvalTruth } from '../../src/tools/evaluation.js';

const box = (x: number, y = 0, s = 10) => ({ x1: x, y1: y, x2: x + s, y2: y + s });
const truth = (frame: number, clsIndex: number, x: number, difficult = false): EvalTruth => ({ frame, clsIndex, box: box(x), difficult });
const pred = (frame: number, clsIndex: number, x: number, confidence: number): EvalPrediction => ({ frame, clsIndex, box: box(x), confidence });

describe('averagePrecision (VOC all-point)', () => {
  it('is 1 for perfect detections and null for a class with no truths', () => {
    const truths = [truth(0, 0, 0), truth(1, 0, 50)];
    expect(averagePrecision([pred(0, 0, 0, 0.9), pred(1, 0, 50, 0.8)], truths, 0)).toBe(1);
    expect(averagePrecision([], truths, 3)).toBeNull();
  });

  it('integrates the precision envelope over recall', () => {
    // 2 truths; ranked: TP, FP, TP → recall 0.5 at precision 1, recall 1 at precision 2/3.
    const truths = [truth(0, 0, 0), truth(0, 0, 100)];
    const preds = [pred(0, 0, 0, 0.9), pred(0, 0, 200, 0.8), pred(0, 0, 100, 0.7)];
    expect(averagePrecision(preds, truths, 0)).toBeCloseTo(0.5 * 1 + 0.5 * (2 / 3));
  });

  it('counts a second detection of the same object as a false positive', () => {
    const truths = [truth(0, 0, 0)];
    const preds = [pred(0, 0, 0, 0.9), pred(0, 0, 1, 0.8)];
    expect(precisionRecall(preds, truths)).toMatchObject({ tp: 1, fp: 1, fn: 0, precision: 0.5, recall: 1 });
  });

  it('requires IoU ≥ 0.5, the same class and the same frame', () => {
    const truths = [truth(0, 0, 0)];
    expect(precisionRecall([pred(0, 0, 6, 0.9)], truths).tp).toBe(0); // IoU 4/16
    expect(precisionRecall([pred(0, 1, 0, 0.9)], truths).tp).toBe(0);
    expect(precisionRecall([pred(1, 0, 0, 0.9)], truths).tp).toBe(0);
  });

  it('neither rewards nor punishes detections of difficult truths', () => {
    const truths = [truth(0, 0, 0), truth(0, 0, 100, true)];
    const r = precisionRecall([pred(0, 0, 0, 0.9), pred(0, 0, 100, 0.8)], truths);
    expect(r).toMatchObject({ tp: 1, fp: 0, fn: 0 });
  });
});

describe('meanAveragePrecision', () => {
  it('averages AP over the classes present in the truths', () => {
    const truths = [truth(0, 0, 0), truth(0, 2, 100)];
    const preds = [pred(0, 0, 0, 0.9), pred(0, 5, 300, 0.9)]; // class 2 missed; class 5 has no truths
    const r = meanAveragePrecision(preds, truths);
    expect(r.perClass.map((c) => [c.clsIndex, c.ap])).toEqual([
      [0, 1],
      [2, 0],
    ]);
    expect(r.mAP).toBe(0.5);
  });
});

describe('precisionRecall at a threshold', () => {
  it('applies global or per-class thresholds and reports matches', () => {
    const truths = [truth(0, 0, 0), truth(0, 1, 100)];
    const preds = [pred(0, 0, 0, 0.4), pred(0, 1, 100, 0.6)];
    expect(precisionRecall(preds, truths, 0.5)).toMatchObject({ tp: 1, fn: 1, recall: 0.5, precision: 1 });
    const r = precisionRecall(preds, truths, [0.3, 0.5]);
    expect(r).toMatchObject({ tp: 2, recall: 1 });
    expect(r.matches).toEqual([
      { pred: 0, truth: 0 },
      { pred: 1, truth: 1 },
    ]);
  });
});

describe('quantile', () => {
  it('interpolates', () => {
    expect(quantile([3, 1, 2], 0.5)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([0, 10], 0.9)).toBe(9);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
