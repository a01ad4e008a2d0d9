// End to end: the real program, process start to exit, next to a bare `node -e 0` measured in
// the same run, so a slow shared machine shows in the reference as well as in the figure.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { median } from './stats.mjs';

function timeProcess(args) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) console.error(`${args.join(' ')} exited ${r.status}: ${r.stderr.trim()}`);
  return ms;
}

export function measureEndToEnd(runs) {
  const run = [];
  const bare = [];
  for (let i = 0; i < runs; i++) {
    run.push(timeProcess(['bin/robot-agent.js', 'run', 'pick up the red cube', '--no-record', '--json']));
    bare.push(timeProcess(['-e', '0']));
  }
  return { runs, runMsMedian: Math.round(median(run)), nodeMsMedian: Math.round(median(bare)) };
}
