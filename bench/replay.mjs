// Replay bench: median time to replay each committed mission, and the whole set together.
// Usage: node bench/replay.mjs [--runs 3] [--json]
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { verifyReplay } from '../dist/runtime/replay-mission.js';
import { readReplay } from '../dist/replay/replay-reader.js';
import { createDetector } from '../dist/vision/detector.js';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const json = args.includes('--json');
const dir = 'missions/replays';
const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const detector = createDetector({ threads: 2 });
const perFile = Object.fromEntries(files.map((f) => [f, []]));
const totals = [];
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  for (const f of files) {
    const t = performance.now();
    const verdict = await verifyReplay(readReplay(join(dir, f)), { version: 'bench', sharedDetector: detector });
    perFile[f].push(performance.now() - t);
    if (!verdict.ok) console.error(`${f} diverged: ${verdict.divergence.diff}`);
  }
  totals.push(performance.now() - t0);
}
const figures = {
  missions: files.length,
  runs,
  allMsMedian: Math.round(median(totals)),
  perMissionMsMedian: Object.fromEntries(files.map((f) => [f.replace(/\.jsonl$/, ''), Math.round(median(perFile[f]))])),
};
if (json) console.log(JSON.stringify(figures, null, 2));
else {
  console.log(`replaying all ${files.length} committed missions: median ${(figures.allMsMedian / 1000).toFixed(2)} s over ${runs} run(s) (one shared detector session)`);
  for (const [name, ms] of Object.entries(figures.perMissionMsMedian)) console.log(`  ${String(ms).padStart(6)} ms  ${name}`);
}
