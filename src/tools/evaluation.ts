import { iou, type Box } from '../vision/types.js';

/**
 * Detection quality on labelled frames: VOC-style all-point average precision per class and its
 * mean over the classes present in the ground truth (mAP@0.5 by default), plus precision and
 * recall at a confidence threshold. Matching is greedy by confidence; a prediction that best
 * overlaps an already-matched box is a false positive; "difficult" truths are neither required
 * nor counted against the detector.
 */
export interface EvalPrediction {
  frame: number;
  clsIndex: number;
  confidence: number;
  box: Box;
}

export interface EvalTruth {
  frame: number;
  clsIndex: number;
  box: Box;
  difficult?: boolean;
}

export interface ClassAp {
  clsIndex: number;
  ap: number;
  truths: number;
  predictions: number;
}

/** For each prediction (sorted by confidence, then input order): 1 TP, 0 FP, -1 ignored; and the truth matched. */
function matchGreedy(preds: readonly EvalPrediction[], truths: readonly EvalTruth[], iouThreshold: number): { order: number[]; outcome: Int8Array; matched: Int32Array } {
  const order = preds.map((_, i) => i).sort((a, b) => preds[b]!.confidence - preds[a]!.confidence || a - b);
  const byFrame = new Map<string, number[]>();
  truths.forEach((t, i) => {
    const k = `${t.frame}:${t.clsIndex}`;
    (byFrame.get(k) ?? byFrame.set(k, []).get(k)!).push(i);
  });
  const used = new Uint8Array(truths.length);
  const outcome = new Int8Array(preds.length);
  const matched = new Int32Array(preds.length).fill(-1);
  for (const pi of order) {
    const p = preds[pi]!;
    let best = -1;
    let bestIou = iouThreshold;
    for (const ti of byFrame.get(`${p.frame}:${p.clsIndex}`) ?? []) {
      const o = iou(p.box, truths[ti]!.box);
      if (o >= bestIou) {
        bestIou = o;
        best = ti;
      }
    }
    if (best < 0) outcome[pi] = 0;
    else if (truths[best]!.difficult) outcome[pi] = -1;
    else if (used[best]) outcome[pi] = 0;
    else {
      used[best] = 1;
      outcome[pi] = 1;
      matched[pi] = best;
    }
  }
  return { order, outcome, matched };
}

/** All-point interpolated AP (VOC 2010+) for one class; null when the class has no truths. */
export function averagePrecision(preds: readonly EvalPrediction[], truths: readonly EvalTruth[], clsIndex: number, iouThreshold = 0.5): number | null {
  const p = preds.filter((x) => x.clsIndex === clsIndex);
  const t = truths.filter((x) => x.clsIndex === clsIndex);
  const positives = t.filter((x) => !x.difficult).length;
  if (positives === 0) return null;
  const { order, outcome } = matchGreedy(p, t, iouThreshold);
  const recall: number[] = [0];
  const precision: number[] = [1];
  let tp = 0;
  let fp = 0;
  for (const i of order) {
    if (outcome[i] === -1) continue;
    if (outcome[i] === 1) tp++;
    else fp++;
    recall.push(tp / positives);
    precision.push(tp / (tp + fp));
  }
  // Precision envelope (monotone non-increasing from the right), then area under the step curve.
  for (let i = precision.length - 2; i >= 0; i--) precision[i] = Math.max(precision[i]!, precision[i + 1]!);
  let ap = 0;
  for (let i = 1; i < recall.length; i++) ap += (recall[i]! - recall[i - 1]!) * precision[i]!;
  return ap;
}

export function meanAveragePrecision(
  preds: readonly EvalPrediction[],
  truths: readonly EvalTruth[],
  iouThreshold = 0.5,
): { mAP: number; perClass: ClassAp[] } {
  const classes = [...new Set(truths.filter((t) => !t.difficult).map((t) => t.clsIndex))].sort((a, b) => a - b);
  const perClass = classes.map((c) => ({
    clsIndex: c,
    ap: averagePrecision(preds, truths, c, iouThreshold)!,
    truths: truths.filter((t) => t.clsIndex === c && !t.difficult).length,
    predictions: preds.filter((p) => p.clsIndex === c).length,
  }));
  const mAP = perClass.length ? perClass.reduce((s, c) => s + c.ap, 0) / perClass.length : 0;
  return { mAP, perClass };
}

export interface PrecisionRecall {
  precision: number;
  recall: number;
  tp: number;
  fp: number;
  fn: number;
  /** For each true positive: index of the prediction and of the truth it matched. */
  matches: Array<{ pred: number; truth: number }>;
}

/** Precision and recall of the predictions at or above `threshold` (per class index if an array). */
export function precisionRecall(
  preds: readonly EvalPrediction[],
  truths: readonly EvalTruth[],
  threshold: number | readonly number[] = 0,
  iouThreshold = 0.5,
): PrecisionRecall {
  const thr = (c: number) => (typeof threshold === 'number' ? threshold : (threshold[c] ?? 0));
  const kept = preds.map((p, i) => ({ p, i })).filter(({ p }) => p.confidence >= thr(p.clsIndex));
  const { outcome, matched } = matchGreedy(
    kept.map((k) => k.p),
    truths,
    iouThreshold,
  );
  let tp = 0;
  let fp = 0;
  const matches: PrecisionRecall['matches'] = [];
  kept.forEach((k, j) => {
    if (outcome[j] === 1) {
      tp++;
      matches.push({ pred: k.i, truth: matched[j]! });
    } else if (outcome[j] === 0) fp++;
  });
  const positives = truths.filter((t) => !t.difficult).length;
  return { precision: tp + fp ? tp / (tp + fp) : 1, recall: positives ? tp / positives : 1, tp, fp, fn: positives - tp, matches };
}

/** The q-quantile (0..1) of numbers by linear interpolation; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}
