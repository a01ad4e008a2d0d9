import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../src/mcp/tools/utility/expression-evaluator.js';
import { MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH } from '../../src/mcp/tools/utility/expression-parser.js';
import { ExpressionError } from '../../src/mcp/tools/utility/expression-vocabulary.js';

function rejection(source: string): ExpressionError {
  try {
    evaluateExpression(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ExpressionError);
    return error as ExpressionError;
  }
  throw new Error(`"${source}" was accepted`);
}

describe('expression parser: values', () => {
  it.each([
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 - 4 - 3', 3], // left-associative
    ['8 / 4 / 2', 1],
    ['2^3^2', 512], // right-associative power
    ['2**3**2', 512],
    ['(2^3)^2', 64],
    ['-2^2', -4], // power binds tighter than unary minus
    ['(-2)^2', 4],
    ['2^-1', 0.5],
    ['-2 * 3', -6],
    ['2 * -3', -6],
    ['--3', 3],
    ['+3', 3],
    ['7 % 3', 1],
    ['-7 % 3', -1], // sign of the dividend
    ['1e3', 1000],
    ['2.5E-1', 0.25],
    ['.5 + 0.25', 0.75],
    ['sqrt(16)', 4],
    ['sqrt(2)^2', 2.0000000000000004],
    ['sin(pi / 2)', 1],
    ['cos(0)', 1],
    ['tan(0)', 0],
    ['log(e)', 1], // natural log
    ['log10(1000)', 3],
    ['abs(-3.5)', 3.5],
    ['min(3, 1, 2)', 1],
    ['max(1, 5) % 3', 2],
    ['round(2.5)', 3],
    ['round(-2.5)', -3], // half away from zero
    ['round(3.14159, 2)', 3.14],
    ['PI', Math.PI], // names are case-insensitive
    ['Sqrt(9)', 3],
    ['2 * (3 + (4 - 1)) / 3', 4],
    [' \t1 +\n 1 ', 2],
    ['-0', 0],
  ])('%s = %s', (source, value) => {
    expect(evaluateExpression(source)).toBe(value);
  });

  it('accepts nesting up to the limit', () => {
    const depth = MAX_NESTING_DEPTH - 1;
    expect(evaluateExpression('('.repeat(depth) + '1' + ')'.repeat(depth))).toBe(1);
  });

  it('accepts a long flat sum (no recursion per term)', () => {
    expect(evaluateExpression(Array(200).fill('1').join('+'))).toBe(200);
  });
});

describe('expression parser: code injection and other input is rejected', () => {
  it.each([
    ['process.exit()', /unknown name "process" at position 1/],
    ["constructor.constructor('return this')()", /unknown name "constructor" at position 1/],
    ['1;2', /unexpected character ";" at position 2/],
    ['__proto__', /unknown name "__proto__" at position 1/],
    ['[].map', /unexpected character "\[" at position 1/],
    ['"abc"', /unexpected character "\\"" at position 1/],
    ["'abc'", /unexpected character "'" at position 1/],
    ['`${1}`', /unexpected character "`" at position 1/],
    ['this', /unknown name "this"/],
    ['globalThis', /unknown name "globalThis"/],
    ['require("fs")', /unknown name "require"/],
    ['x = 1', /unknown name "x"/],
    ['1 == 1', /unexpected character "=" at position 3/],
    ['() => 1', /unexpected character "=" at position 4/],
    ['pi.constructor', /unexpected character "\." at position 3/],
    ['0x10', /unknown name "x10" at position 2/],
    ['2pi', /unexpected "pi" at position 2: expected an operator/],
  ])('%s', (source, message) => {
    const error = rejection(source);
    expect(error.message).toMatch(message);
  });

  it('says what is allowed when it meets an unknown name or character', () => {
    expect(rejection('process.exit()').message).toMatch(/allowed: numbers .* functions sqrt sin cos tan log .* constants pi e/);
    expect(rejection('1;2').message).toContain('allowed:');
  });

  it('rejects input over the length limit', () => {
    const source = '1+'.repeat(MAX_EXPRESSION_LENGTH) + '1';
    expect(rejection(source).message).toMatch(/at most 500 are allowed/);
  });

  it('rejects nesting over the limit, for parentheses, unary minus and power chains', () => {
    const deep = MAX_NESTING_DEPTH + 1;
    expect(rejection('('.repeat(deep) + '1' + ')'.repeat(deep)).message).toMatch(/nested deeper than 100 levels/);
    expect(rejection('-'.repeat(deep) + '1').message).toMatch(/nested deeper than 100/);
    expect(rejection(Array(deep + 1).fill('2').join('^')).message).toMatch(/nested deeper than 100/);
  });
});

describe('expression parser: syntax errors name the position', () => {
  it.each([
    ['', /empty expression/],
    ['1 +', /unexpected end of input at position 4/],
    ['(1 + 2', /missing "\)" for the "\(" at position 1/],
    ['1 + 2)', /unexpected "\)" at position 6: expected an operator or end of input/],
    ['sqrt', /function "sqrt" at position 1 must be called with parentheses/],
    ['sqrt()', /takes 1 argument, got 0/],
    ['sqrt(1, 2)', /takes 1 argument, got 2/],
    ['round(1, 2, 3)', /takes 1 to 2 arguments, got 3/],
    ['min()', /takes at least 1 argument, got 0/],
    ['pi(2)', /"pi" at position 1 is a constant, not a function/],
    ['1e', /malformed number "1e" at position 1/],
    ['1.2.3', /unexpected "\.3" at position 4/],
    ['max(1 2)', /unexpected "2" at position 7: expected "\)" or ","/],
  ])('%s', (source, message) => {
    expect(rejection(source).message).toMatch(message);
  });

  it('carries a 1-based position', () => {
    expect(rejection('1 + foo').position).toBe(5);
  });
});

describe('expression parser: non-finite results are errors', () => {
  it.each([
    ['1 / 0', /division by zero at position 3/],
    ['5 % (2 - 2)', /remainder by zero at position 3/],
    ['sqrt(-1)', /sqrt\(\) at position 1 is not a finite number \(NaN\)/],
    ['log(0)', /log\(\) at position 1 is not a finite number/],
    ['10^400', /power at position 3 is not a finite number \(Infinity\)/],
    ['1e999', /number at position 1 is not a finite number/],
    ['round(1, 0.5)', /digits must be a whole number from 0 to 15/],
  ])('%s', (source, message) => {
    expect(rejection(source).message).toMatch(message);
  });
});
