// Search that scales (#15 item 4): in large rooms with obstacles, does "put all the X in Y" with
// three targets finish within the CLI's default budget, and is one far object found in ≤ 40 calls?
// Each case is a suite room with its objects moved: the sim's seed only drives sensor noise, so the
// placements are what vary, drawn from a seeded generator and kept fair (free floor, approachable
// for a grasp, not already where they should go). Runs the offline planner in-process and judges
// each run from the simulator's truth (src/tools/mission-judge.ts). Cases are split before tuning:
// even-numbered cases of each room and kind are `tune`, odd ones `held-out`; both are reported.
// Usage: npm run bench:search [-- --half tune|held-out] [--per-room N] [--verbose] [--json]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSimulation } from '../dist/sim/sim-backend.js';
import { loadScenario, parseScenario } from '../dist/sim/scenario.js';
import { createDetector } from '../dist/vision/detector.js';
import { SCENARIO_DIR } from './agent-suite/paths.mjs';
import { MAX_STEPS, runJudged } from './agent-suite/run-judged.mjs';
import { median, percent, rate } from './agent-suite/stats.mjs';

/** The issue's targets: three targets within the default budget; one far object in ≤ 40 calls. */
const FAR_TARGET_CALLS = 40;
/** A far object is at least this far (straight line) from where the robot starts. */
const FAR_M = 10;

const USAGE = 'usage: node bench/search.mjs [--half tune|held-out] [--per-room N] [--verbose] [--json]';
function options() {
  try {
    return parseArgs({
      options: {
        half: { type: 'string' },
        'per-room': { type: 'string', default: '6' },
        verbose: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
      },
    }).values;
  } catch (e) {
    console.error(`bench/search.mjs: ${e.message}\n${USAGE}`);
    process.exit(2);
  }
}
const opts = options();
const perRoom = Number(opts['per-room']);
if (!Number.isInteger(perRoom) || perRoom < 1) {
  console.error('--per-room takes a whole number of cases per room and kind, 1 or more (default 6)');
  process.exit(2);
}
if (opts.half && !['tune', 'held-out'].includes(opts.half)) {
  console.error('--half takes tune or held-out');
  process.exit(2);
}

/** The rooms searched, with the zones an "all" case may deliver to and the kinds it may ask for. */
const ROOMS = [
  { name: 'loading-hall', drops: ['loading_bay', 'loading_dock', 'staging_area'] },
  { name: 'office-corridor', drops: ['reception', 'mail_room', 'kitchen'] },
];
const KINDS = [
  { color: 'yellow', shape: 'cylinder', size: 0.11 },
  { color: 'red', shape: 'cube', size: 0.12 },
  { color: 'blue', shape: 'ball', size: 0.12 },
  { color: 'green', shape: 'cube', size: 0.12 },
];

/** mulberry32: a small seeded generator, so every run of the bench draws the same cases. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const inRect = (r, p, margin) => Math.abs(p.x - r.x) <= r.width / 2 + margin && Math.abs(p.y - r.y) <= r.depth / 2 + margin;
const round2 = (v) => Math.round(v * 100) / 100;
const directions = Array.from({ length: 16 }, (_, i) => (i / 16) * 2 * Math.PI);

/** A fair spot for an object: free floor off the walls and obstacles, clear of other objects,
 *  outside `avoid` zones, and with a grasp pose the robot can drive to. */
function drawSpot(scenario, rnd, placed, avoid, accept) {
  const { width, depth } = scenario.room;
  for (let tries = 0; tries < 2000; tries++) {
    const p = { x: round2(0.5 + rnd() * (width - 1)), y: round2(0.5 + rnd() * (depth - 1)) };
    if (!accept(p)) continue;
    if (scenario.obstacles.some((o) => inRect(o, p, 0.45))) continue;
    if (scenario.zones.some((z) => avoid.includes(z.name) && inRect(z, p, 0.3))) continue;
    if (placed.some((o) => Math.hypot(o.x - p.x, o.y - p.y) < 1)) continue;
    if (Math.hypot(p.x - scenario.robot.x, p.y - scenario.robot.y) < 1.5) continue;
    const sim = createSimulation({ scenario: parseScenario({ ...scenario, objects: placed }), seed: 1 });
    if (!directions.some((a) => sim.engine.planPath({ x: p.x + 0.36 * Math.cos(a), y: p.y + 0.36 * Math.sin(a) }).ok)) continue;
    return p;
  }
  throw new Error(`no fair spot found in ${scenario.name}`);
}

/** Moves the room's objects of `kind` away and puts `count` of them at fresh spots. */
function placeKind(base, rnd, kind, count, avoid, accept) {
  const others = base.objects.filter((o) => !(o.color === kind.color && o.shape === kind.shape));
  const objects = [...others];
  const ids = [];
  for (let i = 1; i <= count; i++) {
    const p = drawSpot(base, rnd, objects, avoid, accept);
    const id = `${kind.color}_${kind.shape}_${i}`;
    objects.push({ id, ...kind, ...p });
    ids.push(id);
  }
  // Parsed as a scenario file is, so every object gets the fields a file's would (its yaw, ...).
  return { scenario: parseScenario({ ...base, objects }), ids };
}

