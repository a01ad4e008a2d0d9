import { describe, expect, it } from 'vitest';
import { nonMaxSuppression, suppressLookAlikes } from '../../src/vision/nms.js';
import { iou, type Detection2D } from '../../src/vision/types.js';

const det = (clsIndex: number, confidence: number, x1: number, y1: number, x2: number, y2: number): Detection2D => ({
  label: `c${clsIndex}`,
  clsIndex,
  confidence,
  box: { x1, y1, x2, y2 },
});

describe('iou', () => {
  it('is 1 for identical boxes, 0 for disjoint ones and the overlap ratio otherwise', () => {
    expect(iou({ x1: 0, y1: 0, x2: 10, y2: 10 }, { x1: 0, y1: 0, x2: 10, y2: 10 })).toBe(1);
    expect(iou({ x1: 0, y1: 0, x2: 10, y2: 10 }, { x1: 10, y1: 0, x2: 20, y2: 10 })).toBe(0);
    expect(iou({ x1: 0, y1: 0, x2: 10, y2: 10 }, { x1: 5, y1: 0, x2: 15, y2: 10 })).toBeCloseTo(50 / 150);
  });
});

describe('nonMaxSuppression', () => {
  it('keeps the best of overlapping same-class boxes and sorts by confidence', () => {
    const out = nonMaxSuppression([det(0, 0.6, 1, 1, 11, 11), det(0, 0.9, 0, 0, 10, 10), det(0, 0.5, 50, 50, 60, 60)], 0.45);
    expect(out.map((d) => d.confidence)).toEqual([0.9, 0.5]);
  });

  it('is class-wise: overlapping boxes of different classes both stay', () => {
    const out = nonMaxSuppression([det(0, 0.9, 0, 0, 10, 10), det(1, 0.8, 0, 0, 10, 10)], 0.45);
    expect(out.map((d) => d.clsIndex)).toEqual([0, 1]);
  });

  it('keeps boxes whose overlap is at or under the threshold', () => {
    // IoU of these two is 1/3.
    const out = nonMaxSuppression([det(0, 0.9, 0, 0, 10, 10), det(0, 0.8, 5, 0, 15, 10)], 0.4);
    expect(out).toHaveLength(2);
    expect(nonMaxSuppression([det(0, 0.9, 0, 0, 10, 10), det(0, 0.8, 5, 0, 15, 10)], 0.3)).toHaveLength(1);
  });

  it('suppresses only through kept boxes (a suppressed box does not suppress others)', () => {
    // A overlaps B, B overlaps C, A does not overlap C: A and C stay.
    const a = det(0, 0.9, 0, 0, 10, 10);
    const b = det(0, 0.8, 4, 0, 14, 10);
    const c = det(0, 0.7, 8, 0, 18, 10);
    expect(nonMaxSuppression([c, b, a], 0.3).map((d) => d.confidence)).toEqual([0.9, 0.7]);
  });

  it('caps the number of detections', () => {
    const many = Array.from({ length: 10 }, (_, i) => det(0, 1 - i / 100, i * 20, 0, i * 20 + 10, 10));
    expect(nonMaxSuppression(many, 0.5, 3)).toHaveLength(3);
  });
});

describe('suppressLookAlikes', () => {
  const labelled = (label: string, clsIndex: number, confidence: number, x1: number): Detection2D => ({ label, clsIndex, confidence, box: { x1, y1: 91, x2: x1 + 5.2, y2: 97.5 } });

  it('keeps the likelier of two shape guesses on one blob, and objects of other colours', () => {
    // Seen in the warehouse: one yellow cylinder 6.7 m away, decoded as a cube and as a cylinder.
    const cube = labelled('yellow_cube', 9, 0.411, 81.3);
    const cylinder = labelled('yellow_cylinder', 11, 0.403, 81);
    const red = labelled('red_cube', 0, 0.9, 81.2);
    expect(suppressLookAlikes([cube, cylinder, red]).map((d) => d.label)).toEqual(['red_cube', 'yellow_cube']);
    // Apart, they are two objects.
    expect(suppressLookAlikes([cube, labelled('yellow_cylinder', 11, 0.403, 120)])).toHaveLength(2);
  });

  it('never groups labels outside the colour_shape vocabulary', () => {
    expect(suppressLookAlikes([labelled('person', 0, 0.9, 10), labelled('bicycle', 1, 0.8, 10)])).toHaveLength(2);
  });
});
