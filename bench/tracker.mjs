// Object-memory bench: what the robot remembers after looking around. In every scenario, for each
// seed, the camera takes a random walk (0.4 m steps, turning away from walls and obstacles) and
// every frame goes through the real vision pipeline (detector → localization → tracker). The
// remembered objects are then judged against the ground truth:
//   right      – a remembered object within 0.35 m of a real one, with its label;
//   mislabeled – the first remembered object on a real one, with another label;
//   duplicate  – a second remembered object on an already matched real one (a phantom id);
//   phantom    – a remembered object with no real one within 0.35 m;
//   unseen     – real objects nothing was remembered for (the walk may never have faced them).
// Usage: node bench/tracker.mjs [--seeds 3] [--frames 150] [--detector-model PATH] [--json]
import { renderWorld } from '../dist/sim/camera/index.js';
import { obstaclesBlock } from '../dist/core/planning/collision.js';
import { distanceToRect } from '../dist/core/geometry.js';
import { SeededRng } from '../dist/core/rng.js';
import { listScenarios } from '../dist/sim/scenario.js';
import { World } from '../dist/sim/world.js';
import { createDetector, DEFAULT_CONFIDENCE } from '../dist/vision/detector.js';
import { VisionPipeline } from '../dist/vision/pipeline.js';

const args = process.argv.slice(2);
const option = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const seeds = Number(option('--seeds', 3));
const frames = Number(option('--frames', 150));
const json = args.includes('--json');
const MATCH_M = 0.35;

const detector = createDetector({ modelPath: option('--detector-model', undefined) });
await detector.load();
const totals = { walks: 0, real: 0, right: 0, mislabeled: 0, duplicate: 0, phantom: 0, unseen: 0 };
const slips = [];
for (const scenario of listScenarios()) {
  for (let seed = 1; seed <= seeds; seed++) {
    const world = new World(scenario);
    const rng = new SeededRng(seed).fork(`tracker-bench:${scenario.name}`);
    // As the robot's pipeline (simulated-robot.ts): objects behind obstacles are not forgotten.
    const pipeline = new VisionPipeline(detector, { occluded: (from, to) => obstaclesBlock(world.map, from, to) });
    let pose = { x: scenario.robot.x, y: scenario.robot.y, heading: scenario.robot.heading ?? 0 };
    for (let i = 0; i < frames; i++) {
      pose = step(world, pose, rng);
      const { frame } = renderWorld(world, pose, { rng: rng.fork(`sensor:${i}`), time: i });
      await pipeline.process(frame, { confidence: DEFAULT_CONFIDENCE });
    }
    const real = world.objects.map((o) => ({ label: `${o.color}_${o.shape}`, x: o.x, y: o.y, matched: false }));
    // Most-seen first, so the object a real one is "really" remembered as is judged before its echoes.
    for (const seen of pipeline.objects().sort((a, b) => b.timesSeen - a.timesSeen || (a.id < b.id ? -1 : 1))) {
      // Within reach, prefer an unmatched real object with this label, then any unmatched one, then the nearest.
      const rank = (r) => (r.matched ? 2 : r.label === seen.label ? 0 : 1);
      const near = real
        .map((r) => ({ r, d: Math.hypot(r.x - seen.x, r.y - seen.y) }))
        .filter((c) => c.d <= MATCH_M)
        .sort((a, b) => rank(a.r) - rank(b.r) || a.d - b.d)[0]?.r;
      const verdict = !near ? 'phantom' : near.matched ? 'duplicate' : near.label === seen.label ? 'right' : 'mislabeled';
      if (near) near.matched = true;
      totals[verdict]++;
      if (verdict !== 'right') slips.push(`${scenario.name} seed ${seed}: ${verdict} ${seen.id} (seen ${seen.timesSeen}×)${near ? ` on ${near.label}` : ''}`);
    }
    totals.walks++;
    totals.real += real.length;
    totals.unseen += real.filter((r) => !r.matched).length;
  }
}
await detector.dispose();

if (json) console.log(JSON.stringify({ seeds, frames, ...totals, slips }));
else {
  console.log(`object memory after ${totals.walks} random walks of ${frames} frames (${listScenarios().length} scenarios × ${seeds} seeds), ${totals.real} real objects:`);
  console.log(`  right ${totals.right}, mislabeled ${totals.mislabeled}, duplicate ids ${totals.duplicate}, phantoms ${totals.phantom}, never seen ${totals.unseen}`);
  for (const s of slips) console.log(`  ${s}`);
}

/** One 0.4 m step in a direction near the current heading; turns in place when blocked. */
function step(world, pose, rng) {
  const { width, depth, obstacles } = world.map;
  const free = (x, y) => x > 0.35 && y > 0.35 && x < width - 0.35 && y < depth - 0.35 && obstacles.every((o) => distanceToRect(o, { x, y }) > 0.3);
  let heading = pose.heading;
  for (let tries = 0; tries < 20; tries++) {
    const h = heading + rng.range(-0.6, 0.6);
    const x = pose.x + 0.4 * Math.cos(h);
    const y = pose.y + 0.4 * Math.sin(h);
    if (free(x, y)) return { x, y, heading: h };
    heading += rng.range(1, 3);
  }
  return { ...pose, heading };
}
