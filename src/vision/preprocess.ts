import type { RgbImage } from './types.js';

/**
 * Image → model input tensor (float32, NCHW, 1×3×H×W). When the image is the model's size the
 * pixels are only normalized; otherwise it is letterboxed: scaled by one factor to fit (bilinear),
 * centred, and padded with `padValue` (0..255 per channel, before normalization).
 */
export interface InputSpec {
  width: number;
  height: number;
  /** Per-channel mean and std applied after dividing by 255. */
  mean: readonly [number, number, number] | readonly number[];
  std: readonly [number, number, number] | readonly number[];
  padValue?: number;
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

  constructor(readonly spec: InputSpec) {
    this.tables = channelTables(spec);
  }

  /** Fills `out` (length 3·W·H, allocated when absent) and returns it with the letterbox used. */
  run(image: RgbImage, out?: Float32Array): { data: Float32Array; letterbox: Letterbox } {
    const { width: W, height: H } = this.spec;
    const plane = W * H;
    const data = out && out.length === 3 * plane ? out : new Float32Array(3 * plane);
    if (image.rgb.length < image.width * image.height * 3) {
      throw new RangeError(`image data has ${image.rgb.length} bytes, expected ${image.width * image.height * 3} for ${image.width}x${image.height} RGB`);
    }
    const lb = letterboxFor(image.width, image.height, W, H);
    const [tr, tg, tb] = this.tables as [Float32Array, Float32Array, Float32Array];
    const rgb = image.rgb;
    if (lb.scale === 1 && lb.padX === 0 && lb.padY === 0) {
      for (let i = 0, j = 0; i < plane; i++, j += 3) {
        data[i] = tr[rgb[j]!]!;
        data[plane + i] = tg[rgb[j + 1]!]!;
        data[2 * plane + i] = tb[rgb[j + 2]!]!;
      }
      return { data, letterbox: lb };
    }
    const pad = Math.min(255, Math.max(0, Math.round(this.spec.padValue ?? 114)));
    data.fill(tr[pad]!, 0, plane);
    data.fill(tg[pad]!, plane, 2 * plane);
    data.fill(tb[pad]!, 2 * plane, 3 * plane);
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
          const v = top + (bot - top) * wy;
          const m = this.spec.mean[c] ?? 0;
          const s = this.spec.std[c] ?? 1;
          data[c * plane + base + x] = (v / 255 - m) / s;
        }
      }
    }
    return { data, letterbox: lb };
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
