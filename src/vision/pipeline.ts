import type { CameraFrame, RgbImage } from '../core/camera-frame.js';
import { round, type Vec2 } from '../core/geometry.js';
import { cutEdges, localizeDetection, type LocalizeOptions } from './localize.js';
import { suppressLookAlikes } from './nms.js';
import { ObjectTracker, type TrackedObject, type TrackerOptions } from './tracker.js';
import { splitLabel } from '../core/names.js';
import type { Box, ConfidenceSpec, Detection2D, DetectTiming } from './types.js';
import type { Perception, SeenObject } from '../robot/perception.js';

/**
 * Frame → detector (with its second stage) → one box per blob (suppressLookAlikes) →
 * localization → tracker. `process`
 * returns what the robot may know (ids, labels, boxes, world positions) and, in a separate
 * field, the wall-clock timing — which must never be recorded in replays, since it differs run
 * to run. Numbers are rounded (confidence to 1e-3, pixels to 0.1, metres to 1 mm) so results
 * compare exactly across runs.
 */
export interface VisionDetection {
  /** Tracker id, e.g. "red_cube#1". */
  id: string;
  label: string;
  /** Parts of "<color>_<shape>" labels; for other labels colour is "" and shape the label. */
  color: string;
  shape: string;
  confidence: number;
  box: Box;
  world: { x: number; y: number };
  /** From the robot base centre, metres. */
  rangeM: number;
  /** From the robot's heading, radians (counter-clockwise positive). */
  bearingRad: number;
}

export interface VisionResult {
  /** Confirmed sightings only (see ObjectTracker). */
  detections: VisionDetection[];
  /** Remembered ids dropped: objects this frame should have shown and did not, and ids retired
   *  because the object's label changed (it lives on under a new id). */
  gone: string[];
  /** Wall-clock timing: for display and benchmarks only, never for replays. */
  timing: DetectTiming;
}

/** What the pipeline needs from a detector (the ONNX one, or a stub in tests). */
export interface FrameDetector {
  detectTimed(image: CameraFrame | RgbImage, opts: { confidence?: ConfidenceSpec }): Promise<{ detections: Detection2D[]; timing: DetectTiming }>;
  /** Hands a frame over and returns what reads its answer (ObjectDetector.submit), for a caller
   *  with work to do while it is detected; without it, that work runs first. */
  submit?(image: CameraFrame | RgbImage, opts: { confidence?: ConfidenceSpec }): () => Promise<{ detections: Detection2D[]; timing: DetectTiming }>;
}

export interface ProcessOptions {
  confidence: ConfidenceSpec;
  /** Work for the caller's thread while the frame is being detected (see Perception.process). */
  whileDetecting?: () => void;
}

export interface VisionPipelineOptions {
  localize?: LocalizeOptions;
  tracker?: TrackerOptions | ObjectTracker;
  /** Whether static geometry hides `to` from `from` (e.g. the map's obstacles); objects hidden
   *  this way are not dropped from memory for being unseen. */
  occluded?: (from: Vec2, to: Vec2) => boolean;
}

export class VisionPipeline {
  readonly tracker: ObjectTracker;

  constructor(
    readonly detector: FrameDetector,
    private readonly opts: VisionPipelineOptions = {},
  ) {
    this.tracker = opts.tracker instanceof ObjectTracker ? opts.tracker : new ObjectTracker(opts.tracker);
  }

  async process(frame: CameraFrame, opts: ProcessOptions): Promise<VisionResult> {
    const { detections: found, timing } = await this.detect(frame, opts);
    const raw = suppressLookAlikes(found);
    const view = { pose: frame.pose, camera: frame.camera, width: frame.width, height: frame.height };
    const located: Array<Omit<VisionDetection, 'id'>> = [];
    const cutByEdge: boolean[] = [];
    for (const d of raw) {
      const loc = localizeDetection(d, view, this.opts.localize);
      if (!loc) continue;
      const parts = splitLabel(d.label);
      cutByEdge.push(Object.values(cutEdges(d.box, frame.width, frame.height)).some(Boolean));
      located.push({
        label: d.label,
        color: parts?.color ?? '',
        shape: parts?.shape ?? d.label,
        confidence: round(d.confidence, 3),
        box: { x1: round(d.box.x1, 1), y1: round(d.box.y1, 1), x2: round(d.box.x2, 1), y2: round(d.box.y2, 1) },
        world: { x: round(loc.x, 3), y: round(loc.y, 3) },
        rangeM: round(loc.rangeM, 3),
        bearingRad: round(loc.bearingRad, 4),
      });
    }
    const ids = this.tracker.update(
      located.map((d, i) => ({ label: d.label, x: d.world.x, y: d.world.y, confidence: d.confidence, rangeM: d.rangeM, cutByEdge: cutByEdge[i] })),
      frame.time,
      frame.pose,
    );
    const gone = [...this.tracker.takeRetired(), ...this.tracker.markGone({ ...view, time: frame.time }, ids, this.opts.occluded)];
    // Only confirmed sightings are reported: a candidate waits for a second view, and a box cut by
    // the image edge names nothing it did not already know.
    const detections = located.flatMap((d, i) => (ids[i] ? [{ id: ids[i], ...d }] : []));
    return { detections, gone, timing };
  }

  /** The frame's detections, with `whileDetecting` run after the frame is handed over and before
   *  its answer is read; the answer is read even when that work throws (then rethrown). */
  private async detect(frame: CameraFrame, { confidence, whileDetecting }: ProcessOptions): Promise<{ detections: Detection2D[]; timing: DetectTiming }> {
    const answer = this.detector.submit?.(frame, { confidence }) ?? (() => this.detector.detectTimed(frame, { confidence }));
    let failed: { error: unknown } | undefined;
    try {
      whileDetecting?.();
    } catch (error) {
      failed = { error };
    }
    const result = await answer();
    if (failed) throw failed.error;
    return result;
  }

  /** Everything remembered, most recently seen first. */
  objects(): TrackedObject[] {
    return this.tracker.list();
  }

  forget(id: string): boolean {
    return this.tracker.forget(id);
  }
}

/**
 * Implements the robot's perception port (src/robot/perception.ts) with a pipeline: `process`
 * returns detections merged with their memory entries.
 */
export function asPerception(pipeline: VisionPipeline): Perception {
  const view = (t: TrackedObject): SeenObject => {
    const parts = splitLabel(t.label);
    return {
      id: t.id,
      label: t.label,
      color: parts?.color ?? '',
      shape: parts?.shape ?? t.label,
      confidence: t.confidence,
      x: round(t.x, 3),
      y: round(t.y, 3),
      lastSeen: t.lastSeen,
      timesSeen: t.timesSeen,
    };
  };
  return {
    async process(frame, opts) {
      const r = await pipeline.process(frame, opts);
      return r.detections.map((d) => {
        const t = pipeline.tracker.get(d.id)!;
        return { ...view(t), confidence: d.confidence, x: d.world.x, y: d.world.y, box: d.box, rangeM: d.rangeM };
      });
    },
    objects: () => pipeline.objects().map(view),
    forget: (id) => void pipeline.forget(id),
    putDown: (o, time) => pipeline.tracker.putDown(o, time),
    renamedTo: (id) => pipeline.tracker.renamedTo(id),
  };
}
