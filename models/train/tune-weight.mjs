// Picks CLASSIFIER_WEIGHT (src/vision/second-stage.ts): mAP@0.5 and precision/recall at the default
// threshold of detector + second stage for several weights, on randomized-room frames of a seed
// nothing else uses (default 7000: not training, validation or the bench's 4242).
// Usage: node models/train/tune-weight.mjs --second-stage models/candidate/second-stage.onnx [--seed 7000 --frames 1000]
import { parseArgs } from 'node:util';
import { renderDatasetFrame } from '../../dist/vision/dataset.js';
import { createDetector, DEFAULT_CONFIDENCE } from '../../dist/vision/detector.js';
import { meanAveragePrecision, precisionRecall } from '../../dist/vision/evaluation.js';
import { CANDIDATE_FLOOR, candidateBlobs, rescore, SecondStage } from '../../dist/vision/second-stage.js';
import { nonMaxSuppression } from '../../dist/vision/nms.js';
import { iou, lookAlike } from '../../dist/vision/types.js';

const { values: args } = parseArgs({ options: { 'second-stage': { type: 'string' }, seed: { type: 'string', default: '7000' }, frames: { type: 'string', default: '1000' } } });
const seed = Number(args.seed);
const frames = Number(args.frames);
const detector = createDetector({ secondStage: false });
const labels = (await detector.load()).labels;
const second = await SecondStage.open(args['second-stage'], labels, 2);
const weights = [0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
const variants = new Map();
const add = (name, frame, dets) => {
  if (!variants.has(name)) variants.set(name, []);
  for (const d of dets) variants.get(name).push({ frame, clsIndex: d.clsIndex, confidence: d.confidence, box: d.box });
};
const truths = [];
const floor = new Float32Array(labels.length).fill(0.05);
for (let i = 0; i < frames; i++) {
  const { frame, labels: gt } = renderDatasetFrame(seed, i);
  for (const t of gt) truths.push({ frame: i, clsIndex: t.clsIndex, box: t, difficult: t.pixels < 25 });
  const found = await detector.detect(frame, { confidence: CANDIDATE_FLOOR });
  add('detector alone', i, found);
  const candidates = candidateBlobs(found);
  if (!candidates.length) continue;
  const probs = await second.classify(frame, candidates);
  for (const w of weights) add(`weight ${w}`, i, rescore(candidates, probs, labels, floor, w));
  // Product of experts: the detector's own shape split on the blob (smoothed) times the classifier's.
  const cols = labels.length + 1;
  for (const v of [0.5, 0.7]) {
    const dets = [];
    candidates.forEach((c, n) => {
      const q = new Float64Array(labels.length).fill(0.01);
      for (const d of found) if ((d.clsIndex === c.clsIndex || lookAlike(d.label, c.label)) && iou(d.box, c.box) > 0.5) q[d.clsIndex] += d.confidence;
      const mix = Array.from(q, (qk, k) => Math.pow(qk, 1 - v) * Math.pow(probs[n * cols + k], v));
      const bg = Math.pow(0.01, 1 - v) * Math.pow(probs[n * cols + labels.length], v);
      const total = mix.reduce((a, b) => a + b, 0) + bg;
      mix.forEach((m, k) => {
        const confidence = Math.sqrt(c.objectness * (m / total));
        if (confidence >= 0.05) dets.push({ label: labels[k], clsIndex: k, confidence, box: c.box });
      });
    });
    add(`experts ${v}`, i, nonMaxSuppression(dets, 0.5, dets.length));
  }
}
for (const [name, p] of variants) {
  const pr = precisionRecall(p, truths, DEFAULT_CONFIDENCE, 0.5);
  console.log(`${name.padEnd(16)} mAP ${meanAveragePrecision(p, truths, 0.5).mAP.toFixed(4)}  P ${pr.precision.toFixed(4)}  R ${pr.recall.toFixed(4)}`);
}
await detector.dispose();
await second.release();
