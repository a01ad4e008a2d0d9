import { z } from 'zod';

/**
 * Schema pieces that publish as portable JSON Schema. zod 4 writes a union of bare types as a
 * type array (`"type": ["string", "null"]`) and an open record as `additionalProperties: {}`;
 * clients that build forms or pass schemas to single-type dialects reject or mis-render both (the
 * MCP Inspector warns about them). A branch that carries a description is not folded into a type
 * array, so every branch below says what it is, and open maps name the values they may hold.
 */

/** `schema` or null, published as `anyOf` (not a type array). */
export function nullable<T extends z.ZodType>(schema: T, what: string) {
  return z.union([schema.describe(what), z.null().describe('none')]);
}

/** A number, text or a flag: a parameter value, an operation result entry. */
export const scalarValue = z.union([
  z.number().describe('a number'),
  z.string().describe('text'),
  z.boolean().describe('a flag'),
]);

/** A scalar, null, or a list of names: every value a failure's details or an operation's result
 *  carries (the known zones, the id an object was renamed to, how far it was out of reach). */
export const detailValue = z.union([scalarValue, z.null().describe('none'), z.array(z.string()).describe('names')]);
