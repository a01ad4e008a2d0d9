import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DETECTION_CLASSES, labelFrame, renderWorld } from '../../src/sim/camera/index.js';
import { SeededRng } from '../../src/core/rng.js';
import { loadScenario, parseScenario } from '../../src/sim/scenario.js';
import { OBJECT_COLORS, OBJECT_SHAPES } from '../../src/core/objects.js';
import { World } from '../../src/sim/world.js';
import { createDetector } from '../../src/vision/detector.js';
import { defaultModelPath } from '../../src/vision/model-paths.js';
import { VisionPipeline } from '../../src/vision/pipeline.js';
import { iou } from '../../src/vision/types.js';

/** The committed model (models/detector.onnx) on frames from the project's renderer. */
const haveModel = existsSync(defaultModelPath());
const detector = createDetector({ threads: 2 });
afterAll(() => detector.dispose());

/** A plain room with the given objects and the robot at (1, 2) facing +x. */
function room(objects: Array<{ id: string; color: string; shape: string; x: number; y: number; yaw?: number }>): World {
  const base = loadScenario('empty');
  return new World(parseScenario({ ...structuredClone(base), name: 'test-room', objects, robot: { x: 1, y: 2, heading: 0 } }));
}

describe.skipIf(!haveModel)('the committed detector', () => {
  it('loads and matches its metadata: the 12 classes in the renderer order', async () => {
    const info = await detector.load();
    expect(info.kind).toBe('robot-agent');
    expect(info.labels).toEqual([...DETECTION_CLASSES]);
    expect(info.input).toMatchObject({ width: 320, height: 240 });
  });

  it("takes a frame's bytes as they are and never writes into them", async () => {
    const world = loadScenario('warehouse');
    const { frame } = renderWorld(new World(world), { x: 3, y: 3, heading: 1.9 }, { rng: new SeededRng(5) });
    const before = Uint8Array.from(frame.rgb);
    const first = await detector.detect(frame);
    // A picture of another size goes through the letterbox buffer; the frame must be untouched.
    const big = { width: 640, height: 480, rgb: new Uint8Array(640 * 480 * 3).fill(90) };
    await detector.detect(big);
    await detector.detect(big);
    expect(frame.rgb).toEqual(before);
    expect(await detector.detect(frame)).toEqual(first);
  });

  it('finds each class in rendered frames, at near and far range', async () => {
    for (const color of OBJECT_COLORS) {
      for (const shape of OBJECT_SHAPES) {
        for (const [d, side] of [
          [1.3, 0.15],
          [3.2, -0.3],
        ] as const) {
          const world = room([{ id: 'target', color, shape, x: 1 + d, y: 2 + side, yaw: 0.3 }]);
          const pose = { x: 1, y: 2, heading: 0 };
          const r = renderWorld(world, pose, { rng: new SeededRng(11) });
          const truth = labelFrame(r)[0]!;
          expect(truth, `${color}_${shape} labelled`).toBeDefined();
          const found = await detector.detect(r.frame, { confidence: 0.5 });
          const hit = found.find((f) => f.label === `${color}_${shape}` && iou(f.box, truth) >= 0.5);
          expect(hit, `${color}_${shape} at ${d} m: got ${found.map((f) => `${f.label} ${f.confidence.toFixed(2)}`).join(', ') || 'nothing'}`).toBeDefined();
          expect(found.filter((f) => f.label !== `${color}_${shape}`), 'no other class reported').toEqual([]);
        }
      }
    }
  });

  it('localizes objects of fixed warehouse views within 10 cm', async () => {
    const world = new World(loadScenario('warehouse'));
    const views = [
      { x: 4.6, y: 3.3, heading: Math.PI / 2 },
      { x: 3.0, y: 1.3, heading: 0 },
      { x: 2.0, y: 3.9, heading: Math.PI / 2 },
      { x: 6.0, y: 4.6, heading: 0.4 },
      { x: 5.0, y: 5.0, heading: 0.8 },
    ];
    let matched = 0;
    for (const [k, pose] of views.entries()) {
      // Localization of every detection at the 0.5 threshold, confirmed by this one view or not.
      const pipeline = new VisionPipeline(detector, { tracker: { confirmConfidence: 0.5 } });
      const r = renderWorld(world, pose, { rng: new SeededRng(k) });
      const res = await pipeline.process(r.frame, { confidence: 0.5 });
      for (const d of res.detections) {
        const truth = world.objects.find((o) => `${o.color}_${o.shape}` === d.label)!;
        expect(truth, `${d.label} is a real object`).toBeDefined();
        const err = Math.hypot(truth.x - d.world.x, truth.y - d.world.y);
        if (d.rangeM <= 4) {
          expect(err, `${d.label} from view ${k} at ${d.rangeM} m`).toBeLessThan(0.1);
          matched++;
        }
      }
    }
    expect(matched).toBeGreaterThanOrEqual(4);
  });

  it('reports what the camera sees, not ground truth: an object moved out of view is no longer reported', async () => {
    const world = room([
      { id: 'cube', color: 'red', shape: 'cube', x: 3, y: 2 },
      { id: 'ball', color: 'blue', shape: 'ball', x: 3.5, y: 2.6 },
    ]);
    const pose = { x: 1, y: 2, heading: 0 };
    const pipeline = new VisionPipeline(detector);
    const first = await pipeline.process(renderWorld(world, pose, { rng: new SeededRng(1), time: 1 }).frame, { confidence: 0.5 });
    expect(first.detections.map((d) => d.id).sort()).toEqual(['blue_ball#1', 'red_cube#1']);
    const cube = world.object('cube')!;
    cube.x = 1;
    cube.y = 6; // carried off to the side, out of view
    const second = await pipeline.process(renderWorld(world, pose, { rng: new SeededRng(2), time: 2 }).frame, { confidence: 0.5 });
    expect(second.detections.map((d) => d.id)).toEqual(['blue_ball#1']);
    expect(second.gone).toEqual(['red_cube#1']);
    expect(pipeline.objects().map((o) => o.id)).toEqual(['blue_ball#1']);
  });
});
