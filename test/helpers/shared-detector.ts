import { createDetector, type ObjectDetector } from '../../src/vision/detector.js';

let detector: ObjectDetector | undefined;

/** One loaded ONNX session per test worker: creating sessions is the slow part of vision tests. */
export async function sharedDetector(): Promise<ObjectDetector> {
  detector ??= createDetector({ threads: 1 });
  return detector;
}
