import jpeg from 'jpeg-js';
import type { RgbImage } from './camera-frame.js';
import { decodePng } from './png.js';

/**
 * Camera images as cameras send them, to packed RGB: raw pixels in the channel layouts
 * sensor_msgs/image_encodings names, and compressed JPEG or PNG. One decoder for the ROS robot
 * backend's camera and the ROS primitives' image content. Each caller passes the error class it
 * throws, so its callers see their own kind of error.
 */

/** Bytes per pixel and where red, green and blue sit in one, per encoding name. */
const RAW_LAYOUTS: Record<string, { bytes: number; r: number; g: number; b: number }> = {
  rgb8: { bytes: 3, r: 0, g: 1, b: 2 },
  bgr8: { bytes: 3, r: 2, g: 1, b: 0 },
  rgba8: { bytes: 4, r: 0, g: 1, b: 2 },
  bgra8: { bytes: 4, r: 2, g: 1, b: 0 },
  mono8: { bytes: 1, r: 0, g: 0, b: 0 },
  '8UC1': { bytes: 1, r: 0, g: 0, b: 0 },
  '8UC3': { bytes: 3, r: 2, g: 1, b: 0 }, // OpenCV's default order is BGR
};

export const RAW_ENCODINGS = Object.keys(RAW_LAYOUTS);

type ErrorClass = new (message: string) => Error;

/** Message data as bytes: a Buffer, a number array, or base64 text (JSON forms of uint8[]). */
export function imageBytes(data: unknown, errorClass: ErrorClass): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (Array.isArray(data)) return Uint8Array.from(data as number[]);
  if (typeof data === 'string') return Buffer.from(data, 'base64');
  throw new errorClass('the image message has no data bytes');
}

export interface RawPixels {
  encoding: string;
  width: number;
  height: number;
  /** Bytes per row; 0 means tightly packed. */
  step: number;
  data: Uint8Array;
}

/** Raw pixels in any 8-bit colour or grey encoding above, as packed RGB. */
export function decodeRawPixels(raw: RawPixels, errorClass: ErrorClass): RgbImage {
  const layout = RAW_LAYOUTS[raw.encoding];
  if (!layout) throw new errorClass(`image encoding "${raw.encoding}" is not supported (use ${RAW_ENCODINGS.join(', ')})`);
  const { width, height, data } = raw;
  const step = raw.step || width * layout.bytes;
  if (!(Number.isInteger(width) && width > 0 && Number.isInteger(height) && height > 0) || step < width * layout.bytes || data.length < step * (height - 1) + width * layout.bytes) {
    throw new errorClass(`the image is malformed (${width}×${height} ${raw.encoding}, step ${step}, ${data.length} bytes)`);
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * step, q = y * width * 3; x < width; x++, p += layout.bytes, q += 3) {
      rgb[q] = data[p + layout.r]!;
      rgb[q + 1] = data[p + layout.g]!;
      rgb[q + 2] = data[p + layout.b]!;
    }
  }
  return { width, height, rgb };
}

/** The MIME type of a CompressedImage format string ("jpeg", "png", "rgb8; jpeg compressed bgr8"); '' is JPEG, as image_transport's default. */
export function compressedMimeType(format: string): 'image/png' | 'image/jpeg' | undefined {
  const f = format.toLowerCase();
  if (f.includes('png')) return 'image/png';
  if (f.includes('jpeg') || f.includes('jpg') || f === '') return 'image/jpeg';
  return undefined;
}

/** A compressed JPEG or PNG image, as packed RGB. */
export function decodeCompressed(format: string, data: Uint8Array, errorClass: ErrorClass): RgbImage {
  const mime = compressedMimeType(format);
  if (!mime) throw new errorClass(`compressed images in format "${format}" are not supported (use jpeg or png)`);
  try {
    if (mime === 'image/png') return decodePng(data);
    // A camera frame is a few megapixels at most: the limits refuse a hostile header's billions.
    const { width, height, data: rgb } = jpeg.decode(data, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: 100, maxMemoryUsageInMB: 512 });
    return { width, height, rgb };
  } catch (e) {
    throw new errorClass(`the compressed image is not a readable ${mime === 'image/png' ? 'PNG' : 'JPEG'} (${(e as Error).message})`);
  }
}
