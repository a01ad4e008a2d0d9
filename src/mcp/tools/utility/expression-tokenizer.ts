/** The expression language's tokens: numbers, known names, operators and parentheses. */
import { ALLOWED_SYNTAX, CONSTANTS, ExpressionError, FUNCTIONS } from './expression-vocabulary.js';

export type Token =
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

export function tokenize(src: string): Token[] {
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
