/**
 * A small arithmetic expression language: a tokenizer, a Pratt parser building an AST, and an
 * evaluator. No eval, no Function, no property access: names are looked up in fixed tables.
 *
 * Grammar and conventions
 *   numbers     2  0.5  .5  1e3  2.5E-4
 *   operators   + - * / % ^ **  (^ and ** are the same: power)
 *   precedence  unary + -  <  + -  <  * / %  <  unary + - (operand)  <  ^ / **
 *               i.e. power binds tighter than unary minus, as in mathematics and Python:
 *               -2^2 = -(2^2) = -4, 2^-1 = 0.5; power is right-associative: 2^3^2 = 2^9 = 512;
 *               + - * / % are left-associative: 8/4/2 = 1.
 *   %           remainder with the sign of the dividend (-7 % 3 = -1)
 *   functions   sqrt sin cos tan (radians) log (natural) log10 abs round(x) round(x, digits)
 *               min(a, b, ...) max(a, b, ...)
 *   constants   pi e
 * Names are case-insensitive. No implicit multiplication (write 2*pi, not 2pi).
 * Limits: at most 500 characters, nesting at most 100 levels deep. Division or remainder by
 * zero and any non-finite intermediate value (overflow, sqrt(-1), log(0)) are errors.
 */

export const MAX_EXPRESSION_LENGTH = 500;
export const MAX_NESTING_DEPTH = 100;

const FUNCTIONS = new Map<string, { minArgs: number; maxArgs: number; apply: (args: number[]) => number }>([
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

const CONSTANTS = new Map<string, number>([
  ['pi', Math.PI],
  ['e', Math.E],
]);

export const ALLOWED_SYNTAX =
  'allowed: numbers (2, 0.5, 1e3), operators + - * / % ^ ** with parentheses, ' +
  'functions sqrt sin cos tan log (natural) log10 abs round min max, constants pi e';

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

// ---------------------------------------------------------------------------------------------
// Tokens

type Token =
  | { kind: 'number'; value: number; pos: number; text: string }
  | { kind: 'name'; name: string; pos: number; text: string }
  | { kind: 'op'; op: '+' | '-' | '*' | '/' | '%' | '^' | '(' | ')' | ','; pos: number; text: string }
  | { kind: 'end'; pos: number; text: string };

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}
function isNameStart(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const pos = i + 1;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (isDigit(c) || (c === '.' && isDigit(src[i + 1]))) {
      let j = i;
      while (isDigit(src[j])) j++;
      if (src[j] === '.') {
        j++;
        while (isDigit(src[j])) j++;
      }
      if (src[j] === 'e' || src[j] === 'E') {
        let k = j + 1;
        if (src[k] === '+' || src[k] === '-') k++;
        if (!isDigit(src[k])) {
          throw new ExpressionError(
            `malformed number "${src.slice(i, k)}" at position ${pos}: an exponent needs digits, as in 1e3 or 2.5e-4`,
            pos,
          );
        }
        while (isDigit(src[k])) k++;
        j = k;
      }
      const text = src.slice(i, j);
      tokens.push({ kind: 'number', value: Number(text), pos, text });
      i = j;
    } else if (isNameStart(c)) {
      let j = i;
      while (isNameStart(src[j]) || isDigit(src[j])) j++;
      const text = src.slice(i, j);
      const name = text.toLowerCase();
      if (!FUNCTIONS.has(name) && !CONSTANTS.has(name)) {
        throw new ExpressionError(`unknown name "${text}" at position ${pos}; ${ALLOWED_SYNTAX}`, pos);
      }
      tokens.push({ kind: 'name', name, pos, text });
      i = j;
    } else if (c === '*' && src[i + 1] === '*') {
      tokens.push({ kind: 'op', op: '^', pos, text: '**' });
      i += 2;
    } else if ('+-*/%^(),'.includes(c)) {
      tokens.push({ kind: 'op', op: c as '+', pos, text: c });
      i++;
    } else {
      throw new ExpressionError(`unexpected character ${JSON.stringify(c)} at position ${pos}; ${ALLOWED_SYNTAX}`, pos);
    }
  }
  tokens.push({ kind: 'end', pos: src.length + 1, text: 'end of input' });
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// AST and parser

export type Expr =
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'unary'; op: '+' | '-'; operand: Expr; pos: number }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/' | '%' | '^'; left: Expr; right: Expr; pos: number }
  | { kind: 'call'; name: string; args: Expr[]; pos: number };

