import { type RgbImage } from '../core/camera-frame.js';

/**
 * Image → model input tensor, of one of two kinds:
 * - `float32-nchw` (default): 1×3×H×W planes of (RGB/255 − mean) / std;
 * - `uint8-nhwc`: 1×H×W×3 RGB bytes as captured, for a model that normalizes inside its graph;
 *   an image of the model's size is passed through without a copy.
 * An image of another size is letterboxed: scaled by one factor to fit (bilinear), centred, and
 * padded with `padValue` (0..255 per channel, before normalization).
 */
export type InputFormat = 'float32-nchw' | 'uint8-nhwc';

export interface InputSpec {
  width: number;
  height: number;
  format?: InputFormat;
  /** Per-channel mean and std applied after dividing by 255 (float32-nchw). */
  mean: readonly [number, number, number] | readonly number[];
  std: readonly [number, number, number] | readonly number[];
  padValue?: number;
}

export interface ModelInput {
  data: Float32Array | Uint8Array;
  /** Tensor shape: [1, 3, H, W] or [1, H, W, 3]. */
  dims: [number, number, number, number];
  letterbox: Letterbox;
}

/** How image pixels map into the model input: input = image * scale + pad. */
export interface Letterbox {
  scale: number;
  padX: number;
  padY: number;
  /** Image size it was made for. */
  srcWidth: number;
  srcHeight: number;
}

export function letterboxFor(srcWidth: number, srcHeight: number, dstWidth: number, dstHeight: number): Letterbox {
  if (srcWidth === dstWidth && srcHeight === dstHeight) return { scale: 1, padX: 0, padY: 0, srcWidth, srcHeight };
  const scale = Math.min(dstWidth / srcWidth, dstHeight / srcHeight);
  const newW = Math.round(srcWidth * scale);
  const newH = Math.round(srcHeight * scale);
  return { scale, padX: (dstWidth - newW) / 2, padY: (dstHeight - newH) / 2, srcWidth, srcHeight };
}

/** Lookup tables byte → normalized value per channel. */
function channelTables(spec: InputSpec): Float32Array[] {
  return [0, 1, 2].map((c) => {
    const t = new Float32Array(256);
    const m = spec.mean[c] ?? 0;
    const s = spec.std[c] ?? 1;
    for (let v = 0; v < 256; v++) t[v] = (v / 255 - m) / s;
    return t;
  });
}

export class Preprocessor {
  private readonly tables: Float32Array[];
  readonly format: InputFormat;

  constructor(readonly spec: InputSpec) {
    this.tables = channelTables(spec);
    this.format = spec.format ?? 'float32-nchw';
  }

  /**
   * The model input for `image`. `out` (a previous result's data, of this format) is filled
   * instead of allocating. A uint8-nhwc input of the model's size is the image's own bytes:
   * never pass that back as `out`.
   */
  run(image: RgbImage, out?: Float32Array | Uint8Array): ModelInput {
    const { width: W, height: H } = this.spec;
    if (image.rgb.length < image.width * image.height * 3) {
      throw new RangeError(`image data has ${image.rgb.length} bytes, expected ${image.width * image.height * 3} for ${image.width}x${image.height} RGB`);
    }
    const lb = letterboxFor(image.width, image.height, W, H);
    const sameSize = lb.scale === 1 && lb.padX === 0 && lb.padY === 0;
    const pad = Math.min(255, Math.max(0, Math.round(this.spec.padValue ?? 114)));
    if (this.format === 'uint8-nhwc') {
      const dims: ModelInput['dims'] = [1, H, W, 3];
      if (sameSize) return { data: image.rgb.subarray(0, W * H * 3), dims, letterbox: lb };
      const bytes = out instanceof Uint8Array && out.length === 3 * W * H ? out : new Uint8Array(3 * W * H);
      bytes.fill(pad);
      letterboxSample(image, lb, W, (c, i, v) => (bytes[i * 3 + c] = Math.round(v)));
      return { data: bytes, dims, letterbox: lb };
    }
    const plane = W * H;
    const data = out instanceof Float32Array && out.length === 3 * plane ? out : new Float32Array(3 * plane);
    const dims: ModelInput['dims'] = [1, 3, H, W];
    const [tr, tg, tb] = this.tables as [Float32Array, Float32Array, Float32Array];
    const rgb = image.rgb;
    if (sameSize) {
      for (let i = 0, j = 0; i < plane; i++, j += 3) {
        data[i] = tr[rgb[j]!]!;
        data[plane + i] = tg[rgb[j + 1]!]!;
        data[2 * plane + i] = tb[rgb[j + 2]!]!;
      }
      return { data, dims, letterbox: lb };
    }
    data.fill(tr[pad]!, 0, plane);
    data.fill(tg[pad]!, plane, 2 * plane);
    data.fill(tb[pad]!, 2 * plane, 3 * plane);
    const mean = this.spec.mean;
    const std = this.spec.std;
    letterboxSample(image, lb, W, (c, i, v) => (data[c * plane + i] = (v / 255 - (mean[c] ?? 0)) / (std[c] ?? 1)));
    return { data, dims, letterbox: lb };
  }
}

