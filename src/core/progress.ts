/**
 * How far a long operation has got, one rule for every front end: MCP progress (`progress`,
 * optionally `total`) and the robot's own 0..1 shares become the same bar cells and percent.
 */

/**
 * The share done, 0..1, of a progress notification; undefined without a total: MCP's progress
 * then only rises, a count of something whose end is unknown, never a share.
 */
export function fractionDone({ progress, total }: { progress: number; total?: number | undefined }): number | undefined {
  if (!total) return undefined;
  return clampFraction(progress / total);
}

/** A share kept within 0..1 (a server may overshoot; NaN shows as nothing done). */
export function clampFraction(fraction: number): number {
  return Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
}

// 0.29 * 100 is 28.999999999999996 in floating point: a hair's tolerance keeps it at 29.
const EPSILON = 1e-9;

/** Whole percent, rounded down: 100% only when the operation is done. */
export function percentDone(fraction: number): number {
  return Math.floor(clampFraction(fraction) * 100 + EPSILON);
}

/** How many of a bar's `width` cells `fraction` fills, rounded down as the percent is: full only when done. */
export function filledCells(fraction: number, width: number): number {
  return Math.floor(clampFraction(fraction) * width + EPSILON);
}

/** Progress of an unknown total, in words: the count so far, e.g. `(12 so far)`. */
export function countSoFar(progress: number): string {
  return `(${progress} so far)`;
}