const INFIX_POWER: Record<string, number> = { '+': 10, '-': 10, '*': 20, '/': 20, '%': 20, '^': 40 };
const UNARY_POWER = 30;

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parseAll(): Expr {
    const expr = this.parseExpr(0);
    const next = this.peek();
    if (next.kind !== 'end') throw this.unexpected(next, 'an operator or end of input');
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private take(): Token {
    return this.tokens[this.index++]!;
  }

  private parseExpr(minPower: number): Expr {
    if (++this.depth > MAX_NESTING_DEPTH) {
      const pos = this.peek().pos;
      throw new ExpressionError(`expression nested deeper than ${MAX_NESTING_DEPTH} levels at position ${pos}`, pos);
    }
    let left = this.parsePrefix();
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'op') break;
      const power = INFIX_POWER[token.op];
      if (power === undefined || power <= minPower) break;
      this.take();
      // Power is right-associative: its right side may contain another power.
      const right = this.parseExpr(token.op === '^' ? power - 1 : power);
      left = { kind: 'binary', op: token.op as '+', left, right, pos: token.pos };
    }
    this.depth--;
    return left;
  }

  private parsePrefix(): Expr {
    const token = this.take();
    if (token.kind === 'number') return { kind: 'number', value: token.value, pos: token.pos };
    if (token.kind === 'op' && (token.op === '-' || token.op === '+')) {
      return { kind: 'unary', op: token.op, operand: this.parseExpr(UNARY_POWER), pos: token.pos };
    }
    if (token.kind === 'op' && token.op === '(') {
      const inner = this.parseExpr(0);
      this.expectClose(token, '")"');
      return inner;
    }
    if (token.kind === 'name') return this.parseName(token);
    throw this.unexpected(token, 'a number, a name, "(" or a unary minus');
  }

  private parseName(token: Extract<Token, { kind: 'name' }>): Expr {
    const constant = CONSTANTS.get(token.name);
    if (constant !== undefined) {
      const next = this.peek();
      if (next.kind === 'op' && next.op === '(') {
        throw new ExpressionError(`"${token.text}" at position ${token.pos} is a constant, not a function`, token.pos);
      }
      return { kind: 'number', value: constant, pos: token.pos };
    }
    const fn = FUNCTIONS.get(token.name)!;
    const open = this.take();
    if (open.kind !== 'op' || open.op !== '(') {
      throw new ExpressionError(
        `function "${token.text}" at position ${token.pos} must be called with parentheses, as in ${token.name}(2)`,
        token.pos,
      );
    }
    const args: Expr[] = [];
    const first = this.peek();
    if (!(first.kind === 'op' && first.op === ')')) {
      for (;;) {
        args.push(this.parseExpr(0));
        const sep = this.peek();
        if (sep.kind === 'op' && sep.op === ',') {
          this.take();
          continue;
        }
        break;
      }
    }
    this.expectClose(open, '")" or ","');
    if (args.length < fn.minArgs || args.length > fn.maxArgs) {
      const wanted =
        fn.maxArgs === Infinity
          ? `at least ${fn.minArgs} argument${fn.minArgs === 1 ? '' : 's'}`
          : fn.minArgs === fn.maxArgs
            ? `${fn.minArgs} argument${fn.minArgs === 1 ? '' : 's'}`
            : `${fn.minArgs} to ${fn.maxArgs} arguments`;
      throw new ExpressionError(
        `function "${token.text}" at position ${token.pos} takes ${wanted}, got ${args.length}`,
        token.pos,
      );
    }
    return { kind: 'call', name: token.name, args, pos: token.pos };
  }

  private expectClose(open: Token, expected: string): void {
    const token = this.take();
    if (token.kind === 'op' && token.op === ')') return;
    if (token.kind === 'end') {
      throw new ExpressionError(`missing ")" for the "(" at position ${open.pos}`, token.pos);
    }
    throw this.unexpected(token, expected);
  }

  private unexpected(token: Token, expected: string): ExpressionError {
    const found = token.kind === 'end' ? 'end of input' : `"${token.text}"`;
    return new ExpressionError(`unexpected ${found} at position ${token.pos}: expected ${expected}`, token.pos);
  }
}

/** Parses an expression into an AST, or throws ExpressionError. */
export function parseExpression(source: string): Expr {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(
      `expression is ${source.length} characters long; at most ${MAX_EXPRESSION_LENGTH} are allowed`,
      MAX_EXPRESSION_LENGTH + 1,
    );
  }
  const tokens = tokenize(source);
  if (tokens.length === 1) throw new ExpressionError(`empty expression; ${ALLOWED_SYNTAX}`, 1);
  return new Parser(tokens).parseAll();
}

// ---------------------------------------------------------------------------------------------
// Evaluation

function finite(value: number, what: string, pos: number): number {
  if (!Number.isFinite(value)) {
    throw new ExpressionError(`${what} at position ${pos} is not a finite number (${value})`, pos);
  }
  return value;
}

function roundTo(x: number, digits: number): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 15) {
    throw new RangeError('digits must be a whole number from 0 to 15');
  }
  // Half away from zero, like most calculators (Math.round rounds -2.5 to -2).
  const factor = 10 ** digits;
  return (Math.sign(x) * Math.round(Math.abs(x) * factor)) / factor;
}

export function evaluate(expr: Expr): number {
  switch (expr.kind) {
    case 'number':
      return finite(expr.value, 'number', expr.pos);
    case 'unary': {
      const v = evaluate(expr.operand);
      return expr.op === '-' ? -v : v;
    }
    case 'binary': {
      const a = evaluate(expr.left);
      const b = evaluate(expr.right);
      switch (expr.op) {
        case '+':
          return finite(a + b, 'sum', expr.pos);
        case '-':
          return finite(a - b, 'difference', expr.pos);
        case '*':
          return finite(a * b, 'product', expr.pos);
        case '/':
          if (b === 0) throw new ExpressionError(`division by zero at position ${expr.pos}`, expr.pos);
          return finite(a / b, 'quotient', expr.pos);
        case '%':
          if (b === 0) throw new ExpressionError(`remainder by zero at position ${expr.pos}`, expr.pos);
          return finite(a % b, 'remainder', expr.pos);
        case '^':
          return finite(a ** b, 'power', expr.pos);
      }
      break;
    }
    case 'call': {
      const fn = FUNCTIONS.get(expr.name)!;
      const args = expr.args.map(evaluate);
      let value: number;
      try {
        value = fn.apply(args);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ExpressionError(`${expr.name}() at position ${expr.pos}: ${reason}`, expr.pos);
      }
      return finite(value, `${expr.name}()`, expr.pos);
    }
  }
  throw new Error('unreachable');
}

/** Parses and evaluates; throws ExpressionError for anything rejected or not finite. */
export function evaluateExpression(source: string): number {
  const value = evaluate(parseExpression(source));
  return value === 0 ? 0 : value; // no -0 in results
}
