// Child of bench/camera.mjs: in a fresh process, renders the warehouse frames at the poses read
// from stdin with the renderer of the given dist/ directory, and prints each frame's wall and CPU
// time and the garbage collector's total as JSON. A fresh process, because the first frames run while
// V8 still interprets the per-pixel loops, and that is what `run` pays.
//
//   node bench/camera/render-frames.mjs DIST_DIR < poses.json
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const dist = resolve(process.argv[2] ?? 'dist');
const load = (path) => import(pathToFileURL(resolve(dist, path)).href);
const { renderFrame } = await load('sim/camera/render.js');
const { loadScenario } = await load('sim/scenario.js');
const { World } = await load('sim/world.js');
const { SeededRng } = await load('core/rng.js');

const { scenario, seed, frames } = JSON.parse(readFileSync(0, 'utf8'));
const world = new World(loadScenario(scenario));
const rng = new SeededRng(seed).fork('camera');

let gcMs = 0;
const gc = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
});
gc.observe({ entryTypes: ['gc'] });

const frameMs = [];
// CPU time of the whole process (V8's compiler and GC threads included): on a loaded machine it
// varies far less than wall time, which also counts the time other processes hold the cores.
const cpuMs = [];
for (const { pose, time } of frames) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  renderFrame(world, pose, { rng, time });
  const c = process.cpuUsage(c0);
  frameMs.push(performance.now() - t0);
  cpuMs.push((c.user + c.system) / 1000);
}
// GC entries are delivered asynchronously: let them arrive before reporting.
await new Promise((r) => setTimeout(r, 0));
gc.disconnect();
console.log(JSON.stringify({ frameMs, cpuMs, gcMs }));
