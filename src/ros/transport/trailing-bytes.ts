import type { RnMessageClass } from './rosnodejs-api.js';

/** The static codec every rosnodejs message class has (public, used by its publishers and subscribers). */
interface Codec {
  getMessageSize(message: Record<string, unknown>): number;
  serialize(message: Record<string, unknown>, buffer: Buffer, offset: number): void;
  deserialize(buffer: Buffer): Record<string, unknown>;
}

const BYTE_TYPES = new Set(['uint8', 'char', 'byte']);
const LENGTH_BYTES = 4;
const sped = new WeakSet<object>();

/**
 * rosnodejs 3.1's on-the-fly message classes (built from the .msg files at run time, as here)
 * read and write a `uint8[]` one element at a time through its generic field helpers: a 320×240
 * rgb8 camera frame is 230 400 calls each way, a JPEG tens of thousands, on both ends. Under CPU
 * load the camera then falls behind by tens of seconds (images queue in the socket faster than
 * they are read), which is what made the pick-and-place over ROS flaky. Its pre-generated
 * classes read such an array as one Buffer slice; this gives the on-the-fly class of a message
 * whose last field is a variable-length byte array (sensor_msgs/Image, CompressedImage, ...)
 * the same: the fields before it go through the class's own code (with the array empty), the
 * bytes are one copy. The wire format is unchanged. Other classes are left alone.
 */
export function speedUpTrailingBytes(cls: RnMessageClass): void {
  const last = cls.fields[cls.fields.length - 1];
  if (!last || !last.isArray || last.arrayLen !== null || !BYTE_TYPES.has(last.baseType) || sped.has(cls)) return;
  sped.add(cls);
  const codec = cls as unknown as Codec;
  const { getMessageSize, serialize, deserialize } = { getMessageSize: codec.getMessageSize.bind(cls), serialize: codec.serialize.bind(cls), deserialize: codec.deserialize.bind(cls) };
  const name = last.name;
  const bytesOf = (message: Record<string, unknown>): Uint8Array => {
    const value = message[name];
    if (value instanceof Uint8Array) return value;
    return Uint8Array.from((value ?? []) as ArrayLike<number>);
  };
  const withoutBytes = (message: Record<string, unknown>) => ({ ...message, [name]: [] });

  codec.getMessageSize = (message) => getMessageSize(withoutBytes(message)) + bytesOf(message).length;
  codec.serialize = (message, buffer, offset) => {
    const bytes = bytesOf(message);
    const head = withoutBytes(message);
    serialize(head, buffer, offset);
    // The head ends with the array's length (written as 0): the real length, then the bytes.
    const end = offset + getMessageSize(head);
    buffer.writeUInt32LE(bytes.length, end - LENGTH_BYTES);
    buffer.set(bytes, end);
  };
  codec.deserialize = (buffer) => {
    const head = headLength(buffer, deserialize, getMessageSize, withoutBytes);
    const message = deserialize(zeroedTail(buffer, head));
    message[name] = buffer.subarray(head, head + buffer.readUInt32LE(head - LENGTH_BYTES));
    return message;
  };
}

/** A copy of the head (up to and including the array's length) with that length set to 0. */
function zeroedTail(buffer: Buffer, head: number): Buffer {
  const copy = Buffer.from(buffer.subarray(0, head));
  copy.writeUInt32LE(0, head - LENGTH_BYTES);
  return copy;
}

/**
 * Where the bytes start. The head holds strings and arrays of its own (an Image's encoding, its
 * header's frame_id), so its length varies: the split is an offset `h` whose preceding 4 bytes
 * say `buffer.length - h`, confirmed by reading the head up to there and finding it exactly `h`
 * bytes long. Scanned from the start: the head is a few dozen bytes.
 */
function headLength(buffer: Buffer, deserialize: Codec['deserialize'], getMessageSize: Codec['getMessageSize'], withoutBytes: (m: Record<string, unknown>) => Record<string, unknown>): number {
  for (let h = LENGTH_BYTES; h <= buffer.length; h++) {
    if (buffer.readUInt32LE(h - LENGTH_BYTES) !== buffer.length - h) continue;
    // A candidate split: it is the one when the head read from it is exactly h bytes long.
    try {
      if (getMessageSize(withoutBytes(deserialize(zeroedTail(buffer, h)))) === h) return h;
    } catch {
      // Not a head: reading it ran past its end.
    }
  }
  throw new RangeError('a message whose last field is a byte array is shorter than its own lengths say');
}
