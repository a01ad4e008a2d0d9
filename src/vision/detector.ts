import { existsSync } from 'node:fs';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import type { CameraFrame } from '../core/camera-frame.js';
import { decodeCenterNet } from './decode-centernet.js';
import { decodeYolo, yoloLayout } from './decode-yolo.js';
import { DetectorError } from './detector-error.js';
import { loadLabelsFile } from './labels-file.js';
import { loadDetectorMetadata, type DetectorMetadata } from './model-metadata.js';
import { besideModel, chosenModelPath, displayPath, metadataPathFor } from './model-paths.js';
import { dimsCompatible, formatDims, openSession, sessionSignature, type Ort } from './onnx-session.js';
import { Preprocessor, type InputSpec, type Letterbox } from './preprocess.js';
import { CANDIDATE_FLOOR, SecondStage, secondLook } from './second-stage.js';
import { thresholdsFor, type Detection2D, type DetectTiming } from './types.js';
import { type RgbImage } from '../core/camera-frame.js';
import type { CreateDetectorOptions, DetectOptions, DetectorInfo, ObjectDetector, PendingDetection, TimedDetections } from './detector-types.js';
import { createWorkerDetector } from './worker-detector.js';

export type { CreateDetectorOptions, DetectOptions, DetectorInfo, DetectorKind, ObjectDetector, PendingDetection, TimedDetections } from './detector-types.js';

/**
 * The object detector: an ONNX model run by onnxruntime-node, with pre-processing, decoding and
 * per-class thresholds in TypeScript. Two kinds of model:
 *  - `robot-agent`: the project's detector (models/detector.onnx + detector.json), output
 *    [1, K, 6] rows (x1, y1, x2, y2, score, class) decoded in the graph;
 *  - `yolo`: a user's Ultralytics YOLOv8/11 export ([1, 4+nc, N]) with a labels file, letterboxed
 *    to its input size — the layout real projects export, for real camera images.
 * The session is created lazily on first use (or `load()`), and the model's inputs and outputs are
 * checked against the metadata or labels; any problem is a one-line DetectorError. This class runs
 * the sessions in the calling thread; worker-detector.ts runs one of these in a worker thread.
 */

export const DEFAULT_CONFIDENCE = 0.35;

/** The second stage runs in the calling thread: a second session's thread pool, spinning after
 *  each run, took the cores the detector's own pool needed (its inference went from 4.5 to 8.4 ms
 *  at 2 threads), and a few 32×32 crops gain little from a second thread. */
const SECOND_STAGE_THREADS = 1;

interface Loaded {
  info: DetectorInfo;
  ort: Ort;
  session: InferenceSession;
  pre: Preprocessor;
  second?: SecondStage;
}

export class InThreadDetector implements ObjectDetector {
  private loading: Promise<Loaded> | null = null;
  private buffer: Float32Array | Uint8Array | null = null;
  private busy = false;
  private detectorRuns = 0;
  private second: SecondStage | undefined;
  /** Timing of the most recent detect call. */
  lastTiming: DetectTiming | null = null;

  constructor(readonly options: CreateDetectorOptions = {}) {}

  get modelPath(): string {
    return chosenModelPath(this.options.modelPath);
  }

  /** Creates the session and checks the model (once); later calls return the same result. */
  async load(): Promise<DetectorInfo> {
    return (await this.loaded()).info;
  }

  private loaded(): Promise<Loaded> {
    this.loading ??= this.open().then(
      (m) => ((this.second = m.second), m),
      (e: unknown) => {
        this.loading = null;
        throw e;
      },
    );
    return this.loading;
  }

  /** Session runs so far, the second stage's included: each is one event-loop turn of the caller
   *  (onnxruntime-node's run is a setImmediate), which the worker's caller mirrors. */
  get sessionRuns(): number {
    return this.detectorRuns + (this.second?.runs ?? 0);
  }

  async detect(image: CameraFrame | RgbImage, opts: DetectOptions = {}): Promise<Detection2D[]> {
    return (await this.detectTimed(image, opts)).detections;
  }

  /** The sessions run in this thread: the frame is detected when the answer is read. */
  submit(image: CameraFrame | RgbImage, opts: DetectOptions = {}): PendingDetection {
    return () => this.detectTimed(image, opts);
  }

