import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { CameraFrame, RgbImage } from '../core/camera-frame.js';
import { DetectorError } from './detector-error.js';
import type { CreateDetectorOptions, DetectOptions, DetectorInfo, ObjectDetector, PendingDetection, TimedDetections } from './detector-types.js';
import { chosenModelPath } from './model-paths.js';
import { DEFAULT_THREADS } from './onnx-session.js';
import type { ConfidenceSpec, Detection2D, DetectTiming } from './types.js';

/**
 * An object detector whose ONNX sessions live in a worker thread (detector-worker.ts runs an
 * InThreadDetector there, with the same options, so its results are the same bit for bit).
 * onnxruntime-node loads its library, creates sessions and runs them synchronously on the calling
 * thread; in a worker, loading and creating them (~150 ms, most of it onnxruntime's environment)
 * overlaps whatever the caller does meanwhile — `run` starts one before its own modules load
 * (prestartDetector).
 *
 * Detecting stays deterministic: a call posts the frame, yields as many event-loop turns as the
 * in-thread detector would (one per session run: onnxruntime-node's run is a setImmediate), and
 * otherwise blocks until the worker answers (Atomics.wait on a counter the worker bumps, the
 * answer read with receiveMessageOnPort). Whatever else runs meanwhile — the simulator's virtual
 * time advances in event-loop turns — sees the same sequence whether the worker is fast or slow,
 * and a recording made with either detector replays with the other.
 *
 * The worker never keeps the process alive past its first load (it is unref'd then, except while
 * a load() is awaited), and dispose() terminates it, its sessions and their threads with it.
 */

/** Worker → caller answer to a request, by id. */
export type WorkerReply = { id: number } & (
  | { ok: true; info?: DetectorInfo; detections?: Detection2D[]; timing?: DetectTiming; runs?: number }
  | { ok: false; message: string; stack?: string; detectorError: boolean }
);

/** What the thread posts once its first load has settled, successfully or not. */
export const SETTLED = 'settled';

export type WorkerRequest = { id: number } & ({ kind: 'load' } | { kind: 'detect'; image: RgbImage; confidence?: ConfidenceSpec });

export interface WorkerData {
  options: CreateDetectorOptions;
  /** Int32 [answers posted, thread gone]: what a blocked caller waits on. */
  signal: SharedArrayBuffer;
  /** Where detect answers go (read synchronously); load answers go to the parent port. */
  replies: MessagePort;
}

const WORKER_SCRIPT = new URL('./detector-worker.js', import.meta.url);

interface Running {
  worker: Worker;
  signal: Int32Array;
  replies: MessagePort;
  /** Answers read from the port before their caller asked for them. */
  early: Map<number, WorkerReply>;
  loads: Map<number, { resolve: (r: WorkerReply) => void; reject: (e: Error) => void }>;
  /** Why the thread is gone, once it is. */
  gone?: string;
  /** Whether the thread's own first load has settled (see thread()). */
  settled?: boolean;
}

export class WorkerDetector implements ObjectDetector {
  private running: Running | null = null;
  private nextId = 1;
  lastTiming: DetectTiming | null = null;

  constructor(readonly options: CreateDetectorOptions) {}

  get modelPath(): string {
    return chosenModelPath(this.options.modelPath);
  }

  /** Starts the thread, which begins loading at once (a no-op when it runs). */
  start(): void {
    this.thread();
  }

  async load(): Promise<DetectorInfo> {
    const t = this.thread();
    const id = this.nextId++;
    const answer = new Promise<WorkerReply>((resolve, reject) => t.loads.set(id, { resolve, reject }));
    // Awaiting the answer must keep the process up; nothing else should.
    t.worker.ref();
    t.worker.postMessage({ id, kind: 'load' } satisfies WorkerRequest);
    try {
      return answerOf(await answer).info!;
    } finally {
      t.loads.delete(id);
      if (t.loads.size === 0 && t.settled) t.worker.unref();
    }
  }

  async detect(image: CameraFrame | RgbImage, opts: DetectOptions = {}): Promise<Detection2D[]> {
    return (await this.detectTimed(image, opts)).detections;
  }

  async detectTimed(image: CameraFrame | RgbImage, opts: DetectOptions = {}): Promise<TimedDetections> {
    return this.submit(image, opts)();
  }

  /** Posts the frame: the worker starts on it while the caller goes on (see ObjectDetector.submit). */
  submit(image: CameraFrame | RgbImage, opts: DetectOptions = {}): PendingDetection {
    const t = this.thread();
    const id = this.nextId++;
    // Only the pixels cross, cloned (~0.2 ms: the caller keeps its frame, so it cannot be
    // transferred; a SharedArrayBuffer per frame measured slower, and onnxruntime refuses one).
    const request: WorkerRequest = { id, kind: 'detect', image: { width: image.width, height: image.height, rgb: ownBuffer(image.rgb) }, confidence: opts.confidence };
    t.worker.postMessage(request);
    return () => this.collect(t, id);
  }

  private async collect(t: Running, id: number): Promise<TimedDetections> {
    await nextTurn();
    const reply = this.join(t, id);
    for (let i = 1; i < (reply.ok && reply.runs ? reply.runs : 1); i++) await nextTurn();
    const { detections, timing } = answerOf(reply);
    this.lastTiming = timing!;
    return { detections: detections!, timing: timing! };
  }