/**
 * Bilinear samples of `image` scaled by `lb.scale` into a model input `W` wide, offset by the
 * letterbox padding: `put(channel, pixelIndex, value 0..255)` for each covered pixel.
 */
function letterboxSample(image: RgbImage, lb: Letterbox, W: number, put: (c: number, i: number, v: number) => void): void {
  const rgb = image.rgb;
  const x0 = Math.round(lb.padX);
  const y0 = Math.round(lb.padY);
  const newW = Math.round(image.width * lb.scale);
  const newH = Math.round(image.height * lb.scale);
  const sw = image.width;
  const sh = image.height;
  const inv = 1 / lb.scale;
  // Precompute horizontal sample positions and weights.
  const xs0 = new Int32Array(newW);
  const xs1 = new Int32Array(newW);
  const xw = new Float32Array(newW);
  for (let x = 0; x < newW; x++) {
    const sx = Math.min(Math.max((x + 0.5) * inv - 0.5, 0), sw - 1);
    const ix = Math.floor(sx);
    xs0[x] = ix * 3;
    xs1[x] = Math.min(ix + 1, sw - 1) * 3;
    xw[x] = sx - ix;
  }
  for (let y = 0; y < newH; y++) {
    const sy = Math.min(Math.max((y + 0.5) * inv - 0.5, 0), sh - 1);
    const iy = Math.floor(sy);
    const wy = sy - iy;
    const row0 = iy * sw * 3;
    const row1 = Math.min(iy + 1, sh - 1) * sw * 3;
    const base = (y + y0) * W + x0;
    for (let x = 0; x < newW; x++) {
      const a = xs0[x]!;
      const b = xs1[x]!;
      const wx = xw[x]!;
      for (let c = 0; c < 3; c++) {
        const top = rgb[row0 + a + c]! + (rgb[row0 + b + c]! - rgb[row0 + a + c]!) * wx;
        const bot = rgb[row1 + a + c]! + (rgb[row1 + b + c]! - rgb[row1 + a + c]!) * wx;
        put(c, base + x, top + (bot - top) * wy);
      }
    }
  }
}

/** Maps a box from model-input pixels back to image pixels, clipped to the image. */
export function unletterboxBox(lb: Letterbox, x1: number, y1: number, x2: number, y2: number): { x1: number; y1: number; x2: number; y2: number } {
  const clipX = (v: number) => Math.min(Math.max(v, 0), lb.srcWidth);
  const clipY = (v: number) => Math.min(Math.max(v, 0), lb.srcHeight);
  const padX = Math.round(lb.padX);
  const padY = Math.round(lb.padY);
  const s = lb.scale;
  return { x1: clipX((x1 - padX) / s), y1: clipY((y1 - padY) / s), x2: clipX((x2 - padX) / s), y2: clipY((y2 - padY) / s) };
}
