// Planner bench: end-to-end `run` wall time (process start to exit), mission-only wall time,
// tool calls per mission, and success over a set of varied instructions x seeds, judged by the
// final ground-truth world. Usage: node bench/agent.mjs [--seeds 5] [--e2e-runs 7] [--json]
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { MissionRuntime } from '../dist/runtime/mission-runtime.js';
import { PlannerProvider } from '../dist/agent/providers/planner.js';
import { loadScenario } from '../dist/sim/scenario.js';
import { createDetector } from '../dist/vision/detector.js';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const seeds = flag('--seeds', 5);
const e2eRuns = flag('--e2e-runs', 7);
const json = args.includes('--json');

const obj = (w, id) => w.objects.find((o) => o.id === id);
const near = (a, b, d) => Math.hypot(a.x - b.x, a.y - b.y) <= d;
/** A "where is" answer counts when the position it gives is within 25 cm of the truth. */
const reportedNear = (r, truth) => {
  const m = /at about \((-?[\d.]+), (-?[\d.]+)\)/.exec(r.summary);
  return r.outcome === 'succeeded' && m !== null && near({ x: Number(m[1]), y: Number(m[2]) }, truth, 0.25);
};
/** [scenario, instruction, judge(world, result) → bool] */
const MISSIONS = [
  ['warehouse', 'pick up the red cube', (w) => w.robot.holding === 'red_cube'],
  ['warehouse', 'grab the blue cube', (w) => w.robot.holding === 'blue_cube'],
  ['warehouse', 'get the green ball', (w) => w.robot.holding === 'green_ball'],
  ['warehouse', 'fetch the yellow cylinder', (w) => w.robot.holding === 'yellow_cylinder'],
  ['warehouse', 'pick up the ball', (w) => w.robot.holding === 'green_ball'],
  ['warehouse', 'put the red cube in bin a', (w) => obj(w, 'red_cube').zone === 'bin_a'],
  ['warehouse', 'bring the blue cube to bin b', (w) => obj(w, 'blue_cube').zone === 'bin_b'],
  ['warehouse', 'take the green ball to the shelf', (w) => obj(w, 'green_ball').zone === 'shelf'],
  ['warehouse', 'pick up the yellow cylinder, then put it in bin A', (w) => obj(w, 'yellow_cylinder').zone === 'bin_a'],
  ['warehouse', 'place the blue cube next to the green ball', (w) => near(obj(w, 'blue_cube'), obj(w, 'green_ball'), 0.8) && !obj(w, 'blue_cube').heldBy],
  ['warehouse', 'put all the cubes on the shelf', (w) => obj(w, 'red_cube').zone === 'shelf' && obj(w, 'blue_cube').zone === 'shelf'],
  ['warehouse', 'bring me the green ball', (w) => obj(w, 'green_ball').zone === 'home'],
  ['warehouse', 'go to bin b', (w) => w.robot.zone === 'bin_b'],
  ['warehouse', 'navigate to the shelf, then come back home', (w) => w.robot.zone === 'home'],
  ['warehouse', 'move to (7, 5.5)', (w) => near(w.robot, { x: 7, y: 5.5 }, 0.05)],
  ['warehouse', 'where is the red cube?', (w, r) => reportedNear(r, obj(w, 'red_cube'))],
  ['warehouse', 'find the yellow cylinder', (w, r) => reportedNear(r, obj(w, 'yellow_cylinder'))],
  ['warehouse', 'go charge', (w) => w.robot.battery >= 0.94],
  ['warehouse', 'what is your battery level?', (w, r) => /Battery at 90%/.test(r.summary)],
  ['warehouse', 'where are you?', (w, r) => /I am at \(1, 1\)/.test(r.summary)],
  ['warehouse', 'arm', (w) => w.robot.armed],
  ['warehouse', 'set max speed to 0.3', (w) => w.parameters.max_linear_speed === 0.3],
  ['warehouse', 'set conflict policy to queue, then go to bin a', (w) => w.parameters.conflict_policy === 'queue' && w.robot.zone === 'bin_a'],
  ['twins', 'pick up the red cube', (w) => ['red_cube_1', 'red_cube_2'].includes(w.robot.holding)],
  ['twins', 'put all the red cubes in bin b', (w) => obj(w, 'red_cube_1').zone === 'bin_b' && obj(w, 'red_cube_2').zone === 'bin_b'],
  ['cluttered', 'find the red cube', (w, r) => reportedNear(r, obj(w, 'red_cube'))],
  ['cluttered', 'bring the green cube to bin a', (w) => obj(w, 'green_cube').zone === 'bin_a'],
  ['cluttered', 'pick up the blue ball', (w) => w.robot.holding === 'blue_ball'],
  ['low-battery', 'go to bin a', (w) => w.robot.zone === 'bin_a'],
  ['low-battery', 'put the blue cube in bin b', (w) => obj(w, 'blue_cube').zone === 'bin_b'],
  ['dim', 'pick up the red cube', (w) => w.robot.holding === 'red_cube'],
  ['empty', 'pick up the red cube', (w, r) => r.outcome === 'failed' && w.robot.holding === null],
  ['warehouse', 'pick up the purple elephant', (w, r) => r.outcome === 'failed'],
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

// End to end: the real program, process start to exit.
const e2e = [];
for (let i = 0; i < e2eRuns; i++) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['bin/robot-agent.js', 'run', 'pick up the red cube', '--no-record', '--json'], { encoding: 'utf8' });
  e2e.push(performance.now() - t0);
  if (r.status !== 0) console.error(`e2e run ${i} exited ${r.status}: ${r.stderr.trim()}`);
}

