import { projectPoint, cameraModel, type CameraRig } from '../sim/camera/model.js';
import type { Pose } from '../sim/geometry.js';
import { objectHeight } from '../sim/camera/scene.js';
import { splitLabel } from './types.js';

/**
 * Object memory: associates localized detections with remembered objects (same label, within a
 * distance gate), giving each a stable id like `red_cube#2`, and keeps what was seen: smoothed
 * position, last confidence, first/last seen time, times seen. When the camera looks at where a
 * remembered object should be (inside the view, close enough to be detected) and does not see
 * it, the object is dropped: it was moved or taken. Deterministic: no randomness, ids from
 * per-label counters, ties broken by order.
 */
export interface Observation {
  label: string;
  x: number;
  y: number;
  confidence: number;
  /** Range from the robot when seen; far sightings move the estimate less. */
  rangeM?: number;
}

export interface TrackedObject {
  id: string;
  label: string;
  x: number;
  y: number;
  confidence: number;
  firstSeen: number;
  lastSeen: number;
  timesSeen: number;
}

export interface TrackerOptions {
  /** Max distance, metres, between a sighting and a remembered object of the same label. */
  gateM?: number;
  /** Remembered objects within this range of the camera and in view must be seen, metres. */
  goneRangeM?: number;
  /** Pixels of margin inside the image edges for "in view" (objects cut by the edge may be missed). */
  viewMarginPx?: number;
  /** Object size used to check that the whole object is in view, metres. */
  objectSize?: number;
  /** Cap on the weight of the history when smoothing positions (higher = steadier). */
  maxHistoryWeight?: number;
}

/** The view of the frame the sightings came from, to tell which remembered objects should be visible. */
export interface TrackerView {
  pose: Pose;
  camera: CameraRig;
  width?: number;
  height?: number;
  time: number;
}

interface Entry extends TrackedObject {
  /** Accumulated smoothing weight. */
  weight: number;
}

export class ObjectTracker {
  private readonly entries = new Map<string, Entry>();
  private readonly counters = new Map<string, number>();
  private readonly gate: number;
  private readonly goneRange: number;
  private readonly margin: number;
  private readonly size: number;
  private readonly maxWeight: number;

  constructor(opts: TrackerOptions = {}) {
    this.gate = opts.gateM ?? 0.35;
    this.goneRange = opts.goneRangeM ?? 3.5;
    this.margin = opts.viewMarginPx ?? 4;
    this.size = opts.objectSize ?? 0.12;
    this.maxWeight = opts.maxHistoryWeight ?? 8;
  }

  /**
   * Records the sightings of one frame at `time` and returns the id given to each (same order).
   * Association is greedy by distance over all (sighting, object) pairs of the same label within
   * the gate, so two sightings never take the same object.
   */
  update(observations: readonly Observation[], time: number): string[] {
    const ids: Array<string | undefined> = new Array(observations.length);
    const pairs: Array<{ d: number; i: number; id: string }> = [];
    observations.forEach((o, i) => {
      for (const e of this.entries.values()) {
        if (e.label !== o.label) continue;
        const d = Math.hypot(e.x - o.x, e.y - o.y);
        if (d <= this.gate) pairs.push({ d, i, id: e.id });
      }
    });
    pairs.sort((a, b) => a.d - b.d || a.i - b.i || compareIds(a.id, b.id));
    const taken = new Set<string>();
    for (const p of pairs) {
      if (ids[p.i] !== undefined || taken.has(p.id)) continue;
      ids[p.i] = p.id;
      taken.add(p.id);
      this.refresh(this.entries.get(p.id)!, observations[p.i]!, time);
    }
    observations.forEach((o, i) => {
      if (ids[i] !== undefined) return;
      const n = (this.counters.get(o.label) ?? 0) + 1;
      this.counters.set(o.label, n);
      const id = `${o.label}#${n}`;
      this.entries.set(id, { id, label: o.label, x: o.x, y: o.y, confidence: o.confidence, firstSeen: time, lastSeen: time, timesSeen: 1, weight: sightingWeight(o) });
      ids[i] = id;
    });
    return ids as string[];
  }

