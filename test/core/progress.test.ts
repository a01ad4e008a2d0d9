import { describe, expect, it } from 'vitest';
import { clampFraction, filledCells, fractionDone, percentDone } from '../../src/core/progress.js';

describe('progress as a share, a percent and bar cells', () => {
  it('is a share only when the total is known', () => {
    expect(fractionDone({ progress: 3, total: 4 })).toBe(0.75);
    expect(fractionDone({ progress: 150, total: 100 })).toBe(1);
    expect(fractionDone({ progress: 0.5 })).toBeUndefined();
    expect(fractionDone({ progress: 12, total: 0 })).toBeUndefined();
    expect(clampFraction(Number.NaN)).toBe(0);
  });

  it('rounds percent and cells down alike, so both are full only when done, and floating point does not lose a percent', () => {
    expect(percentDone(0.999)).toBe(99);
    expect(filledCells(0.999, 20)).toBe(19);
    expect(percentDone(1)).toBe(100);
    expect(filledCells(1, 20)).toBe(20);
    expect(percentDone(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(filledCells(0.3, 10)).toBe(3); // 0.3 * 10 is 2.9999999999999996
    expect(filledCells(-1, 10)).toBe(0);
  });
});
