import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/core/rng.js';
import { renderWorld } from '../../src/sim/camera/index.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { World } from '../../src/sim/world.js';
import { createDetector } from '../../src/vision/detector.js';
import type { ObjectDetector } from '../../src/vision/detector-types.js';
import { VisionPipeline } from '../../src/vision/pipeline.js';

/**
 * Detection in two halves (ObjectDetector.submit, then reading the answer), which lets a scan
 * render its next view while the worker thread detects the current one. Whatever is handed over
 * ahead, the answers must be those of one detectTimed after another, and a failure still the
 * detector's one-line DetectorError. The worker runs the built modules (dist/), as in
 * worker-detector.test.ts.
 */
const DIST = new URL('../../dist/vision/', import.meta.url);
const built = existsSync(new URL('detector-worker.js', DIST));
type DetectorModule = typeof import('../../src/vision/detector.js');

const inThread = createDetector({ threads: 2 });
const opened: ObjectDetector[] = [inThread];
afterAll(() => Promise.all(opened.map((d) => d.dispose())));

async function workerDetector(opts: Parameters<DetectorModule['createDetector']>[0] = {}): Promise<ObjectDetector> {
  const { createDetector: create } = (await import(new URL('detector.js', DIST).href)) as DetectorModule;
  const detector = create({ ...opts, thread: 'worker' });
  opened.push(detector);
  return detector;
}

/** A turn in place, as a scan makes it, then a few other places. */
function views() {
  const world = new World(loadScenario('warehouse'));
  const poses = [...[0, 1, 2, 3].map((k) => ({ x: 5.5, y: 5.5, heading: (k * Math.PI) / 6 })), { x: 7, y: 2, heading: -0.4 }, { x: 1, y: 1, heading: 0.6 }];
  return poses.map((pose, i) => renderWorld(world, pose, { rng: new SeededRng(30 + i) }).frame);
}

const stripTiming = (r: { detections: unknown }) => JSON.stringify(r.detections);

describe('detection handed over ahead of reading it', () => {
  it('in this thread: the same answers as detectTimed, read in order', async () => {
    const frames = views();
    const expected = [];
    for (const f of frames) expected.push(stripTiming(await inThread.detectTimed(f, { confidence: 0.05 })));
    const pending = frames.map((f) => inThread.submit(f, { confidence: 0.05 }));
    for (const [i, answer] of pending.entries()) expect(stripTiming(await answer())).toBe(expected[i]);
  });

  it.skipIf(!built)('in a worker: every frame handed over at once, answers read in order, bit for bit those of the in-thread detector', async () => {
    const worker = await workerDetector({ threads: 2 });
    const frames = views();
    const pending = frames.map((f) => worker.submit(f, { confidence: 0.05 }));
    let seen = 0;
    for (const [i, answer] of pending.entries()) {
      const there = await answer();
      const here = await inThread.detectTimed(frames[i]!, { confidence: 0.05 });
      expect(stripTiming(there)).toBe(stripTiming(here));
      seen += here.detections.length;
    }
    expect(seen).toBeGreaterThan(3);
    // Read out of order too: each answer is its own frame's.
    const [first, second] = [worker.submit(frames[0]!), worker.submit(frames[4]!)];
    expect(stripTiming(await second())).toBe(stripTiming(await inThread.detectTimed(frames[4]!)));
    expect(stripTiming(await first())).toBe(stripTiming(await inThread.detectTimed(frames[0]!)));
  });

  it.skipIf(!built)('a pipeline doing work while each frame is detected remembers exactly what it remembers without', async () => {
    const worker = await workerDetector({ threads: 2 });
    const plain = new VisionPipeline(inThread);
    const busy = new VisionPipeline(worker);
    let meanwhile = 0;
    for (const frame of views()) {
      const expected = await plain.process(frame, { confidence: 0.35 });
      const found = await busy.process(frame, { confidence: 0.35, whileDetecting: () => void meanwhile++ });
      expect(JSON.stringify(found.detections)).toBe(JSON.stringify(expected.detections));
      expect(found.gone).toEqual(expected.gone);
    }
    expect(meanwhile).toBe(views().length);
    expect(JSON.stringify(busy.objects())).toBe(JSON.stringify(plain.objects()));
  });

  it.skipIf(!built)('work that throws meanwhile is rethrown once the answer is read, and the next frame gets its own answer', async () => {
    const worker = await workerDetector({ threads: 2 });
    const pipeline = new VisionPipeline(worker);
    const [a, b] = views();
    const failed = await pipeline.process(a!, { confidence: 0.35, whileDetecting: () => { throw new Error('render failed'); } }).then(() => null, (e: unknown) => e);
    expect((failed as Error).message).toBe('render failed');
    const after = await pipeline.process(b!, { confidence: 0.35 });
    expect(JSON.stringify(after.detections)).toBe(JSON.stringify((await new VisionPipeline(inThread).process(b!, { confidence: 0.35 })).detections));
  });

  it.skipIf(!built)('a missing model is the one-line DetectorError of the in-thread detector when the answer is read', async () => {
    const { DetectorError } = (await import(new URL('detector-error.js', DIST).href)) as typeof import('../../src/vision/detector-error.js');
    const options = { modelPath: '/nonexistent/detector.onnx' };
    const expected = await createDetector(options).submit(views()[0]!)().then(() => null, (e: unknown) => (e as Error).message);
    expect(expected).toMatch(/detector\.onnx/);
    const worker = await workerDetector(options);
    const answers = views().slice(0, 2).map((f) => worker.submit(f));
    for (const answer of answers) {
      const error = await answer().then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(DetectorError);
      expect((error as Error).message).toBe(expected);
      expect((error as Error).message.split('\n')).toHaveLength(1);
    }
  });
});
