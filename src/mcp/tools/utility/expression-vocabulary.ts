/**
 * What the expression language knows by name — its functions and constants — and the error every
 * stage reports with, pointing at a 1-based position.
 */

/** A rejected or failed expression. `position` is 1-based (the first character is 1). */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

export const FUNCTIONS = new Map<string, { minArgs: number; maxArgs: number; apply: (args: number[]) => number }>([
  ['sqrt', { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.sqrt(x!) }],
  ['sin', { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.sin(x!) }],
  ['cos', { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.cos(x!) }],
  ['tan', { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.tan(x!) }],
  ['log', { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.log(x!) }],
  ['log10', { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.log10(x!) }],
  ['abs', { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.abs(x!) }],
  ['round', { minArgs: 1, maxArgs: 2, apply: ([x, digits]) => roundTo(x!, digits ?? 0) }],
  ['min', { minArgs: 1, maxArgs: Infinity, apply: (args) => Math.min(...args) }],
  ['max', { minArgs: 1, maxArgs: Infinity, apply: (args) => Math.max(...args) }],
]);

export const CONSTANTS = new Map<string, number>([
  ['pi', Math.PI],
  ['e', Math.E],
]);

export const ALLOWED_SYNTAX =
  'allowed: numbers (2, 0.5, 1e3), operators + - * / % ^ ** with parentheses, ' +
  'functions sqrt sin cos tan log (natural) log10 abs round min max, constants pi e';

function roundTo(x: number, digits: number): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 15) {
    throw new RangeError('digits must be a whole number from 0 to 15');
  }
  // Half away from zero, like most calculators (Math.round rounds -2.5 to -2).
  const factor = 10 ** digits;
  return (Math.sign(x) * Math.round(Math.abs(x) * factor)) / factor;
}