  /** Detects and reports the wall-clock time of each stage (pre-processing, inference, decoding). */
  async detectTimed(image: CameraFrame | RgbImage, opts: DetectOptions = {}): Promise<TimedDetections> {
    const m = await this.loaded();
    const t0 = performance.now();
    // Reuse the input buffer unless a call is in flight (concurrent callers get their own).
    const reuse = !this.busy;
    this.busy = true;
    try {
      const { data, dims, letterbox } = m.pre.run(image, reuse ? (this.buffer ?? undefined) : undefined);
      // A byte input of the model's size is the frame's own pixels: never reuse it as scratch.
      if (reuse && data.buffer !== image.rgb.buffer) this.buffer = data;
      const tensor = data instanceof Uint8Array ? new m.ort.Tensor('uint8', data, dims) : new m.ort.Tensor('float32', data, dims);
      const t1 = performance.now();
      this.detectorRuns++;
      const results = await m.session.run({ [m.info.input.name]: tensor });
      const t2 = performance.now();
      const out = results[m.info.output.name] as Tensor | undefined;
      if (!out || out.type !== 'float32') {
        throw new DetectorError(`${displayPath(m.info.modelPath)} returned no float32 output "${m.info.output.name}": the model does not match its metadata`);
      }
      const thresholds = thresholdsFor(opts.confidence ?? DEFAULT_CONFIDENCE, m.info.labels, DEFAULT_CONFIDENCE);
      const found = this.decode(m, out.data as Float32Array, out.dims, letterbox, m.second ? thresholds.map(() => CANDIDATE_FLOOR) : thresholds);
      const t3 = performance.now();
      const detections = m.second ? await secondLook(m.second, image, found, m.info.labels, thresholds) : found;
      const t4 = performance.now();
      const timing = { preMs: t1 - t0, inferenceMs: t2 - t1, postMs: t3 - t2, secondStageMs: m.second ? t4 - t3 : 0, totalMs: t4 - t0 };
      this.lastTiming = timing;
      return { detections, timing };
    } finally {
      if (reuse) this.busy = false;
    }
  }

  async dispose(): Promise<void> {
    const l = this.loading;
    this.loading = null;
    const loaded = l && (await l.catch(() => null));
    try {
      await loaded?.session.release();
    } finally {
      await loaded?.second?.release();
    }
  }

  private decode(m: Loaded, data: Float32Array, dims: readonly number[], letterbox: Letterbox, thresholds: Float32Array): Detection2D[] {
    const labels = m.info.labels;
    try {
      if (m.info.kind === 'yolo') return decodeYolo(data, dims, { labels, thresholds, letterbox, iouThreshold: this.options.iouThreshold });
      return decodeCenterNet(data, dims, { labels, thresholds, letterbox, maxDetections: m.info.metadata?.output.maxDetections });
    } catch (e) {
      if (e instanceof RangeError) throw new DetectorError(`${displayPath(m.info.modelPath)}: ${e.message}`);
      throw e;
    }
  }

  private async open(): Promise<Loaded> {
    const modelPath = this.modelPath;
    if (this.options.labelsPath) {
      const labels = loadLabelsFile(this.options.labelsPath);
      const s = await openSession(modelPath, { threads: this.options.threads });
      return this.checkYolo(s.ort, s.session, modelPath, labels, s.createMs, s.threads);
    }
    const metaPath = metadataPathFor(modelPath);
    if (existsSync(modelPath) && !existsSync(metaPath) && this.options.modelPath) {
      throw new DetectorError(
        `no metadata for ${displayPath(modelPath)}: expected ${displayPath(metaPath)} (a robot-agent detector) or pass --detector-labels FILE for a YOLO model`,
      );
    }
    const s = await openSession(modelPath, { threads: this.options.threads });
    const metadata = loadDetectorMetadata(metaPath);
    const own = this.checkOwn(s.ort, s.session, modelPath, metadata, s.createMs, s.threads);
    if (metadata.secondStage && this.options.secondStage !== false) {
      const secondPath = besideModel(modelPath, metadata.secondStage.model);
      own.second = await SecondStage.open(secondPath, metadata.classes, SECOND_STAGE_THREADS).catch(async (e: unknown) => {
        await s.session.release();
        throw e;
      });
      own.info.secondStage = { modelPath: secondPath };
    }
    return own;
  }

