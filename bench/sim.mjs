// Simulator speed: drives the robot between goals in the warehouse, through the backend and the
// virtual runner as the robot's tools do (start a goal, sleep in virtual time until it ends),
// and prints the wall time each simulated second of navigation costs.
//
//   npm run build && node bench/sim.mjs [--laps N] [--json]
import { performance } from 'node:perf_hooks';
import { createSimulation } from '../dist/sim/sim-backend.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
const lapsArg = args.indexOf('--laps');
const laps = lapsArg >= 0 ? Number(args[lapsArg + 1]) : 10;
if (!Number.isInteger(laps) || laps < 1) {
  console.error('--laps needs a positive whole number');
  process.exit(2);
}

const GOALS = [
  { x: 8, y: 5 },
  { x: 2, y: 6.5, heading: -1.57 },
  { x: 8.5, y: 1.6 },
  { x: 5.5, y: 7.2, heading: 0 },
  { x: 1, y: 1 },
];
const LIMITS = { maxLinear: 1, maxAngular: 2.5, tolerance: 0.05 };
const POLL_S = 0.5;

const { backend, world, clock } = createSimulation({ scenario: 'warehouse', seed: 1 });

/** One leg: returns [wall ms, simulated s]. */
async function leg(goal) {
  world.robot.battery = 1; // measuring speed, not energy
  const wall0 = performance.now();
  const sim0 = clock.now();
  backend.startMotion({ kind: 'goto', target: goal, heading: goal.heading, limits: LIMITS });
  while (backend.motionState().status === 'active') await backend.sleep(POLL_S);
  const state = backend.motionState();
  if (state.status !== 'succeeded') throw new Error(`leg to ${JSON.stringify(goal)} ended ${state.status}: ${state.reason}`);
  return [performance.now() - wall0, clock.now() - sim0];
}

// Warm-up lap: let the JIT compile the hot paths before measuring.
for (const g of GOALS) await leg(g);

const perSimSecond = [];
let wallTotal = 0;
let simTotal = 0;
for (let lap = 0; lap < laps; lap++) {
  for (const g of GOALS) {
    const [wallMs, simS] = await leg(g);
    perSimSecond.push(wallMs / simS);
    wallTotal += wallMs;
    simTotal += simS;
  }
}
perSimSecond.sort((a, b) => a - b);
const median = perSimSecond[Math.floor(perSimSecond.length / 2)];
const result = {
  scenario: 'warehouse',
  legs: perSimSecond.length,
  simulatedSeconds: Math.round(simTotal * 10) / 10,
  wallMs: Math.round(wallTotal),
  medianWallMsPerSimSecond: Math.round(median * 1000) / 1000,
  realTimeFactor: Math.round(simTotal / (wallTotal / 1000)),
  medianRealTimeFactor: Math.round(1000 / median),
  target: 1000,
};
if (json) console.log(JSON.stringify(result));
else {
  console.log(`simulator bench: ${result.legs} legs in ${result.scenario}, ${result.simulatedSeconds} s simulated in ${result.wallMs} ms`);
  console.log(`  median      ${result.medianWallMsPerSimSecond} wall ms per simulated second`);
  console.log(`  real time   ×${result.realTimeFactor} overall, ×${result.medianRealTimeFactor} median leg (target ×${result.target})`);
}