function buildCases() {
  const cases = [];
  for (const [r, room] of ROOMS.entries()) {
    const base = loadScenario(join(SCENARIO_DIR, `${room.name}.json`));
    const start = base.robot;
    for (let i = 0; i < perRoom; i++) {
      const half = i % 2 === 0 ? 'tune' : 'held-out';
      const rnd = generator(1000 * (r + 1) + i);
      const kind = KINDS[i % KINDS.length];
      const drop = room.drops[i % room.drops.length];
      const all = placeKind(base, rnd, kind, 3, [drop, 'charging_dock'], () => true);
      cases.push({
        id: `${room.name}/all-${i}`,
        kind: 'all',
        half,
        seed: i + 1,
        scenario: { ...all.scenario, name: `${room.name}-all-${i}` },
        text: `put all the ${kind.color} ${kind.shape}s in the ${drop.replace(/_/g, ' ')}`,
        judge: all.ids.map((object) => ({ in_zone: { object, zone: drop } })),
        where: all.ids.map((id) => all.scenario.objects.find((o) => o.id === id)),
      });
      const farKind = KINDS[(i + 1) % KINDS.length];
      const far = placeKind(base, rnd, farKind, 1, ['charging_dock'], (p) => Math.hypot(p.x - start.x, p.y - start.y) >= FAR_M);
      const object = far.ids[0];
      cases.push({
        id: `${room.name}/far-${i}`,
        kind: 'far',
        half,
        seed: i + 1,
        scenario: { ...far.scenario, name: `${room.name}-far-${i}` },
        text: `where is the ${farKind.color} ${farKind.shape}?`,
        judge: [{ answer_position: { object, within: 0.3 } }],
        where: [far.scenario.objects.find((o) => o.id === object)],
      });
    }
  }
  return cases.filter((c) => !opts.half || c.half === opts.half);
}

const cases = buildCases();
const detector = createDetector({ threads: 2 });
const results = [];
for (const c of cases) {
  const r = await runJudged({ scenario: c.scenario, seed: c.seed, text: c.text, judge: c.judge, possible: true }, detector);
  const target = c.kind === 'far' ? FAR_TARGET_CALLS : MAX_STEPS;
  const row = { id: c.id, kind: c.kind, half: c.half, text: c.text, calls: r.steps, outcome: r.outcome, success: r.success, falseSuccess: r.falseSuccess, withinTarget: r.success && r.steps <= target, ms: Math.round(r.ms) };
  results.push(row);
  if (!opts.json) {
    const at = c.where.map((o) => `(${o.x}, ${o.y})`).join(' ');
    console.log(`${row.success ? 'ok  ' : 'MISS'} ${row.id.padEnd(22)} ${row.half.padEnd(8)} ${String(row.calls).padStart(3)} calls  ${row.outcome.padEnd(9)} ${c.text}  [${at}]`);
    if (opts.verbose && !row.success) {
      console.log(`     said: ${r.summary}`);
      for (const v of r.judged.conditions.filter((v) => !v.ok)) console.log(`     not held: ${v.condition} (${v.detail})`);
    }
  }
}
await detector.dispose();

const summary = [];
for (const half of ['tune', 'held-out']) {
  for (const kind of ['all', 'far']) {
    const rows = results.filter((x) => x.half === half && x.kind === kind);
    if (!rows.length) continue;
    summary.push({
      half,
      kind,
      cases: rows.length,
      success: rate(rows.filter((x) => x.success).length, rows.length),
      withinTarget: rate(rows.filter((x) => x.withinTarget).length, rows.length),
      falseSuccesses: rows.filter((x) => x.falseSuccess).map((x) => x.id),
      medianCalls: median(rows.map((x) => x.calls)),
      medianMs: Math.round(median(rows.map((x) => x.ms))),
    });
  }
}
if (opts.json) console.log(JSON.stringify({ cases: results, summary }, null, 2));
else {
  console.log('');
  for (const s of summary) {
    const target = s.kind === 'far' ? `≤ ${FAR_TARGET_CALLS} calls` : `≤ ${MAX_STEPS} calls (the default budget)`;
    console.log(
      `${s.half.padEnd(8)} ${s.kind === 'all' ? '"all the X", 3 targets' : 'one far object       '}: ${s.cases} cases, success ${percent(s.success)}, within ${target} ${percent(s.withinTarget)}, median ${s.medianCalls} calls (${s.medianMs} ms)${s.falseSuccesses.length ? `, FALSE SUCCESSES ${s.falseSuccesses.join(' ')}` : ''}`,
    );
  }
}
