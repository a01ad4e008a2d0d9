import { InvalidArgumentError } from 'commander';

/** Option parsers: a bad value becomes commander's usage error (exit 2) with a clear line. */

export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`"${value}" is not a whole number.`);
  return Number.parseInt(value, 10);
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
