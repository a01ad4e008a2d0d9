/**
 * ROS camera images as MCP image content: sensor_msgs/Image (the encodings core/image-decoding
 * reads) re-encoded as PNG; sensor_msgs/CompressedImage passed through as the JPEG or PNG it already is.
 */
import { compressedMimeType, decodeRawPixels, imageBytes } from '../../core/image-decoding.js';
import { encodePng } from '../../core/png.js';
import type { ToolImage } from '../../mcp/tool-declaration.js';
import type { RosMessage } from '../transport/ros-transport.js';

export const IMAGE_TYPES = new Set(['sensor_msgs/Image', 'sensor_msgs/CompressedImage']);

export class ImageConversionError extends Error {
  override name = 'ImageConversionError';
}

export function imageContent(type: string, message: RosMessage): ToolImage {
  const data = imageBytes(message.data ?? [], ImageConversionError);
  if (type === 'sensor_msgs/CompressedImage') {
    const format = String(message.format ?? '');
    const mimeType = compressedMimeType(format);
    if (!mimeType) throw new ImageConversionError(`CompressedImage format "${format}" is neither jpeg nor png`);
    return { data: Buffer.from(data).toString('base64'), mimeType };
  }
  const raw = { encoding: String(message.encoding), width: Number(message.width), height: Number(message.height), step: Number(message.step), data };
  return { data: encodePng(decodeRawPixels(raw, ImageConversionError)).toString('base64'), mimeType: 'image/png' };
}
