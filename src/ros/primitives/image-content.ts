/**
 * ROS camera images as MCP image content: sensor_msgs/Image (rgb8, bgr8, mono8, rgba8, bgra8)
 * re-encoded as PNG; sensor_msgs/CompressedImage passed through as the JPEG or PNG it already is.
 */
import { encodePng } from '../../core/png.js';
import type { ToolImage } from '../../mcp/tool-declaration.js';
import type { RosMessage } from '../transport/ros-transport.js';

export const IMAGE_TYPES = new Set(['sensor_msgs/Image', 'sensor_msgs/CompressedImage']);

/** Channel order of the raw encodings we turn into RGB: index of R, G, B in a pixel. */
const ENCODINGS: Record<string, { channels: number; rgb: [number, number, number] }> = {
  rgb8: { channels: 3, rgb: [0, 1, 2] },
  bgr8: { channels: 3, rgb: [2, 1, 0] },
  rgba8: { channels: 4, rgb: [0, 1, 2] },
  bgra8: { channels: 4, rgb: [2, 1, 0] },
  mono8: { channels: 1, rgb: [0, 0, 0] },
  '8UC1': { channels: 1, rgb: [0, 0, 0] },
  '8UC3': { channels: 3, rgb: [2, 1, 0] }, // OpenCV's default order is BGR
};

export class ImageConversionError extends Error {
  override name = 'ImageConversionError';
}

function bytesOf(data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  return Uint8Array.from((data ?? []) as number[]);
}

export function imageContent(type: string, message: RosMessage): ToolImage {
  if (type === 'sensor_msgs/CompressedImage') {
    const format = String(message.format ?? '').toLowerCase();
    const mimeType = format.includes('png') ? 'image/png' : format.includes('jpeg') || format.includes('jpg') || format === '' ? 'image/jpeg' : undefined;
    if (!mimeType) throw new ImageConversionError(`CompressedImage format "${format}" is neither jpeg nor png`);
    return { data: Buffer.from(bytesOf(message.data)).toString('base64'), mimeType };
  }
  const width = Number(message.width);
  const height = Number(message.height);
  const encoding = String(message.encoding);
  const layout = ENCODINGS[encoding];
  if (!layout) throw new ImageConversionError(`image encoding "${encoding}" is not supported (use ${Object.keys(ENCODINGS).join(', ')})`);
  const data = bytesOf(message.data);
  const step = Number(message.step) || width * layout.channels;
  if (data.length < step * (height - 1) + width * layout.channels) {
    throw new ImageConversionError(`image data has ${data.length} bytes, too few for ${width}x${height} ${encoding} with step ${step}`);
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const src = y * step + x * layout.channels;
      const dst = (y * width + x) * 3;
      rgb[dst] = data[src + layout.rgb[0]]!;
      rgb[dst + 1] = data[src + layout.rgb[1]]!;
      rgb[dst + 2] = data[src + layout.rgb[2]]!;
    }
  }
  return { data: encodePng({ width, height, rgb }).toString('base64'), mimeType: 'image/png' };
}