  /**
   * Drops remembered objects that this frame should have shown but did not: not in `seenIds`,
   * inside the image (with a margin) and within `goneRangeM` of the lens. `occluded`, when given,
   * says whether something static hides a point from the lens (then the object is kept).
   * Returns the ids removed.
   */
  markGone(view: TrackerView, seenIds: Iterable<string>, occluded?: (from: { x: number; y: number }, to: { x: number; y: number }) => boolean): string[] {
    const seen = new Set(seenIds);
    const width = view.width ?? view.camera.width;
    const height = view.height ?? view.camera.heightPx;
    const model = cameraModel({ ...view.camera, width, heightPx: height }, view.pose);
    const removed: string[] = [];
    for (const e of [...this.entries.values()].sort((a, b) => compareIds(a.id, b.id))) {
      if (seen.has(e.id) || e.lastSeen > view.time) continue;
      const range = Math.hypot(e.x - model.origin.x, e.y - model.origin.y);
      if (range > this.goneRange) continue;
      if (!this.fullyInView(model, e)) continue;
      if (occluded?.({ x: model.origin.x, y: model.origin.y }, { x: e.x, y: e.y })) continue;
      this.entries.delete(e.id);
      removed.push(e.id);
    }
    return removed;
  }

  /** Removes an object from memory; false when there was none with that id. */
  forget(id: string): boolean {
    return this.entries.delete(id);
  }

  get(id: string): TrackedObject | undefined {
    const e = this.entries.get(id);
    return e ? publicView(e) : undefined;
  }

  /** Everything remembered, most recently seen first (ties by id). */
  list(): TrackedObject[] {
    return [...this.entries.values()].sort((a, b) => b.lastSeen - a.lastSeen || compareIds(a.id, b.id)).map(publicView);
  }

  clear(): void {
    this.entries.clear();
    this.counters.clear();
  }

  private refresh(e: Entry, o: Observation, time: number): void {
    const w = sightingWeight(o);
    const total = e.weight + w;
    e.x += ((o.x - e.x) * w) / total;
    e.y += ((o.y - e.y) * w) / total;
    e.weight = Math.min(total, this.maxWeight);
    e.confidence = o.confidence;
    e.lastSeen = Math.max(e.lastSeen, time);
    e.timesSeen++;
  }

  private fullyInView(model: ReturnType<typeof cameraModel>, e: Entry): boolean {
    const shape = splitLabel(e.label)?.shape ?? 'cube';
    const top = objectHeight(shape as 'cube' | 'ball' | 'cylinder', this.size);
    const r = this.size / 2;
    const m = this.margin;
    // The object's footprint corners at floor and top height must all be inside the image.
    for (const [dx, dy] of [[-r, -r], [r, -r], [-r, r], [r, r]] as const) {
      for (const z of [0, top]) {
        const p = projectPoint(model, { x: e.x + dx, y: e.y + dy, z });
        if (!p || p.u < m || p.u > model.width - m || p.v < m || p.v > model.height - m) return false;
      }
    }
    return true;
  }
}

/** Inverse-variance-like weight: localization error grows roughly with range squared. */
function sightingWeight(o: Observation): number {
  const r = Math.max(0.5, o.rangeM ?? 1.5);
  return 1 / (r * r);
}

/** Orders "red_cube#2" before "red_cube#10". */
function compareIds(a: string, b: string): number {
  const [la, na] = a.split('#');
  const [lb, nb] = b.split('#');
  return la! < lb! ? -1 : la! > lb! ? 1 : Number(na) - Number(nb);
}

function publicView(e: Entry): TrackedObject {
  return { id: e.id, label: e.label, x: e.x, y: e.y, confidence: e.confidence, firstSeen: e.firstSeen, lastSeen: e.lastSeen, timesSeen: e.timesSeen };
}
