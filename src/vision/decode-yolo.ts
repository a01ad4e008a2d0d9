import { nonMaxSuppression } from './nms.js';
import { unletterboxBox, type Letterbox } from './preprocess.js';
import type { Detection2D } from './types.js';

/**
 * Decodes an Ultralytics YOLOv8/YOLO11 ONNX export: float32 [1, 4+nc, N] — for each of N anchors
 * a column (cx, cy, w, h, score_0..score_nc-1) in model-input pixels, class scores already
 * sigmoid-ed, no objectness. The tensor is read in place, channel-major (no transpose copy).
 * The transposed layout [1, N, 4+nc] some exporters produce is accepted too. Then class-wise NMS.
 */
export interface YoloDecodeOptions {
  labels: readonly string[];
  thresholds: Float32Array | readonly number[];
  letterbox: Letterbox;
  iouThreshold?: number;
  maxDetections?: number;
}

export function yoloLayout(dims: readonly number[], classCount: number): { anchors: number; channelsFirst: boolean } {
  const c = 4 + classCount;
  if (dims.length === 3 && dims[0] === 1) {
    if (dims[1] === c) return { anchors: dims[2]!, channelsFirst: true };
    if (dims[2] === c) return { anchors: dims[1]!, channelsFirst: false };
  }
  throw new RangeError(`YOLO output has shape [${dims.join(', ')}], expected [1, ${c}, N] for ${classCount} labels (4 box values + one score per label)`);
}

export function decodeYolo(data: Float32Array, dims: readonly number[], opts: YoloDecodeOptions): Detection2D[] {
  const nc = opts.labels.length;
  const { anchors: n, channelsFirst } = yoloLayout(dims, nc);
  if (data.length < n * (4 + nc)) throw new RangeError(`YOLO output holds ${data.length} values, expected ${n * (4 + nc)}`);
  // value(channel, anchor)
  const at = channelsFirst ? (ch: number, a: number) => data[ch * n + a]! : (ch: number, a: number) => data[a * (4 + nc) + ch]!;
  const minThreshold = Math.min(...Array.from(opts.thresholds));
  const candidates: Detection2D[] = [];
  for (let a = 0; a < n; a++) {
    let best = -Infinity;
    let cls = -1;
    for (let c = 0; c < nc; c++) {
      const s = at(4 + c, a);
      if (s > best) {
        best = s;
        cls = c;
      }
    }
    if (!(best >= minThreshold) || best < opts.thresholds[cls]!) continue;
    const cx = at(0, a);
    const cy = at(1, a);
    const w = at(2, a);
    const h = at(3, a);
    const box = unletterboxBox(opts.letterbox, cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2);
    if (box.x2 - box.x1 <= 0 || box.y2 - box.y1 <= 0) continue;
    candidates.push({ label: opts.labels[cls]!, clsIndex: cls, confidence: best, box });
  }
  return nonMaxSuppression(candidates, opts.iouThreshold ?? 0.45, opts.maxDetections ?? 300);
}
