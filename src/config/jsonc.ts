import { createRequire } from 'node:module';

/**
 * The config file is JSON with comments (JSONC, as VS Code's settings and tsconfig.json): `//` and
 * `/* *\/` comments and trailing commas are allowed, so a starter file can explain itself. Plain
 * JSON goes through JSON.parse; Microsoft's jsonc-parser is loaded only for a file JSON.parse
 * refuses (one with comments, or a mistake to point at by line and column), which keeps it off
 * the start-up path of the usual run with a plain file or none.
 */
type JsoncParser = typeof import('jsonc-parser');

const require = createRequire(import.meta.url);
let parser: JsoncParser | undefined;

/** The parser, loaded on first use (a CommonJS package, so `require` loads it synchronously). */
export function jsoncParser(): JsoncParser {
  return (parser ??= require('jsonc-parser') as JsoncParser);
}

/** What a mistake is, in words (jsonc-parser names its error codes in CamelCase). */
const MISTAKES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'a property name in double quotes is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon is expected',
  CommaExpected: 'a comma is expected',
  CloseBraceExpected: 'a closing } is expected',
  CloseBracketExpected: 'a closing ] is expected',
  EndOfFileExpected: 'nothing may follow the top-level value',
  InvalidCommentToken: 'malformed comment',
  UnexpectedEndOfComment: 'a /* comment is not closed',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'malformed \\u escape',
  InvalidEscapeCharacter: 'unknown escape sequence',
  InvalidCharacter: 'a control character in a string',
};

/** Parses JSONC text; throws an Error "MISTAKE at line L, column C" for the first mistake. */
export function parseJsonc(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Comments, trailing commas, or a real mistake: the JSONC parser tells which, and where.
  }
  const jsonc = jsoncParser();
  const errors: import('jsonc-parser').ParseError[] = [];
  const value: unknown = jsonc.parse(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  const first = errors[0];
  if (first === undefined) return value;
  const before = text.slice(0, first.offset).split(/\r\n|\r|\n/);
  const mistake = MISTAKES[jsonc.printParseErrorCode(first.error)] ?? 'malformed JSON';
  throw new Error(`${mistake} at line ${before.length}, column ${before[before.length - 1].length + 1}`);
}
