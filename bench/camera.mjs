// Camera renderer bench: the frames `run "pick up the red cube"` renders (the warehouse, seed 1,
// poses recorded from the offline planner's mission run in-process), re-rendered in fresh
// processes, as `run` renders them: the first frame while V8 still interprets the per-pixel
// loops, the later ones optimized. With --against DIR, the same frames are rendered by another
// checkout's dist/ (e.g. a worktree of the commit before a change) in alternate processes, so
// both figures see the same machine load.
//
//   npx tsc -p tsconfig.json && node bench/camera.mjs [--runs 9] [--against DIR] [--json]
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PlannerProvider } from '../dist/agent/providers/planner.js';
import { MissionRuntime } from '../dist/runtime/mission-runtime.js';
import { loadScenario } from '../dist/sim/scenario.js';
import { median } from './agent-suite/stats.mjs';

const MISSION = { scenario: 'warehouse', seed: 1, instruction: 'pick up the red cube' };

function options() {
  const usage = 'usage: node bench/camera.mjs [--runs N] [--against DIR] [--json]';
  try {
    const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, against: { type: 'string' }, json: { type: 'boolean', default: false } } });
    if (!/^[1-9]\d*$/.test(values.runs)) throw new Error(`--runs must be a positive whole number, got "${values.runs}"`);
    return { ...values, runs: Number(values.runs) };
  } catch (e) {
    console.error(`bench/camera.mjs: ${e.message}\n${usage}`);
    process.exit(2);
  }
}

/** The pose and robot time of every frame the mission captures. */
async function missionFrames() {
  const runtime = await MissionRuntime.open({ scenario: loadScenario(MISSION.scenario), seed: MISSION.seed, wallClock: () => 0, version: 'bench' });
  const { backend } = runtime.simRobot.sim;
  const frames = [];
  const capture = backend.captureFrame.bind(backend);
  backend.captureFrame = () => {
    const frame = capture();
    frames.push({ pose: frame.pose, time: frame.time });
    return frame;
  };
  try {
    const run = await runtime.runMission({ instruction: MISSION.instruction, provider: new PlannerProvider(), maxSteps: 100, confirmation: { mode: 'refuse' }, onEvent: () => {} });
    if (run.outcome !== 'succeeded') throw new Error(`the mission ended ${run.outcome}: ${run.summary}`);
  } finally {
    await runtime.close();
  }
  return frames;
}

function renderInFreshProcess(dist, input) {
  const r = spawnSync(process.execPath, [new URL('./camera/render-frames.mjs', import.meta.url).pathname, dist], { input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`rendering with ${dist} exited ${r.status}: ${r.stderr.trim()}`);
  return JSON.parse(r.stdout);
}

const round = (ms) => Math.round(ms * 100) / 100;

/** Medians over the processes: the first frame, each later frame, all frames together. */
function figures(runs) {
  const of = (key) => ({
    first: round(median(runs.map((r) => r[key][0]))),
    later: round(median(runs.flatMap((r) => r[key].slice(1)))),
    all: round(median(runs.map((r) => r[key].reduce((a, b) => a + b, 0)))),
  });
  return { wallMs: of('frameMs'), cpuMs: of('cpuMs'), gcMs: round(median(runs.map((r) => r.gcMs))) };
}

const opts = options();
const frames = await missionFrames();
const input = JSON.stringify({ scenario: MISSION.scenario, seed: MISSION.seed, frames });
const trees = { this: resolve('dist'), ...(opts.against ? { against: resolve(opts.against, 'dist') } : {}) };
const results = Object.fromEntries(Object.keys(trees).map((k) => [k, []]));
for (let i = 0; i < opts.runs; i++) for (const [k, dist] of Object.entries(trees)) results[k].push(renderInFreshProcess(dist, input));
const out = { frames: frames.length, runs: opts.runs, ...Object.fromEntries(Object.entries(results).map(([k, r]) => [k, figures(r)])) };

if (opts.json) console.log(JSON.stringify(out, null, 2));
else {
  console.log(`camera bench: ${out.frames} frames of "${MISSION.instruction}" (${MISSION.scenario}, seed ${MISSION.seed}), ${out.runs} fresh processes each, medians`);
  for (const k of Object.keys(trees)) {
    const f = out[k];
    const line = (m) => `first frame ${m.first} ms, later frames ${m.later} ms each, all ${out.frames} ${m.all} ms`;
    console.log(`  ${k === 'this' ? 'this tree' : opts.against}`);
    console.log(`    wall  ${line(f.wallMs)} (GC ${f.gcMs} ms)`);
    console.log(`    CPU   ${line(f.cpuMs)} (all threads of the process)`);
  }
}
