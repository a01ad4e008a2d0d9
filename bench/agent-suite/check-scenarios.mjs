// Checks the suite's rooms are fair before any planner is judged on them: every zone (except those
// a scenario marks unreachable on purpose) has a path from the start, every object can be
// approached for a grasp, and the detector sees every object from some free viewpoint. A room
// where the detector cannot see an object is a bad room, not a planner failure.
// Usage: node bench/agent-suite/check-scenarios.mjs   (after npm run build)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSimulation } from '../../dist/sim/sim-backend.js';
import { poseProblem, renderTruthView } from '../../dist/tools/ground-truth.js';
import { createDetector, DEFAULT_CONFIDENCE } from '../../dist/vision/detector.js';
import { VisionPipeline } from '../../dist/vision/pipeline.js';
import { SCENARIO_DIR } from './paths.mjs';

/** Zones the robot cannot drive into on purpose: the cage and the lab's fume cupboard are closed
 *  off (the suite's "unreachable place" instructions use them); the supply room's tray and the
 *  lab's test tube rack are small and already full of objects (its "full zone" instructions). */
const UNREACHABLE = { 'dark-storeroom': ['cage'], 'ward-supply-room': ['tray'], 'science-lab': ['fume_cupboard', 'test_tube_rack'] };

const detector = createDetector({ threads: 2 });
const directions = Array.from({ length: 16 }, (_, i) => (i / 16) * 2 * Math.PI);
let problems = 0;
const complain = (msg) => {
  problems++;
  console.log(`  PROBLEM ${msg}`);
};

for (const file of readdirSync(SCENARIO_DIR).filter((f) => f.endsWith('.json')).sort()) {
  const sim = createSimulation({ scenario: join(SCENARIO_DIR, file), seed: 1 });
  const world = sim.engine.world;
  const name = world.scenario.name;
  console.log(`${name}: ${world.map.width} x ${world.map.depth} m, ${world.map.zones.length} zones, ${world.objects.length} objects`);
  for (const z of world.scenario.zones) {
    // Reachable when some point of the zone is (its centre may hold an object or a table).
    const points = [0.5, 0.3, 0.7, 0.15, 0.85].flatMap((fx) => [0.5, 0.3, 0.7, 0.15, 0.85].map((fy) => ({ x: z.x + (fx - 0.5) * z.width, y: z.y + (fy - 0.5) * z.depth })));
    const ok = points.some((p) => sim.engine.planPath(p).ok);
    const expected = !(UNREACHABLE[name] ?? []).includes(z.name);
    if (ok !== expected) complain(`zone ${z.name} is ${ok ? 'reachable' : 'unreachable'} (expected ${expected ? 'reachable' : 'unreachable'})`);
  }
  const pipeline = new VisionPipeline(detector);
  for (const o of world.objects) {
    // A grasp pose: the base centre 0.36 m from the object, facing it.
    const grasp = directions.map((a) => ({ x: o.x + 0.36 * Math.cos(a), y: o.y + 0.36 * Math.sin(a) })).find((p) => sim.engine.planPath(p).ok);
    if (!grasp) complain(`${o.id} at (${o.x}, ${o.y}) cannot be approached for a grasp`);
    let seen = null;
    for (const d of [1.0, 1.5, 2.0, 2.5]) {
      for (const a of directions) {
        const pose = { x: o.x + d * Math.cos(a), y: o.y + d * Math.sin(a), heading: a + Math.PI };
        if (poseProblem(world, pose) || !sim.engine.planPath(pose).ok) continue;
        const { frame, truthBoxes } = renderTruthView(world, pose, 1);
        if (!truthBoxes.some((t) => t.objectId === o.id)) continue;
        const r = await pipeline.process(frame, { confidence: DEFAULT_CONFIDENCE });
        const hit = r.detections.find((det) => det.label === `${o.color}_${o.shape}` && Math.hypot(det.world.x - o.x, det.world.y - o.y) < 0.3);
        if (hit) {
          seen = { pose, confidence: hit.confidence };
          break;
        }
      }
      if (seen) break;
    }
    if (!seen) complain(`${o.id} at (${o.x}, ${o.y}) is never detected from a reachable viewpoint`);
    else console.log(`  ${o.id.padEnd(18)} seen from (${seen.pose.x.toFixed(2)}, ${seen.pose.y.toFixed(2)}) at ${seen.confidence.toFixed(2)}; grasp ${grasp ? 'ok' : 'NO'}`);
  }
}
await detector.dispose();
console.log(problems ? `${problems} problem(s)` : 'all rooms fair');
process.exitCode = problems ? 1 : 0;
