import type { RgbImage } from '../../core/camera-frame.js';
import { decodeCompressed, decodeRawPixels, imageBytes } from '../../core/image-decoding.js';
import type { RosMessage } from '../transport/ros-transport.js';

export class CameraImageError extends Error {
  override name = 'CameraImageError';
}

/** A sensor_msgs/Image in any 8-bit colour or grey encoding, as packed RGB. */
export function decodeRawImage(image: RosMessage): RgbImage {
  const raw = { encoding: String(image.encoding), width: Number(image.width), height: Number(image.height), step: Number(image.step), data: imageBytes(image.data, CameraImageError) };
  return decodeRawPixels(raw, CameraImageError);
}

/** A sensor_msgs/CompressedImage (JPEG or PNG) as packed RGB. */
export function decodeCompressedImage(image: RosMessage): RgbImage {
  return decodeCompressed(String(image.format ?? ''), imageBytes(image.data, CameraImageError), CameraImageError);
}
