import { z } from 'zod';
import { defineTool, toolFailure } from '../../tool-declaration.js';
import type { UtilityContext } from './context.js';
import { evaluateExpression } from './expression-evaluator.js';
import { MAX_EXPRESSION_LENGTH } from './expression-parser.js';
import { ExpressionError } from './expression-vocabulary.js';

export const calculatorTool = defineTool<UtilityContext>()({
  name: 'calculator',
  title: 'Calculator',
  description:
    'Evaluate an arithmetic expression. Supports numbers (2, 0.5, 1e3), + - * / % (remainder), ' +
    '^ or ** (power, right-associative; binds tighter than unary minus, so -2^2 = -4), parentheses, ' +
    'sqrt, sin, cos, tan (radians), log (natural), log10, abs, round(x) or round(x, digits), ' +
    'min(a, b, ...), max(a, b, ...), and the constants pi and e. Nothing else is accepted.',
  input: {
    expression: z
      .string()
      .max(MAX_EXPRESSION_LENGTH)
      .describe('The expression, e.g. "2 * (3 + 4)", "sqrt(2)^2", "max(1, 5) % 3"'),
  },
  output: z.object({
    expression: z.string(),
    result: z.number().describe('The exact floating-point result'),
    display: z.string().describe('The result rounded to 12 significant digits'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  category: 'utility',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler(_ctx, { expression }) {
    let result: number;
    try {
      result = evaluateExpression(expression);
    } catch (error) {
      if (error instanceof ExpressionError) return toolFailure('invalid_argument', `cannot evaluate expression: ${error.message}`);
      throw error;
    }
    const display = String(Number(result.toPrecision(12)));
    return { output: { expression, result, display }, summary: `${expression.trim()} = ${display}` };
  },
});
