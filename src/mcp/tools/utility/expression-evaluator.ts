/** Evaluates a parsed expression; any non-finite intermediate value is an error. */
import { parseExpression, type Expr } from './expression-parser.js';
import { ExpressionError, FUNCTIONS } from './expression-vocabulary.js';

function finite(value: number, what: string, pos: number): number {
  if (!Number.isFinite(value)) {
    throw new ExpressionError(`${what} at position ${pos} is not a finite number (${value})`, pos);
  }
  return value;
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
