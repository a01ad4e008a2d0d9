import { InvalidArgumentError } from 'commander';

/** Option parsers: a bad value becomes commander's usage error (exit 2) with a clear line. */

export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`"${value}" is not a whole number.`);
  const n = Number.parseInt(value, 10);
  // Past 2^53 a number no longer holds every whole number: 99999999999999999999 would quietly become another seed.
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(`"${value}" is too large; use a whole number between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}.`);
  return n;
}

export function parsePositiveInteger(value: string): number {
  const n = parseInteger(value);
  if (n < 1) throw new InvalidArgumentError(`"${value}" must be 1 or more.`);
  return n;
}

/** "X,Y" or "X,Y,THETA" → numbers (THETA in radians). */
export function parseNumberList(count: number[], what: string) {
  return (value: string): number[] => {
    const parts = value.split(',').map((p) => p.trim());
    const nums = parts.map(Number);
    if (!count.includes(parts.length) || parts.some((p) => p === '') || nums.some((n) => !Number.isFinite(n))) {
      throw new InvalidArgumentError(`"${value}" is not ${what}.`);
    }
    return nums;
  };
}
