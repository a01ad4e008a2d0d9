// Vision figures: mAP@0.5, precision/recall at the default threshold, localization error within
// 4 m, inference and full-detect time at 1 and 2 threads, session creation — on frames rendered
// with seeds never used in training. The same as `robot-agent bench vision`.
//
//   npm run build && node bench/vision.mjs [--frames N] [--seed S] [--source mixed|scenarios|random] [--json]
import { formatVisionBench, runVisionBench } from '../dist/vision/vision-bench.js';

const args = process.argv.slice(2);
const value = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const json = args.includes('--json');
const frames = Number(value('--frames', '300'));
const seed = Number(value('--seed', '4242'));
const source = value('--source', 'mixed');
if (!Number.isInteger(frames) || frames < 1 || !Number.isInteger(seed) || !['mixed', 'scenarios', 'random'].includes(source)) {
  console.error('usage: node bench/vision.mjs [--frames N] [--seed S] [--source mixed|scenarios|random] [--json]');
  process.exit(2);
}

try {
  const report = await runVisionBench({ frames, seed, source, onProgress: json ? undefined : (s) => console.error(`bench vision: ${s}…`) });
  if (json) console.log(JSON.stringify(report, null, 2));
  else for (const line of formatVisionBench(report)) console.log(line);
} catch (e) {
  console.error(`bench vision: ${e.message}`);
  process.exit(1);
}
