import type { CameraFrame, RgbImage } from '../core/camera-frame.js';
import type { DetectorMetadata } from './model-metadata.js';
import type { ConfidenceSpec, Detection2D, DetectTiming } from './types.js';

/* What callers see of an object detector, wherever its ONNX sessions run (detector.ts: in the
 * calling thread; worker-detector.ts: in a worker thread). */

export type DetectorKind = 'robot-agent' | 'yolo';

export interface CreateDetectorOptions {
  /** ONNX file; default models/detector.onnx of this package. */
  modelPath?: string;
  /** Labels file; makes the model a YOLO-layout one. */
  labelsPath?: string;
  /** Intra-op threads (default 2). */
  threads?: number;
  /** NMS IoU threshold for YOLO models (default 0.45). */
  iouThreshold?: number;
  /** Run the second-stage classifier the model's metadata names (default true); false gives
   *  the detector's own boxes, for comparison. */
  secondStage?: boolean;
  /** Where the ONNX sessions run (default "main"). "worker": in a worker thread, so creating them
   *  overlaps the caller's own start-up (see worker-detector.ts); the calling thread is used
   *  instead when the worker's script is not there (running from the TypeScript sources). */
  thread?: 'main' | 'worker';
}

export interface DetectOptions {
  /** Minimum confidence, for all classes or per label (key "default" for the rest). */
  confidence?: ConfidenceSpec;
}

export interface DetectorInfo {
  kind: DetectorKind;
  modelPath: string;
  labels: string[];
  input: { name: string; width: number; height: number };
  output: { name: string };
  threads: number;
  sessionCreateMs: number;
  metadata?: DetectorMetadata;
  /** The second-stage classifier in use, if any. */
  secondStage?: { modelPath: string };
}

/** Detections of one frame and the wall-clock time of each stage. */
export interface TimedDetections {
  detections: Detection2D[];
  timing: DetectTiming;
}

/** A frame handed to a detector: calling it reads the answer (once). */
export type PendingDetection = () => Promise<TimedDetections>;

export interface ObjectDetector {
  readonly options: CreateDetectorOptions;
  readonly modelPath: string;
  /** Timing of the most recent detect call. */
  readonly lastTiming: DetectTiming | null;
  /** Creates the sessions and checks the model (once); later calls return the same result. A
   *  problem is a one-line DetectorError. */
  load(): Promise<DetectorInfo>;
  detect(image: CameraFrame | RgbImage, opts?: DetectOptions): Promise<Detection2D[]>;
  /** Detects and reports the wall-clock time of each stage (pre-processing, inference, decoding). */
  detectTimed(image: CameraFrame | RgbImage, opts?: DetectOptions): Promise<TimedDetections>;
  /** detectTimed in two halves: hands the frame over now and returns what reads the answer. A
   *  detector in a worker thread starts on the frame at once, so the caller can work meanwhile
   *  (render its next frame); the in-thread one detects when the answer is read. Either way the
   *  results, and the event-loop turns the reading takes, are those of detectTimed. */
  submit(image: CameraFrame | RgbImage, opts?: DetectOptions): PendingDetection;
  /** Releases the sessions (and the worker thread, if any). */
  dispose(): Promise<void>;
}
