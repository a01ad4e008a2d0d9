import type { CameraFrame } from '../core/camera-frame.js';

/** A remembered object: tracker id (e.g. "red_cube#1"), label, colour, shape, confidence,
 *  estimated world position and when it was last seen (robot time). */
export interface SeenObject {
  id: string;
  label: string;
  /** Parts of "<color>_<shape>" labels; for other labels colour is "" and shape the label. */
  color: string;
  shape: string;
  confidence: number;
  x: number;
  y: number;
  lastSeen: number;
  timesSeen: number;
}

export interface Detection extends SeenObject {
  box: { x1: number; y1: number; x2: number; y2: number };
  rangeM: number;
}

/**
 * What the robot needs from a vision pipeline: objects found in a frame, localized in the world,
 * with ids that stay stable across frames, and a memory of what has been seen — only sightings
 * it has confirmed (seen whole and confidently, or from two viewpoints). This is the only
 * way the robot (and so the agent) learns where objects are.
 */
export interface Perception {
  /** Finds objects in a frame and updates the memory. `whileDetecting`: work for the calling
   *  thread while the detector (in another thread, maybe) works on the frame — the robot gets
   *  its next frame ready; it changes nothing of what is found. */
  process(frame: CameraFrame, opts: { confidence: number; whileDetecting?: () => void }): Promise<Detection[]>;
  /** Everything remembered, most recently seen first. */
  objects(): SeenObject[];
  forget(id: string): void;
  /** Remembers an object the robot put down itself where it put it, under the id it had (no
   *  search and no new id needed to find it again). */
  putDown(object: { id: string; label: string; x: number; y: number; confidence: number }, time: number): void;
  /** The id an object goes by now when further sightings changed its label (and so its id). */
  renamedTo(id: string): string | undefined;
}