const detector = createDetector({ threads: 2 });
const results = [];
for (const [scenario, instruction, judge] of MISSIONS) {
  for (let seed = 1; seed <= seeds; seed++) {
    const runtime = await MissionRuntime.open({ scenario: loadScenario(scenario), seed, sharedDetector: detector, wallClock: () => 0, version: 'bench' });
    const t0 = performance.now();
    const run = await runtime.runMission({ instruction, provider: new PlannerProvider(), maxSteps: 80, confirmation: { mode: 'refuse' }, onEvent: () => {}, wallMs: () => performance.now() });
    const ms = performance.now() - t0;
    await runtime.close();
    const ok = Boolean(judge(run.world, run));
    results.push({ scenario, instruction, seed, ok, ms, steps: run.steps, outcome: run.outcome, summary: run.summary });
    if (!ok && !json) console.error(`  FAIL ${scenario} seed ${seed}: "${instruction}" → ${run.outcome}: ${run.summary}`);
  }
}

const pick = results.filter((r) => r.scenario === 'warehouse' && r.instruction === 'pick up the red cube');
const figures = {
  missions: results.length,
  instructions: MISSIONS.length,
  seeds,
  successRate: Math.round((results.filter((r) => r.ok).length / results.length) * 1000) / 1000,
  e2eRunMsMedian: Math.round(median(e2e)),
  pickRedCubeMissionMsMedian: Math.round(median(pick.map((r) => r.ms))),
  missionMsMedian: Math.round(median(results.map((r) => r.ms))),
  toolCallsMedian: median(results.map((r) => r.steps)),
  pickRedCubeToolCallsMedian: median(pick.map((r) => r.steps)),
  failures: results.filter((r) => !r.ok).map((r) => `${r.scenario}/${r.seed}: ${r.instruction} → ${r.summary}`),
};
if (json) console.log(JSON.stringify(figures, null, 2));
else {
  console.log(`planner success        ${(figures.successRate * 100).toFixed(1)}% of ${figures.missions} missions (${figures.instructions} instructions x ${seeds} seeds)`);
  console.log(`run "pick up the red cube", process start to exit: median ${figures.e2eRunMsMedian} ms over ${e2eRuns} runs`);
  console.log(`  the mission alone: median ${figures.pickRedCubeMissionMsMedian} ms, ${figures.pickRedCubeToolCallsMedian} tool calls`);
  console.log(`all missions: median ${figures.missionMsMedian} ms, ${figures.toolCallsMedian} tool calls`);
}
