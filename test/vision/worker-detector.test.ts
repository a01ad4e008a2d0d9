import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/core/rng.js';
import { renderWorld } from '../../src/sim/camera/index.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { World } from '../../src/sim/world.js';
import { createDetector } from '../../src/vision/detector.js';
import type { ObjectDetector } from '../../src/vision/detector-types.js';

/**
 * The detector in a worker thread (src/vision/worker-detector.ts). A worker runs JavaScript, so
 * these tests use the built program's modules (dist/, as the CLI tests do) and compare them with
 * the in-thread detector of the sources.
 */
const DIST = new URL('../../dist/vision/', import.meta.url);
const built = existsSync(new URL('detector-worker.js', DIST));
type DetectorModule = typeof import('../../src/vision/detector.js');
type WorkerModule = typeof import('../../src/vision/worker-detector.js');
const dist = async <M>(file: string): Promise<M> => (await import(new URL(file, DIST).href)) as M;

const inThread = createDetector({ threads: 2 });
const opened: ObjectDetector[] = [inThread];
afterAll(() => Promise.all(opened.map((d) => d.dispose())));

async function workerDetector(opts: Parameters<DetectorModule['createDetector']>[0] = {}): Promise<ObjectDetector> {
  const detector = (await dist<DetectorModule>('detector.js')).createDetector({ ...opts, thread: 'worker' });
  opened.push(detector);
  return detector;
}

/** Camera frames of the warehouse from several places and headings. */
function views() {
  const world = new World(loadScenario('warehouse'));
  const poses = [
    { x: 1, y: 1, heading: 0.6 },
    { x: 3, y: 3, heading: 1.9 },
    { x: 5.5, y: 5.5, heading: 0.8 },
    { x: 7, y: 2, heading: -0.4 },
    { x: 6, y: 4.5, heading: 2.6 },
  ];
  return poses.map((pose, i) => renderWorld(world, pose, { rng: new SeededRng(10 + i) }).frame);
}

/** Event-loop turns (setImmediate callbacks) that run while `work` is awaited. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  done = true;
  return turns;
}

function threadCount(): number {
  return readdirSync('/proc/self/task').length;
}

describe.skipIf(!built)('the detector in a worker thread', () => {
  it('is a worker detector, and finds exactly what the in-thread detector finds, bit for bit', async () => {
    const worker = await workerDetector({ threads: 2 });
    expect(worker.constructor.name).toBe('WorkerDetector');
    const { sessionCreateMs: _there, ...info } = await worker.load();
    const { sessionCreateMs: _here, ...expected } = await inThread.load();
    expect(info).toEqual(expected);
    let seen = 0;
    for (const frame of views()) {
      // A low threshold keeps many boxes, down to the second stage's candidates.
      for (const confidence of [0.05, 0.35]) {
        const here = await inThread.detect(frame, { confidence });
        const there = await worker.detect(frame, { confidence });
        expect(JSON.stringify(there)).toBe(JSON.stringify(here));
        seen += here.length;
      }
    }
    expect(seen).toBeGreaterThan(5);
    expect(worker.lastTiming?.inferenceMs).toBeGreaterThan(0);
  });

  it('yields the same event-loop turns per detection as the in-thread detector', async () => {
    const worker = await workerDetector({ threads: 2 });
    await worker.load();
    for (const frame of views()) {
      expect(await turnsDuring(() => worker.detect(frame))).toBe(await turnsDuring(() => inThread.detect(frame)));
    }
  });

  it('answers concurrent calls each with its own frame', async () => {
    const worker = await workerDetector({ threads: 2 });
    const frames = views();
    const together = await Promise.all(frames.map((f) => worker.detect(f)));
    for (const [i, frame] of frames.entries()) expect(together[i]).toEqual(await inThread.detect(frame));
  });

  it('reports a missing model as the one-line DetectorError of the in-thread detector, on load and on detect', async () => {
    const { DetectorError } = await dist<typeof import('../../src/vision/detector-error.js')>('detector-error.js');
    const options = { modelPath: '/nonexistent/detector.onnx' };
    const expected = await createDetector(options)
      .load()
      .then(() => null, (e: unknown) => (e as Error).message);
    const worker = await workerDetector(options);
    const onLoad = await worker.load().then(() => null, (e: unknown) => e);
    expect(onLoad).toBeInstanceOf(DetectorError);
    expect((onLoad as Error).message).toBe(expected);
    expect((onLoad as Error).message.split('\n')).toHaveLength(1);
    const onDetect = await worker.detect(views()[0]!).then(() => null, (e: unknown) => e);
    expect(onDetect).toBeInstanceOf(DetectorError);
    expect((onDetect as Error).message).toBe(expected);
  });

  it.skipIf(!existsSync('/proc/self/task'))('leaves no thread behind once disposed', async () => {
    const warm = await workerDetector();
    await warm.detect(views()[0]!);
    await warm.dispose();
    const before = threadCount();
    const detectors = await Promise.all([1, 2, 3].map(() => workerDetector()));
    await Promise.all(detectors.map((d) => d.detect(views()[1]!)));
    expect(threadCount()).toBeGreaterThan(before + 3);
    await Promise.all(detectors.map((d) => d.dispose()));
    expect(threadCount()).toBe(before);
  });

  it('never keeps the process alive: loaded, used, started ahead and never taken, or not disposed', () => {
    const script = `
      const { createDetector } = await import(${JSON.stringify(new URL('detector.js', DIST).href)});
      const { prestartDetector } = await import(${JSON.stringify(new URL('worker-detector.js', DIST).href)});
      prestartDetector({ threads: 1 });
      const detector = createDetector({ thread: 'worker' });
      await detector.load();
      const found = await detector.detect({ width: 320, height: 240, rgb: new Uint8Array(320 * 240 * 3).fill(120) });
      console.log('detected', found.length);
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(r.error).toBeUndefined();
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^detected \d+\n$/);
    expect(r.status).toBe(0);
  });

  it('a started spare is taken by the first detector with the same options, and only by it', async () => {
    const { prestartDetector, createWorkerDetector } = await dist<WorkerModule>('worker-detector.js');
    const modelPath = fileURLToPath(new URL('../../models/detector.onnx', import.meta.url));
    const spare = prestartDetector({ modelPath });
    expect(spare).not.toBeNull();
    // Asked again for the same sessions (bin/robot-agent.js started run's, then the run command asks), the started one stays.
    expect(prestartDetector({})).toBe(spare);
    const other = createWorkerDetector({ threads: 1 });
    const taken = createWorkerDetector({ modelPath, thread: 'worker' });
    const fresh = createWorkerDetector({ modelPath });
    opened.push(...[spare!, other!, fresh!]);
    expect(other).not.toBe(spare);
    expect(taken).toBe(spare);
    expect(fresh).not.toBe(spare);
    expect((await spare!.load()).modelPath).toBe(modelPath);
  });
});
