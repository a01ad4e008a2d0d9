/**
 * JSON ⇄ ROS messages, field by field from the definitions. JSON in has been checked against
 * message-schema.ts's input schema (ranges, lengths, base64); here missing fields get ROS's zero
 * values, uint8[] is decoded from base64, and 64-bit integers stay exact (decimal text past 2^53).
 * ROS out becomes JSON: NaN and infinities as null, 64-bit integers as numbers when exact
 * (else decimal text), uint8[] as base64.
 */
import type { RosField, RosMessage, RosMessageDefinition } from '../transport/ros-transport.js';
import { isByteArray, type Resolve } from './message-schema.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function zeroOf(field: RosField, resolve: Resolve): unknown {
  if (!field.primitive) return toRos(resolve(field.type), {}, resolve);
  switch (field.type) {
    case 'bool':
      return false;
    case 'string':
      return '';
    case 'time':
    case 'duration':
      return { secs: 0, nsecs: 0 };
    default:
      return 0;
  }
}

function elementToRos(field: RosField, value: unknown, resolve: Resolve): unknown {
  if (value === undefined) return zeroOf(field, resolve);
  if (!field.primitive) return toRos(resolve(field.type), value as Record<string, unknown>, resolve);
  if (field.type === 'time' || field.type === 'duration') {
    const t = value as { secs?: number; nsecs?: number };
    return { secs: t.secs ?? 0, nsecs: t.nsecs ?? 0 };
  }
  return value; // numbers, bools, strings; 64-bit decimal text is parsed exactly by rosnodejs (BN)
}

/** A complete ROS message from checked JSON. */
export function toRos(def: RosMessageDefinition, json: Record<string, unknown>, resolve: Resolve): RosMessage {
  const message: RosMessage = {};
  for (const field of def.fields) {
    const value = json[field.name];
    if (isByteArray(field)) {
      const bytes = typeof value === 'string' ? [...Buffer.from(value, 'base64')] : [];
      message[field.name] = field.array === 'fixed' && value === undefined ? new Array<number>(field.length!).fill(0) : bytes;
    } else if (field.array === 'none') {
      message[field.name] = elementToRos(field, value, resolve);
    } else if (Array.isArray(value)) {
      message[field.name] = value.map((v) => elementToRos(field, v, resolve));
    } else {
      message[field.name] = field.array === 'fixed' ? Array.from({ length: field.length! }, () => zeroOf(field, resolve)) : [];
    }
  }
  return message;
}

function int64ToJson(value: unknown): number | string {
  if (typeof value === 'number') return value;
  const text = String(value); // rosnodejs hands 64-bit integers over as BN, whose toString is decimal
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

function elementToJson(field: RosField, value: unknown, resolve: Resolve): Json {
  if (!field.primitive) return fromRos(resolve(field.type), (value ?? {}) as RosMessage, resolve);
  switch (field.type) {
    case 'float32':
    case 'float64':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'int64':
    case 'uint64':
      return int64ToJson(value);
    case 'time':
    case 'duration': {
      const t = (value ?? {}) as { secs?: number; nsecs?: number };
      return { secs: t.secs ?? 0, nsecs: t.nsecs ?? 0 };
    }
    default:
      return value as Json;
  }
}

/** JSON for a received ROS message (fields not in `omit`). */
export function fromRos(def: RosMessageDefinition, message: RosMessage, resolve: Resolve, omit: readonly string[] = []): { [key: string]: Json } {
  const json: { [key: string]: Json } = {};
  for (const field of def.fields) {
    if (omit.includes(field.name)) continue;
    const value = message[field.name];
    if (isByteArray(field)) json[field.name] = Buffer.from((value ?? []) as number[] | Uint8Array).toString('base64');
    else if (field.array === 'none') json[field.name] = elementToJson(field, value, resolve);
    else json[field.name] = ((value ?? []) as unknown[]).map((v) => elementToJson(field, v, resolve));
  }
  return json;
}

/** Leaf values by dotted path (`base_position.pose.position.x`), for operation results and
 *  feedback, whose schema allows scalars only. */
export function flatten(json: Json, prefix = '', out: Record<string, string | number | boolean | null> = {}): Record<string, string | number | boolean | null> {
  if (json !== null && typeof json === 'object') {
    for (const [key, value] of Object.entries(json)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out[prefix] = json;
  }
  return out;
}
