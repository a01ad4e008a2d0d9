import { PNG } from 'pngjs';
import type { CameraFrame, RgbImage } from './camera-frame.js';

/** PNG encoding of camera frames (datasets, `detect --save`) and decoding of user images. */

/** Encodes packed RGB as an 8-bit RGB PNG. Deterministic: same pixels ⇒ same bytes. */
export function encodePng(image: RgbImage | CameraFrame): Buffer {
  const png = new PNG({ width: image.width, height: image.height, colorType: 2, inputColorType: 2, inputHasAlpha: false });
  png.data = Buffer.from(image.rgb.buffer, image.rgb.byteOffset, image.rgb.byteLength);
  // One fixed filter (Paeth) and zlib level 6: several times faster than pngjs's adaptive
  // filter search at level 9, for files a few percent larger.
  return PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false, filterType: 4, deflateLevel: 6 });
}

/** Decodes any PNG pngjs reads (grey, palette, RGBA, 16-bit) to packed 8-bit RGB; alpha is
 *  composited over black. Throws pngjs's error for data that is not a PNG. */
export function decodePng(buffer: Buffer | Uint8Array): RgbImage {
  const png = PNG.sync.read(Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer));
  const { width, height, data } = png;
  const rgb = new Uint8Array(width * height * 3);
  for (let p = 0, q = 0; p < width * height; p++, q += 4) {
    const alpha = data[q + 3]!;
    const k = alpha === 255 ? 1 : alpha / 255;
    rgb[3 * p] = Math.round(data[q]! * k);
    rgb[3 * p + 1] = Math.round(data[q + 1]! * k);
    rgb[3 * p + 2] = Math.round(data[q + 2]! * k);
  }
  return { width, height, rgb };
}
