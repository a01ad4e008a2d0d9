import fc from 'fast-check';

/**
 * fast-check arbitraries built from a tool's published JSON Schema (what tools/list returns), so
 * every tool is fuzzed with the arguments its schema allows and with ones it does not.
 */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** Values the schema accepts (bounded in size: a fuzz run, not a load test). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  switch (schema.type) {
    case 'integer':
      return fc.integer({ min: Math.ceil(schema.minimum ?? -1000), max: Math.floor(schema.maximum ?? 1000) });
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1e-6 : -1000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1e-6 : 1000);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string':
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return validObject(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, validValue(s)]));
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values of the wrong kind for a schema: another type, out of range, too long. */
function wrongValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const wrongType = fc.oneof(fc.constant(null), fc.boolean(), fc.double(), fc.string({ maxLength: 8 }), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
  const outOfRange: fc.Arbitrary<unknown>[] = [];
  if (schema.maximum !== undefined) outOfRange.push(fc.double({ min: schema.maximum + 1, max: schema.maximum * 10 + 1e6, noNaN: true }));
  if (schema.minimum !== undefined) outOfRange.push(fc.double({ max: schema.minimum - 1, min: schema.minimum * 10 - 1e6, noNaN: true }));
  if (schema.maxLength !== undefined) outOfRange.push(fc.integer({ min: schema.maxLength + 1, max: schema.maxLength * 50 }).map((n) => 'x'.repeat(n)));
  if (schema.enum) outOfRange.push(fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !schema.enum!.includes(s)));
  return outOfRange.length ? fc.oneof(wrongType, ...outOfRange) : wrongType;
}

/** Argument objects (or non-objects) the schema refuses, most of them near a valid one. */
export function invalidArguments(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const near: fc.Arbitrary<unknown>[] = [
    // An argument name the tool does not take.
    fc.tuple(validObject(schema), fc.string({ minLength: 1, maxLength: 300 }).filter((k) => !(k in (schema.properties ?? {})) && k !== '__proto__'), fc.jsonValue({ maxDepth: 1 }))
      .map(([args, key, value]) => ({ ...args, [key]: value })),
  ];
  if (properties.length) {
    near.push(
      fc.tuple(validObject(schema), fc.constantFrom(...properties)).chain(([args, [key, s]]) => wrongValue(s).map((v) => ({ ...args, [key]: v }))),
    );
  }
  for (const key of schema.required ?? []) near.push(validObject(schema).map(({ [key]: _dropped, ...rest }) => rest));
  return fc.oneof(...near, fc.jsonValue({ maxDepth: 2 }));
}
