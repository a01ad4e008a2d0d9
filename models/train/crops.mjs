// Training data for the second-stage classifier: the detector's candidate boxes on randomized-room
// frames, cut by the same cropPatch the runtime uses, each labelled from the ground truth.
//   - a candidate (one box per same-colour blob, as the runtime forms them) overlapping a truth
//     by IoU ≥ 0.5 gets that truth's class; one overlapping nothing by 0.3 or more is background
//     (the last class); in between, or on a truth too hidden to count, it is left out;
//   - every countable truth also gives one crop of its own box, jittered like a detector's box,
//     so objects the detector ranks low still teach the classifier their shape.
// Frames come from seeds the detector never trained on. second_stage.py records the seeds in
// second-stage.json, and `bench vision --source random` skips those frames.
// Usage: node models/train/crops.mjs --seed 5000 --count 20000 --out DIR [--detector-model PATH]
// Writes DIR/crops.u8 (N×S×S×3 RGB bytes), DIR/crops.f32 (N rows: label, fromTruth, score,
// detectorClass, frame, iou) and DIR/crops.json.
import { mkdirSync, openSync, writeSync, closeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SeededRng } from '../../dist/core/rng.js';
import { cropPatch } from '../../dist/vision/crops.js';
import { renderDatasetFrame } from '../../dist/tools/dataset.js';
import { createDetector } from '../../dist/vision/detector.js';
import { CANDIDATE_FLOOR, CROP_SPEC, candidateBlobs } from '../../dist/vision/second-stage.js';
import { iou } from '../../dist/vision/types.js';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string' },
    count: { type: 'string' },
    out: { type: 'string' },
    'detector-model': { type: 'string' },
  },
});
const seed = Number(args.seed);
const count = Number(args.count);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1 || !args.out) {
  console.error('usage: node models/train/crops.mjs --seed S --count N --out DIR [--detector-model PATH]');
  process.exit(2);
}
const MIN_PIXELS = 25; // as the bench: fewer visible pixels is "difficult"
// The detector's own candidates: never those of a second stage its metadata may already name.
const detector = createDetector({ modelPath: args['detector-model'], secondStage: false });
const labels = (await detector.load()).labels;
const background = labels.length;
mkdirSync(args.out, { recursive: true });
const crops = openSync(join(args.out, 'crops.u8'), 'w');
const rows = [];
const patchBytes = CROP_SPEC.size * CROP_SPEC.size * 3;
const patch = new Uint8Array(patchBytes);
const started = Date.now();
const counts = { candidate: 0, truth: 0, background: 0, skipped: 0 };

function add(frame, box, row) {
  cropPatch(frame, box, CROP_SPEC, patch);
  writeSync(crops, patch);
  rows.push(row);
}

for (let i = 0; i < count; i++) {
  const { frame, labels: truths } = renderDatasetFrame(seed, i);
  const found = await detector.detect(frame, { confidence: CANDIDATE_FLOOR });
  for (const blob of candidateBlobs(found)) {
    let best = -1;
    let bestIou = 0;
    truths.forEach((t, k) => {
      const v = iou(blob.box, t);
      if (v > bestIou) [best, bestIou] = [k, v];
    });
    let label;
    if (bestIou >= 0.5 && truths[best].pixels >= MIN_PIXELS) label = truths[best].clsIndex;
    else if (bestIou < 0.3) label = background;
    else {
      counts.skipped++;
      continue;
    }
    counts[label === background ? 'background' : 'candidate']++;
    add(frame, blob.box, [label, 0, blob.confidence, blob.clsIndex, i, bestIou]);
  }
  const rng = new SeededRng(seed).fork(`crops:${i}`);
  for (const t of truths) {
    if (t.pixels < MIN_PIXELS) continue;
    const w = t.x2 - t.x1;
    const h = t.y2 - t.y1;
    const dx = rng.range(-0.12, 0.12) * w;
    const dy = rng.range(-0.12, 0.12) * h;
    const sw = rng.range(0.85, 1.15);
    const sh = rng.range(0.85, 1.15);
    const cx = (t.x1 + t.x2) / 2 + dx;
    const cy = (t.y1 + t.y2) / 2 + dy;
    const box = { x1: cx - (w * sw) / 2, y1: cy - (h * sh) / 2, x2: cx + (w * sw) / 2, y2: cy + (h * sh) / 2 };
    counts.truth++;
    add(frame, box, [t.clsIndex, 1, 1, t.clsIndex, i, iou(box, t)]);
  }
  if ((i + 1) % 1000 === 0) console.error(`${i + 1}/${count} frames, ${rows.length} crops, ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
closeSync(crops);
writeFileSync(join(args.out, 'crops.f32'), new Float32Array(rows.flat()));
const summary = {
  format: 'robot-agent-crops',
  seed,
  count,
  crops: rows.length,
  ...counts,
  crop: CROP_SPEC,
  classes: [...labels, 'background'],
  columns: ['label', 'fromTruth', 'score', 'detectorClass', 'frame', 'iou'],
  detector: detector.modelPath,
  seconds: Math.round((Date.now() - started) / 1000),
};
writeFileSync(join(args.out, 'crops.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary));
await detector.dispose();
