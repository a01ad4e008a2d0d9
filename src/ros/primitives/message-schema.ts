/**
 * JSON Schemas (as zod, which the MCP SDK publishes) derived from ROS message definitions: what a
 * tool accepts for a message, request or goal (`input`: every field optional, defaulting to
 * ROS's zero value as `rostopic pub` does, unknown fields refused), and what it returns
 * (`output`: every field present). The JSON shapes are conversion.ts's.
 */
import { z } from 'zod';
import { nullable } from '../../mcp/portable-schemas.js';
import type { RosField, RosMessageDefinition } from '../transport/ros-transport.js';

export type Resolve = (type: string) => RosMessageDefinition;

/**
 * Bounds on what a caller may send (#17 item 8, as the robot's tools bound names and prompts): a
 * string field at most 64 Ki characters (a frame id, a label or a short document, never a
 * payload), a variable-length array at most 10 000 elements (a path or a pose list; a point
 * cloud is not a tool argument), a variable byte array at most 4 MiB once decoded (a camera
 * image). Outputs are what ROS sent and are not bounded.
 */
export const MAX_ROS_STRING_LENGTH = 65_536;
export const MAX_ROS_ARRAY_LENGTH = 10_000;
export const MAX_ROS_BYTES = 4 * 1024 * 1024;
export type SchemaMode = 'input' | 'output';

const INT_RANGES: Record<string, [number, number]> = {
  int8: [-128, 127],
  byte: [-128, 127],
  uint8: [0, 255],
  char: [0, 255],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
};
export const INT64_RANGES: Record<string, [bigint, bigint]> = {
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
};

/** uint8[] and char[] travel as base64 text, as rosbridge sends them. */
export function isByteArray(field: RosField): boolean {
  return field.array !== 'none' && (field.type === 'uint8' || field.type === 'char');
}

function primitiveSchema(type: string, mode: SchemaMode): z.ZodType {
  const range = INT_RANGES[type];
  if (range) return z.number().int().min(range[0]).max(range[1]).describe(type);
  const range64 = INT64_RANGES[type];
  if (range64) {
    const [lo, hi] = range64;
    return z
      .union([z.number().int().describe(`${type} as a number`), z.string().regex(/^-?\d+$/).describe(`${type} as decimal text (beyond 2^53)`)])
      .refine((v) => BigInt(v) >= lo && BigInt(v) <= hi, `out of range for ${type} (${lo}..${hi})`);
  }
  switch (type) {
    case 'float32':
    case 'float64':
      // ROS floats may be NaN or infinite; JSON has no such numbers, so they read as null.
      return mode === 'input' ? z.number().describe(type) : nullable(z.number(), type);
    case 'bool':
      return z.boolean().describe('bool');
    case 'string':
      return (mode === 'input' ? z.string().max(MAX_ROS_STRING_LENGTH) : z.string()).describe('string');
    case 'time':
    case 'duration': {
      const secs = type === 'time' ? INT_RANGES.uint32! : INT_RANGES.int32!;
      const shape = { secs: z.number().int().min(secs[0]).max(secs[1]), nsecs: z.number().int().min(0).max(999_999_999) };
      return (mode === 'input' ? z.strictObject(shape).partial() : z.object(shape)).describe(`ROS ${type}: seconds and nanoseconds`);
    }
    default:
      throw new Error(`unsupported ROS field type "${type}"`);
  }
}

function fieldSchema(field: RosField, resolve: Resolve, mode: SchemaMode, cache: Map<string, z.ZodObject>): z.ZodType {
  if (isByteArray(field)) {
    const what = `${field.type}[${field.length ?? ''}] as base64`;
    // base64 takes 4 characters for every 3 bytes.
    const text = (mode === 'input' ? z.base64().max(Math.ceil(MAX_ROS_BYTES / 3) * 4) : z.base64()).describe(what);
    return field.array === 'fixed' ? text.refine((s) => Buffer.from(s, 'base64').length === field.length, `must decode to exactly ${field.length} bytes`) : text;
  }
  const element = field.primitive ? primitiveSchema(field.type, mode) : messageSchema(field.type, resolve, mode, cache);
  if (field.array === 'none') return element;
  const list = z.array(element);
  const bounded = mode === 'input' ? list.max(MAX_ROS_ARRAY_LENGTH) : list;
  return (field.array === 'fixed' ? list.length(field.length!) : bounded).describe(`${field.type}[${field.length ?? ''}]`);
}

/** The schema of one message type, built once per type and mode. */
export function messageSchema(type: string, resolve: Resolve, mode: SchemaMode, cache = new Map<string, z.ZodObject>()): z.ZodObject {
  const key = `${mode} ${type}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const schema = shapeSchema(resolve(type), resolve, mode, cache).describe(type);
  cache.set(key, schema);
  return schema;
}

/** The shape of a definition's fields, without `omit` (an image's pixels, sent as image content). */
export function messageShape(def: RosMessageDefinition, resolve: Resolve, mode: SchemaMode, cache: Map<string, z.ZodObject>, omit: readonly string[] = []): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) {
    if (omit.includes(field.name)) continue;
    const schema = fieldSchema(field, resolve, mode, cache);
    shape[field.name] = mode === 'input' ? schema.optional() : schema;
  }
  return shape;
}

function shapeSchema(def: RosMessageDefinition, resolve: Resolve, mode: SchemaMode, cache: Map<string, z.ZodObject>): z.ZodObject {
  const shape = messageShape(def, resolve, mode, cache);
  return mode === 'input' ? z.strictObject(shape) : z.object(shape);
}