  private checkOwn(ort: Ort, session: InferenceSession, modelPath: string, meta: DetectorMetadata, createMs: number, threads: number): Loaded {
    const sig = sessionSignature(session);
    const shown = displayPath(modelPath);
    const metaShown = displayPath(metadataPathFor(modelPath));
    const fix = 'the model and its metadata come from different trainings: restore both from one commit or retrain (see models/README.md)';
    const input = sig.inputs.find((i) => i.name === meta.input.name);
    if (!input || sig.inputs.length !== 1) {
      throw new DetectorError(`${shown} has inputs ${sig.inputs.map((i) => `"${i.name}"`).join(', ')} but ${metaShown} expects one input "${meta.input.name}": ${fix}`);
    }
    const output = sig.outputs.find((o) => o.name === meta.output.name);
    if (!output) {
      throw new DetectorError(`${shown} has outputs ${sig.outputs.map((o) => `"${o.name}"`).join(', ')} but ${metaShown} expects "${meta.output.name}": ${fix}`);
    }
    const bytes = meta.input.dtype === 'uint8';
    const inDims = bytes ? [1, meta.input.height, meta.input.width, 3] : [1, 3, meta.input.height, meta.input.width];
    if (input.type && input.type !== meta.input.dtype) {
      throw new DetectorError(`${shown} input "${input.name}" is ${input.type} but ${metaShown} says ${meta.input.dtype}: ${fix}`);
    }
    if (!dimsCompatible(input.dims, inDims)) {
      throw new DetectorError(`${shown} input "${input.name}" has shape ${formatDims(input.dims)} but ${metaShown} says ${formatDims(inDims)}: ${fix}`);
    }
    const outDims = [1, meta.output.maxDetections, 6];
    if (!dimsCompatible(output.dims, outDims)) {
      throw new DetectorError(`${shown} output "${output.name}" has shape ${formatDims(output.dims)} but ${metaShown} says ${formatDims(outDims)}: ${fix}`);
    }
    const spec: InputSpec = {
      width: meta.input.width,
      height: meta.input.height,
      format: bytes ? 'uint8-nhwc' : 'float32-nchw',
      mean: meta.input.mean,
      std: meta.input.std,
      padValue: meanByte(meta.input.mean),
    };
    return {
      ort,
      session,
      pre: new Preprocessor(spec),
      info: {
        kind: 'robot-agent',
        modelPath,
        labels: meta.classes,
        input: { name: input.name, width: meta.input.width, height: meta.input.height },
        output: { name: output.name },
        threads,
        sessionCreateMs: createMs,
        metadata: meta,
      },
    };
  }

  private checkYolo(ort: Ort, session: InferenceSession, modelPath: string, labels: string[], createMs: number, threads: number): Loaded {
    const sig = sessionSignature(session);
    const shown = displayPath(modelPath);
    const input = sig.inputs[0];
    const output = sig.outputs[0];
    if (!input || !output || sig.inputs.length !== 1) {
      throw new DetectorError(`${shown} is not a YOLO detector export: expected one image input and an output [1, 4+classes, N]`);
    }
    const d = input.dims;
    if (d.length && (d.length !== 4 || (typeof d[1] === 'number' && d[1] !== 3))) {
      throw new DetectorError(`${shown} input "${input.name}" has shape ${formatDims(d)}: expected an image batch [1, 3, H, W]`);
    }
    const height = typeof d[2] === 'number' && d[2] > 0 ? d[2] : 640;
    const width = typeof d[3] === 'number' && d[3] > 0 ? d[3] : 640;
    const od = output.dims;
    if (od.length && od.every((v) => typeof v === 'number' && v > 0)) {
      try {
        yoloLayout(od as number[], labels.length);
      } catch {
        const nc = od.length === 3 ? Math.min(od[1] as number, od[2] as number) - 4 : NaN;
        throw new DetectorError(
          `${shown} output "${output.name}" has shape ${formatDims(od)}` +
            (Number.isFinite(nc) && nc > 0 ? ` (${nc} classes)` : '') +
            ` but the labels file has ${labels.length} labels: give the labels file that goes with this model`,
        );
      }
    }
    return {
      ort,
      session,
      pre: new Preprocessor({ width, height, mean: [0, 0, 0], std: [1, 1, 1], padValue: 114 }),
      info: { kind: 'yolo', modelPath, labels, input: { name: input.name, width, height }, output: { name: output.name }, threads, sessionCreateMs: createMs },
    };
  }
}

/** Padding that normalizes to ~0: the mean colour as a byte. */
function meanByte(mean: readonly number[]): number {
  return Math.round(((mean[0]! + mean[1]! + mean[2]!) / 3) * 255);
}

/** A detector with these options; its sessions are created on first use (or `load()`). */
export function createDetector(opts: CreateDetectorOptions = {}): ObjectDetector {
  return (opts.thread === 'worker' && createWorkerDetector(opts)) || new InThreadDetector(opts);
}
