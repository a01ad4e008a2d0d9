import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { loadScenario, type Scenario } from '../../src/sim/scenario.js';
import { loadSuiteFile, type SuiteInstruction } from '../../src/tools/agent-suite.js';
import { classifyRun, judgeMission, type JudgeCondition, type JudgeVerdict } from '../../src/tools/mission-judge.js';
import { watchMission, type MissionTrace } from '../../src/tools/mission-trace.js';
import type { World } from '../../src/sim/world.js';
import { sharedDetector } from '../helpers/shared-detector.js';

/**
 * A few suite instructions run end to end with the offline planner, twice: by `bench/agent.mjs`
 * (the built program) and here in-process. The bench must report the verdict the judge gives on
 * the same mission, and the judge's verdict on each condition must agree with a direct look at
 * the simulated world. Nothing here asserts that the planner succeeds.
 */
const repo = resolve(import.meta.dirname, '../..');
const suiteDir = join(repo, 'bench/agent-suite');
// a delivery, a question, an impossible request and a path constraint
const IDS = ['lw-red-cube-on-table', 'oc-count-cubes-room-two', 'lh-ambiguous-dock', 'ds-dock-without-charging'];
const suite = new Map(loadSuiteFile(join(suiteDir, 'instructions.yaml')).map((e) => [e.id, e]));

interface BenchLine {
  id: string;
  outcome: string;
  steps: number;
  success: boolean;
  falseSuccess: boolean;
  judge: JudgeVerdict;
}

let bench: Map<string, BenchLine>;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['bench/agent.mjs', '--json', '--no-e2e', '--no-builtin', ...IDS.flatMap((id) => ['--id', id])], {
    cwd: repo,
    maxBuffer: 16 << 20,
  });
  const report = JSON.parse(stdout) as { instructions: BenchLine[] };
  bench = new Map(report.instructions.map((l) => [l.id, l]));
}, 240_000);

/** What the simulated world says about a condition, read straight from the simulator's objects. */
function directLook(c: JudgeCondition, world: World, scenario: Scenario, trace: MissionTrace): boolean | undefined {
  const obj = (id: string) => world.objects.find((o) => o.id === id)!;
  if ('in_zone' in c) return obj(c.in_zone.object).heldBy === null && world.zoneAt(obj(c.in_zone.object))?.name === c.in_zone.zone;
  if ('not_in_zone' in c) {
    const a = c.not_in_zone;
    return 'robot' in a ? world.zoneAt(world.robot)?.name !== a.zone : obj(a.object).heldBy !== null || world.zoneAt(obj(a.object))?.name !== a.zone;
  }
  if ('holding' in c && !Array.isArray(c.holding)) return world.robot.holding === c.holding;
  if ('robot_in_zone' in c) return world.zoneAt(world.robot)?.name === c.robot_in_zone;
  if ('unmoved' in c) {
    const ids = c.unmoved === 'all' ? scenario.objects.map((o) => o.id) : c.unmoved;
    return ids.every((id) => {
      const start = scenario.objects.find((o) => o.id === id)!;
      return obj(id).heldBy === null && Math.hypot(obj(id).x - start.x, obj(id).y - start.y) <= 0.05;
    });
  }
  if ('not_charged' in c) return !trace.charged;
  return undefined;
}

async function runHere(e: SuiteInstruction) {
  const scenario = loadScenario(join(suiteDir, 'scenarios', `${e.scenario}.json`));
  const runtime = await MissionRuntime.open({ scenario, seed: e.seed, sharedDetector: await sharedDetector(), wallClock: () => 0, version: 'bench' });
  const { sim } = runtime.simRobot;
  const watch = watchMission(sim.world, (l) => sim.engine.onStep(l));
  try {
    const run = await runtime.runMission({ instruction: e.text, provider: new PlannerProvider(), maxSteps: 100, confirmation: { mode: 'refuse' }, onEvent: () => {} });
    watch.stop();
    const trace = watch.trace();
    return { run, trace, scenario, world: sim.world, judged: judgeMission(e.judge, { scenario, world: run.world, trace, answer: run.summary }) };
  } finally {
    await runtime.close();
  }
}

describe('agent suite end to end: the bench reports what the judge says', () => {
  it.each(IDS)('%s', async (id) => {
    const e = suite.get(id)!;
    const here = await runHere(e);
    const line = bench.get(id)!;
    // the same mission (same room, seed and planner) in both places
    expect({ outcome: line.outcome, steps: line.steps }).toEqual({ outcome: here.run.outcome, steps: here.run.steps });
    expect(line.judge).toEqual(here.judged);
    expect({ success: line.success, falseSuccess: line.falseSuccess }).toEqual(classifyRun(e.possible, here.run.outcome, here.judged));
    // and the judge is right about the world
    e.judge.forEach((c, i) => {
      const truth = directLook(c, here.world, here.scenario, here.trace);
      if (truth !== undefined) expect(here.judged.conditions[i]!.ok, here.judged.conditions[i]!.condition).toBe(truth);
    });
  }, 240_000);
});
