import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { failureResult } from '../mcp/tool-result.js';

/**
 * Checks a call's arguments against the input schema its server listed, with the validator the
 * SDK client itself uses, before the call is sent. An SDK server answers arguments that fail its
 * schema on its own, as text without a failure code; checked here, the model gets
 * `invalid_argument` from every server alike.
 */
export class ArgumentCheck {
  /** The invalid_argument failure naming what is wrong, or undefined when the arguments fit. */
  refusal(tool: Tool, args: Record<string, unknown>): CallToolResult | undefined {
    if (fitsAtFirstSight(tool, args)) return undefined;
    const checked = validatorFor(tool)?.(args);
    if (!checked || checked.valid) return undefined;
    return failureResult('invalid_argument', `invalid arguments for ${tool.name}: ${readable(checked.errorMessage, tool, args)}`);
  }
}

/**
 * Arguments that fit, as nearly all do, are told by the SDK's cfworker validator, which reads a
 * schema as it checks: Ajv compiles each schema to code first (28 ms of `run`'s pick-up mission,
 * for its 7 tools). Ajv, whose messages the refusal is worded from, judges the rest. Both read
 * the schema as draft-07.
 */
const readers = new WeakMap<object, JsonSchemaValidator<unknown> | null>();
let reader: CfWorkerJsonSchemaValidator | undefined;

function fitsAtFirstSight(tool: Tool, args: Record<string, unknown>): boolean {
  let read = readers.get(tool.inputSchema);
  if (read === undefined) {
    try {
      read = (reader ??= new CfWorkerJsonSchemaValidator({ draft: '7' })).getValidator(tool.inputSchema as JsonSchemaType);
    } catch {
      read = null;
    }
    readers.set(tool.inputSchema, read);
  }
  try {
    return read?.(args).valid === true;
  } catch {
    return false;
  }
}

/**
 * Compiled validators by schema text, shared by every mission of the process: compiling a
 * schema costs milliseconds and a session or a replay run opens a new tool list per mission,
 * while the schemas themselves hardly ever change. Null when a listed schema does not compile
 * (the server then judges).
 */
const compiled = new Map<string, JsonSchemaValidator<unknown> | null>();
/** The same, by the listed schema object, so a call does not serialize its schema again. */
const bySchema = new WeakMap<object, JsonSchemaValidator<unknown> | null>();
let validator: AjvJsonSchemaValidator | undefined;

function validatorFor(tool: Tool): JsonSchemaValidator<unknown> | null {
  const known = bySchema.get(tool.inputSchema);
  if (known !== undefined) return known;
  const key = JSON.stringify(tool.inputSchema);
  let validate = compiled.get(key);
  if (validate === undefined) {
    try {
      validate = (validator ??= new AjvJsonSchemaValidator()).getValidator(tool.inputSchema as JsonSchemaType);
    } catch {
      validate = null;
    }
    compiled.set(key, validate);
  }
  bySchema.set(tool.inputSchema, validate);
  return validate;
}

/** Ajv's text names fields as "data/x"; say "x". Its messages for an unknown key and a value
 *  outside an enum do not say which keys or values are allowed: add them from the schema. */
function readable(errorMessage: string, tool: Tool, args: Record<string, unknown>): string {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { enum?: unknown[] }>;
  let text = errorMessage.replace(/\bdata\/([\w/]+)/g, (_m, path: string) => path.replaceAll('/', '.')).replace(/\bdata\b/g, 'the arguments');
  text = text.replace(/\b(\w+) must be equal to one of the allowed values/g, (m, name: string) => {
    const allowed = properties[name]?.enum;
    return allowed ? `${m} (${allowed.map((v) => JSON.stringify(v)).join(', ')})` : m;
  });
  if (!/additional properties/.test(text)) return text;
  const known = Object.keys(properties);
  const unexpected = Object.keys(args).filter((k) => !known.includes(k));
  return `${text} (unexpected: ${unexpected.join(', ')}; allowed: ${known.join(', ') || 'none'})`;
}
