/**
 * A small arithmetic expression language: a tokenizer (expression-tokenizer.ts), a Pratt parser
 * building an AST (here), and an evaluator (expression-evaluator.ts). No eval, no Function, no
 * property access: names are looked up in fixed tables (expression-vocabulary.ts).
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
import { tokenize, type Token } from './expression-tokenizer.js';
import { ALLOWED_SYNTAX, CONSTANTS, ExpressionError, FUNCTIONS } from './expression-vocabulary.js';

export const MAX_EXPRESSION_LENGTH = 500;
export const MAX_NESTING_DEPTH = 100;

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
