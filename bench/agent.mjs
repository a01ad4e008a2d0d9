// Planner bench: end-to-end `run` time next to a bare `node -e 0`, the built-in missions over
// several seeds, and the agent suite (bench/agent-suite: new rooms, everyday wording, impossible
// requests) per half — tune and held-out — judged by the simulator's final ground truth.
// Usage: node bench/agent.mjs [--half tune|held-out] [--id ID]... [--verbose] [--json]
//          [--seeds 5] [--e2e-runs 7] [--no-builtin] [--no-e2e] [--e2e-only]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadScenario } from '../dist/sim/scenario.js';
import { HALVES, loadSuiteFile } from '../dist/tools/agent-suite.js';
import { createDetector } from '../dist/vision/detector.js';
import { BUILTIN_MISSIONS } from './agent-suite/builtin-missions.mjs';
import { measureEndToEnd } from './agent-suite/e2e.mjs';
import { INSTRUCTIONS_FILE, SCENARIO_DIR } from './agent-suite/paths.mjs';
import { halfFigures, printHalf, printInstruction } from './agent-suite/report.mjs';
import { runJudged } from './agent-suite/run-judged.mjs';
import { median, percent, rate } from './agent-suite/stats.mjs';

function options() {
  const usage = 'usage: node bench/agent.mjs [--half tune|held-out] [--id ID]... [--verbose] [--json] [--seeds N] [--e2e-runs N] [--no-builtin] [--no-e2e] [--e2e-only]';
  try {
    const { values } = parseArgs({
      options: {
        half: { type: 'string' },
        id: { type: 'string', multiple: true },
        verbose: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        seeds: { type: 'string', default: '5' },
        'e2e-runs': { type: 'string', default: '7' },
        'no-builtin': { type: 'boolean', default: false },
        'no-e2e': { type: 'boolean', default: false },
        'e2e-only': { type: 'boolean', default: false },
      },
    });
    if (values.half !== undefined && !HALVES.includes(values.half)) throw new Error(`--half must be tune or held-out, got "${values.half}"`);
    if (values['e2e-only'] && values['no-e2e']) throw new Error('--e2e-only and --no-e2e leave nothing to measure');
    for (const name of ['seeds', 'e2e-runs']) {
      if (!/^\d+$/.test(values[name])) throw new Error(`--${name} must be a whole number, got "${values[name]}"`);
    }
    return { ...values, seeds: Number(values.seeds), e2eRuns: Number(values['e2e-runs']) };
  } catch (e) {
    console.error(`bench/agent.mjs: ${e.message}\n${usage}`);
    process.exit(2);
  }
}

function endToEndLine(e) {
  return `run "pick up the red cube", process start to exit: median ${e.runMsMedian} ms over ${e.runs} runs (node -e 0: ${e.nodeMsMedian} ms)`;
}

const opts = options();
const suite = loadSuiteFile(INSTRUCTIONS_FILE).filter((e) => (!opts.half || e.half === opts.half) && (!opts.id || opts.id.includes(e.id)));
const unknown = (opts.id ?? []).filter((id) => !suite.some((e) => e.id === id));
if (unknown.length) {
  console.error(`bench/agent.mjs: no instruction ${unknown.join(', ')} in ${INSTRUCTIONS_FILE}${opts.half ? ` (half ${opts.half})` : ''}`);
  process.exit(2);
}

const figures = {};
if (!opts['no-e2e']) figures.endToEnd = measureEndToEnd(opts.e2eRuns);
// --e2e-only: the start-up figure alone (#18 item 9), without the minutes the missions take.
if (opts['e2e-only']) {
  console.log(opts.json ? JSON.stringify(figures, null, 2) : endToEndLine(figures.endToEnd));
  process.exit(0);
}

const detector = createDetector({ threads: 2 });
const scenarios = new Map();
const scenarioFile = (name) => scenarios.get(name) ?? scenarios.set(name, loadScenario(join(SCENARIO_DIR, `${name}.json`))).get(name);

if (!opts['no-builtin']) {
  const runs = [];
  for (const m of BUILTIN_MISSIONS) {
    for (let seed = 1; seed <= opts.seeds; seed++) runs.push({ ...m, seed, ...(await runJudged({ ...m, scenario: loadScenario(m.scenario), seed }, detector)) });
  }
  const pick = runs.filter((r) => r.scenario === 'warehouse' && r.text === 'pick up the red cube');
  figures.builtin = {
    missions: runs.length,
    instructions: BUILTIN_MISSIONS.length,
    seeds: opts.seeds,
    successRate: rate(runs.filter((r) => r.success).length, runs.length),
    falseSuccesses: runs.filter((r) => r.falseSuccess).map((r) => `${r.scenario}/${r.seed}: ${r.text}`),
    pickRedCubeMissionMsMedian: Math.round(median(pick.map((r) => r.ms))),
    pickRedCubeToolCallsMedian: median(pick.map((r) => r.steps)),
    toolCallsMedian: median(runs.map((r) => r.steps)),
    failures: runs.filter((r) => !r.success).map((r) => `${r.scenario}/${r.seed}: ${r.text} → ${r.outcome}: ${r.summary}`),
  };
}

const results = [];
for (const e of suite) {
  const r = await runJudged({ ...e, scenario: scenarioFile(e.scenario) }, detector);
  results.push({ id: e.id, half: e.half, form: e.form, scenario: e.scenario, possible: e.possible, text: e.text, ...r });
}
await detector.dispose();
figures.suite = Object.fromEntries(HALVES.filter((h) => results.some((r) => r.half === h)).map((h) => [h, halfFigures(results.filter((r) => r.half === h))]));

if (opts.json) {
  const perInstruction = results.map(({ judged, ms, ...r }) => ({ ...r, ms: Math.round(ms), judge: judged }));
  console.log(JSON.stringify({ ...figures, instructions: perInstruction }, null, 2));
} else {
  if (figures.endToEnd) console.log(endToEndLine(figures.endToEnd));
  if (figures.builtin) {
    const b = figures.builtin;
    console.log(`built-in missions      ${percent(b.successRate)} of ${b.missions} (${b.instructions} instructions x ${b.seeds} seeds), ${b.falseSuccesses.length} false successes, median ${b.toolCallsMedian} tool calls`);
    console.log(`  "pick up the red cube" alone: median ${b.pickRedCubeMissionMsMedian} ms, ${b.pickRedCubeToolCallsMedian} tool calls`);
    for (const f of b.failures) console.log(`  FAIL ${f}`);
  }
  for (const [half, f] of Object.entries(figures.suite)) printHalf(half, f);
  if (opts.verbose) for (const r of results) printInstruction(r);
}