  async dispose(): Promise<void> {
    const t = this.running;
    if (!t) return;
    // The thread starts loading onnxruntime as it starts: stopped (or the process ended) in the
    // middle of that, onnxruntime's native code aborts the whole process. A command that fails
    // early (a bad profile) would end with SIGABRT instead of its exit code, so wait for the load.
    if (!t.gone) await this.load().catch(() => undefined);
    this.running = null;
    t.replies.close();
    await t.worker.terminate();
  }

  private thread(): Running {
    if (this.running && !this.running.gone) return this.running;
    const signal = new Int32Array(new SharedArrayBuffer(8));
    const { port1: replies, port2 } = new MessageChannel();
    const { thread: _where, ...options } = this.options;
    const workerData: WorkerData = { options, signal: signal.buffer as SharedArrayBuffer, replies: port2 };
    // No flags of the caller's (`--input-type` of a `node -e`, say, would stop the thread from starting).
    const worker = new Worker(WORKER_SCRIPT, { workerData, transferList: [port2], execArgv: [] });
    const t: Running = { worker, signal, replies, early: new Map(), loads: new Map() };
    worker.on('message', (reply: WorkerReply | typeof SETTLED) => {
      if (reply === SETTLED) {
        t.settled = true;
        if (t.loads.size === 0) worker.unref();
      } else t.loads.get(reply.id)?.resolve(reply);
    });
    const stopped = (why: string) => {
      t.gone ??= why;
      for (const l of t.loads.values()) l.reject(new DetectorError(`the object detector's worker thread stopped (${t.gone}): run again, or report it`));
    };
    worker.on('error', (e) => stopped(e.message));
    worker.on('exit', (code) => stopped(`exit code ${code}`));
    // The thread starts loading onnxruntime as it starts, and a process that ends in the middle of
    // that is aborted by onnxruntime's native code (SIGABRT instead of the command's exit code). So
    // the thread keeps the process up until its first load has settled (a few hundred ms at most),
    // and never after: it is unref'd then, except while a load() is awaited.
    this.running = t;
    return t;
  }

  /** Blocks until the worker's answer to `id` is in (see the class comment for why it blocks). */
  private join(t: Running, id: number): WorkerReply {
    for (;;) {
      const posted = Atomics.load(t.signal, 0);
      for (let m = receiveMessageOnPort(t.replies); m; m = receiveMessageOnPort(t.replies)) {
        const reply = m.message as WorkerReply;
        t.early.set(reply.id, reply);
      }
      const reply = t.early.get(id);
      if (reply) {
        t.early.delete(id);
        return reply;
      }
      if (Atomics.load(t.signal, 1)) {
        t.gone ??= 'it ended';
        throw new DetectorError(`the object detector's worker thread stopped (${t.gone}): run again, or report it`);
      }
      Atomics.wait(t.signal, 0, posted);
    }
  }
}

function answerOf(reply: WorkerReply): Extract<WorkerReply, { ok: true }> {
  if (reply.ok) return reply;
  if (reply.detectorError) throw new DetectorError(reply.message);
  const e = new Error(reply.message);
  if (reply.stack) e.stack = reply.stack;
  throw e;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The bytes alone: cloning a view copies its whole underlying buffer. */
function ownBuffer(rgb: Uint8Array): Uint8Array {
  return rgb.byteOffset === 0 && rgb.byteLength === rgb.buffer.byteLength ? rgb : rgb.slice();
}

/** A detector started ahead of need (prestartDetector), waiting for its owner. */
let spare: WorkerDetector | undefined;

/**
 * Starts a worker detector with these options now, so its sessions are created while the caller
 * loads the rest of itself; the next createDetector with the same options and `thread: "worker"`
 * takes it. Nothing happens (null) when a worker cannot be used (see createWorkerDetector).
 */
export function prestartDetector(opts: CreateDetectorOptions): WorkerDetector | null {
  // One started already for the same sessions is the one (bin/robot-agent.js starts `run`'s).
  if (spare && sameSessions(spare.options, opts)) return spare;
  // A spare nobody took (its command failed first) makes way, in a process that runs several.
  void spare?.dispose();
  spare = undefined;
  const detector = createWorkerDetector({ ...opts, thread: 'worker' });
  detector?.start();
  spare = detector ?? undefined;
  return detector;
}

/** Stops the started spare nobody took (its command ended first), once it is safe to (see dispose). */
export async function releaseSpareDetector(): Promise<void> {
  const unused = spare;
  spare = undefined;
  await unused?.dispose();
}

/** A worker detector, the started spare if its options match; null when the worker's script is
 *  not there (running from the TypeScript sources, as the tests do): use the calling thread. */
export function createWorkerDetector(opts: CreateDetectorOptions): WorkerDetector | null {
  if (spare && sameSessions(spare.options, opts)) {
    const taken = spare;
    spare = undefined;
    return taken;
  }
  return existsSync(fileURLToPath(WORKER_SCRIPT)) ? new WorkerDetector(opts) : null;
}

function sameSessions(a: CreateDetectorOptions, b: CreateDetectorOptions): boolean {
  const key = (o: CreateDetectorOptions) =>
    JSON.stringify([chosenModelPath(o.modelPath), o.labelsPath ? resolve(o.labelsPath) : null, o.threads ?? DEFAULT_THREADS, o.iouThreshold ?? null, o.secondStage !== false]);
  return key(a) === key(b);
}
