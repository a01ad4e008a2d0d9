// Vision figures: mAP@0.5, precision/recall at the default threshold, localization error within
// 4 m, inference and full-detect time at 1 and 2 threads, session creation — on frames rendered
// with seeds never used in training. The same program as `robot-agent bench vision`, which takes
// the same flags (--frames, --seed, --source, --detector-model, --detector-labels, --json).
//
//   npm run build && node bench/vision.mjs [flags]
import { main } from '../dist/cli/main.js';

process.exitCode = await main(['bench', 'vision', ...process.argv.slice(2)], { stdout: process.stdout, stderr: process.stderr, env: process.env });
