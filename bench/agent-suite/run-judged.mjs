// Runs one instruction in-process with the offline planner on a fresh world and judges it from
// the simulator's truth: the final world, the path the simulator drove, and — for questions
// only — the answer text. The same code serves the suite and the built-in missions.
import { performance } from 'node:perf_hooks';
import { PlannerProvider } from '../../dist/agent/providers/planner.js';
import { MissionRuntime } from '../../dist/runtime/mission-runtime.js';
import { classifyRun, judgeMission } from '../../dist/tools/mission-judge.js';
import { watchMission } from '../../dist/tools/mission-trace.js';

/** The CLI's default tool-call budget: the suite asks for what a user gets. */
export const MAX_STEPS = 100;

/** { scenario: Scenario, seed, text, judge, possible } → the run's figures and verdicts. */
export async function runJudged({ scenario, seed, text, judge, possible }, detector) {
  const runtime = await MissionRuntime.open({ scenario, seed, sharedDetector: detector, wallClock: () => 0, version: 'bench' });
  const { sim } = runtime.simRobot;
  const watch = watchMission(sim.world, (listener) => sim.engine.onStep(listener));
  const t0 = performance.now();
  let run;
  try {
    run = await runtime.runMission({ instruction: text, provider: new PlannerProvider(), maxSteps: MAX_STEPS, confirmation: { mode: 'refuse' }, onEvent: () => {}, wallMs: () => performance.now() });
  } finally {
    watch.stop();
    await runtime.close();
  }
  const ms = performance.now() - t0;
  const judged = judgeMission(judge, { scenario, world: run.world, trace: watch.trace(), answer: run.summary });
  return { outcome: run.outcome, summary: run.summary, steps: run.steps, ms, judged, ...classifyRun(possible, run.outcome, judged) };
}
