import type { RgbImage } from '../../core/camera-frame.js';
import { decodePng } from '../../core/png.js';
import type { RosMessage } from '../transport/ros-transport.js';

export class CameraImageError extends Error {
  override name = 'CameraImageError';
}

/** Bytes per pixel and where red, green and blue sit, per sensor_msgs/image_encodings name. */
const RAW_LAYOUTS: Record<string, { bytes: number; r: number; g: number; b: number }> = {
  rgb8: { bytes: 3, r: 0, g: 1, b: 2 },
  bgr8: { bytes: 3, r: 2, g: 1, b: 0 },
  rgba8: { bytes: 4, r: 0, g: 1, b: 2 },
  bgra8: { bytes: 4, r: 2, g: 1, b: 0 },
  mono8: { bytes: 1, r: 0, g: 0, b: 0 },
};

function bytesOf(data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (Array.isArray(data)) return Uint8Array.from(data as number[]);
  if (typeof data === 'string') return Buffer.from(data, 'base64');
  throw new CameraImageError('the image message has no data bytes');
}

/** A sensor_msgs/Image in any 8-bit colour or grey encoding, as packed RGB. */
export function decodeRawImage(image: RosMessage): RgbImage {
  const encoding = String(image.encoding);
  const layout = RAW_LAYOUTS[encoding];
  if (!layout) throw new CameraImageError(`camera images in encoding "${encoding}" are not supported (use rgb8, bgr8, rgba8, bgra8 or mono8)`);
  const width = Number(image.width);
  const height = Number(image.height);
  const step = Number(image.step);
  const data = bytesOf(image.data);
  if (!(width > 0 && height > 0) || step < width * layout.bytes || data.length < step * height) {
    throw new CameraImageError(`the camera image is malformed (${width}×${height}, step ${step}, ${data.length} bytes)`);
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

/** A sensor_msgs/CompressedImage (PNG) as packed RGB. */
export function decodeCompressedImage(image: RosMessage): RgbImage {
  const format = String(image.format).toLowerCase();
  if (!format.includes('png')) throw new CameraImageError(`compressed camera images in format "${image.format}" are not supported (use png, or subscribe to the raw sensor_msgs/Image)`);
  try {
    return decodePng(bytesOf(image.data));
  } catch (e) {
    throw new CameraImageError(`the compressed camera image is not a readable PNG (${(e as Error).message})`);
  }
}
