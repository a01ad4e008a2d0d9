// Detector alone against detector + a second-stage classifier (e.g. a candidate not yet attached
// to models/detector.json): mAP@0.5, and precision / recall over a range of thresholds, on
// randomized-room frames of a seed nothing else uses (default 7000: not the detector's or the
// classifier's training or validation seeds, nor the bench's 4242). It showed that scoring
// objectness × p ranks candidates as well as a geometric mean of the two, and puts the default
// threshold (0.35) where precision and recall both beat the detector alone.
// Usage: node models/train/compare-second-stage.mjs --second-stage FILE.onnx [--seed 7000] [--frames 1000] [--floor 0.01]
//   --floor: lowest score scored (as the bench: 0.01)
import { parseArgs } from 'node:util';
import { renderDatasetFrame } from '../../dist/tools/dataset.js';
import { createDetector, DEFAULT_CONFIDENCE } from '../../dist/vision/detector.js';
import { meanAveragePrecision, precisionRecall } from '../../dist/tools/evaluation.js';
import { CANDIDATE_FLOOR, SecondStage, secondLook } from '../../dist/vision/second-stage.js';

const { values: args } = parseArgs({
  options: {
    'second-stage': { type: 'string' },
    seed: { type: 'string', default: '7000' },
    frames: { type: 'string', default: '1000' },
    floor: { type: 'string', default: '0.01' },
  },
});
const seed = Number(args.seed);
const frames = Number(args.frames);
const floor = Number(args.floor);
if (!args['second-stage'] || !Number.isInteger(seed) || !Number.isInteger(frames) || frames < 1 || !(floor > 0 && floor < 1)) {
  console.error('usage: node models/train/compare-second-stage.mjs --second-stage FILE.onnx [--seed S] [--frames N ≥ 1] [--floor 0..1]');
  process.exit(2);
}
const detector = createDetector({ secondStage: false });
const labels = (await detector.load()).labels;
const second = await SecondStage.open(args['second-stage'], labels, 1);
const thresholdsAtFloor = new Float32Array(labels.length).fill(floor);
const alone = [];
const twoStage = [];
const truths = [];
const push = (out, frame, dets) => dets.forEach((d) => out.push({ frame, clsIndex: d.clsIndex, confidence: d.confidence, box: d.box }));
for (let i = 0; i < frames; i++) {
  const { frame, labels: gt } = renderDatasetFrame(seed, i);
  for (const t of gt) truths.push({ frame: i, clsIndex: t.clsIndex, box: t, difficult: t.pixels < 25 });
  // As the detector does with a second stage: candidates from CANDIDATE_FLOOR up.
  const found = await detector.detect(frame, { confidence: Math.min(floor, CANDIDATE_FLOOR) });
  push(alone, i, found.filter((d) => d.confidence >= floor));
  push(twoStage, i, await secondLook(second, frame, found.filter((d) => d.confidence >= CANDIDATE_FLOOR), labels, thresholdsAtFloor));
}
const thresholds = [0.2, 0.25, 0.3, DEFAULT_CONFIDENCE, 0.4, 0.45, 0.5];
console.log(`${frames} frames, seed ${seed}; precision/recall at ${thresholds.join(', ')}`);
for (const [name, preds] of [['detector alone', alone], ['+ second stage', twoStage]]) {
  const pr = thresholds.map((t) => precisionRecall(preds, truths, t, 0.5)).map((r) => `${r.precision.toFixed(3)}/${r.recall.toFixed(3)}`);
  console.log(`${name.padEnd(15)} mAP ${meanAveragePrecision(preds, truths, 0.5).mAP.toFixed(4)}  ${pr.join('  ')}`);
}
await detector.dispose();
await second.release();
