import { cameraModel, type CameraRig } from '../core/camera-model.js';
import type { Pose } from '../core/geometry.js';
import { trackerId } from '../core/names.js';
import { compareIds, fullyInView, hiddenBehind, labelEvidence, otherViewpoint, sightingWeight, type Viewpoint } from './sightings.js';
import { lookAlike } from './types.js';
import { addSpreads, gateDistance, invertSpread, roundSpread, sightingSpread, type Spread } from './position-spread.js';

/**
 * Object memory: associates localized detections with remembered objects (same label, or a
 * look-alike, within a gate longer along the line of sight: position-spread.ts), giving each a
 * stable id like `red_cube#2`, and keeps what was seen: smoothed position, last confidence,
 * first/last seen time, times seen. When the camera looks at where a remembered object should be
 * (inside the view, close enough to be detected, not behind a nearer one) and does not see it, the
 * object is dropped: it was moved or taken. Deterministic: no randomness, ids from per-label
 * counters, ties broken by order.
 *
 * The detector's commonest mistake is the shape of a small or far object (a blue cube seen once
 * as a `blue_ball`). A sighting of the same colour but another shape right on top of a remembered
 * object (within `lookAlikeGateM`) is therefore another vote on what that object is, not a new
 * object; the label is the one with the most evidence, and when the votes change it the object
 * gets an id under its new label (the old id is retired: `takeRetired`).
 *
 * Only confirmed objects are remembered for others to see (ids, `list`, `get`): a whole sighting
 * (not cut by the image edge) at `confirmConfidence` or more, or two whole sightings of one label
 * from different viewpoints. A weaker first sighting is kept out of sight as a candidate until a
 * second view confirms it, and a sighting cut by the image edge never creates an object (nor
 * relabels one): the detector's worst calls are on half-visible objects, and one of them once
 * put a ball that did not exist into memory.
 */
export interface Observation {
  label: string;
  x: number;
  y: number;
  confidence: number;
  /** Range from the robot when seen; far sightings move the estimate less. */
  rangeM?: number;
  /** The box touches the image border: part of the object is out of view, and its shape is the
   *  detector's least reliable call (a cube cut at the bottom edge reads as a cylinder), so the
   *  sighting counts for little in the vote on what the object is, and cannot relabel it alone. */
  cutByEdge?: boolean;
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
  /** Max distance, metres, for a same-colour, other-shape sighting to count as the same object. */
  lookAlikeGateM?: number;
  /** Both gates widen to this many metres per metre of range for far sightings, whose position
   *  error grows with range (a 6 m sighting can be 0.3 m off). */
  gatePerRangeM?: number;
  /** Remembered objects within this range of the camera and in view must be seen, metres. */
  goneRangeM?: number;
  /** Pixels of margin inside the image edges for "in view" (objects cut by the edge may be missed). */
  viewMarginPx?: number;
  /** Object size used to check that the whole object is in view, metres. */
  objectSize?: number;
  /** Cap on the weight of the history when smoothing positions (higher = steadier). */
  maxHistoryWeight?: number;
  /** A whole sighting this confident confirms an object on its own; weaker ones need a second view. */
  confirmConfidence?: number;
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
  /** Seen well enough to be remembered in public (see the class note); candidates are not. */
  confirmed: boolean;
  /** Where a candidate was first seen whole under each label: a second view confirms a label
   *  only if it saw that label too. */
  firstViews: Map<string, Viewpoint | undefined>;
  /** Accumulated smoothing weight. */
  weight: number;
  /** How well its sightings pin its position down (the sum of their inverse spreads). */
  info: Spread;
  /** Evidence per label: sum of confidence × sighting weight. */
  votes: Map<string, number>;
}

export class ObjectTracker {
  private readonly entries = new Map<string, Entry>();
  private readonly counters = new Map<string, number>();
  private candidates = 0;
  private readonly gate: number;
  private readonly lookAlikeGate: number;
  private readonly gatePerRange: number;
  private retired: string[] = [];
  /** Retired id → the id its object took on relabelling, so a caller holding an old id can be told. */
  private readonly renames = new Map<string, string>();
  private readonly goneRange: number;
  private readonly margin: number;
  private readonly size: number;
  private readonly maxWeight: number;
  private readonly confirmConfidence: number;

  constructor(opts: TrackerOptions = {}) {
    this.gate = opts.gateM ?? 0.35;
    this.lookAlikeGate = opts.lookAlikeGateM ?? 0.2;
    this.gatePerRange = opts.gatePerRangeM ?? 0.06;
    this.goneRange = opts.goneRangeM ?? 3.5;
    this.margin = opts.viewMarginPx ?? 4;
    this.size = opts.objectSize ?? 0.12;
    this.maxWeight = opts.maxHistoryWeight ?? 8;
    this.confirmConfidence = opts.confirmConfidence ?? 0.6;
  }

  /**
   * Records the sightings of one frame at `time`, taken from viewpoint `from` (the robot's pose;
   * without it no sighting counts as another view), and returns the id given to each (same
   * order): undefined for a sighting that confirms nothing (a candidate's, or one cut by the
   * edge that matches no remembered object).
   * Association is greedy by cost over all (sighting, object) pairs within their gates
   * (`gateDistance`): the distance in gates, plus 0.5 for a look-alike (a same-label object wins
   * unless it is much further away than the look-alike), plus `CANDIDATE_COST` for a candidate (a
   * remembered object wins unless it is much further away). Two sightings never take one object.
   */
  update(observations: readonly Observation[], time: number, from?: Viewpoint): Array<string | undefined> {
    const ids: Array<string | undefined> = new Array(observations.length);
    const matched: boolean[] = new Array(observations.length).fill(false);
    const pairs: Array<{ cost: number; i: number; id: string }> = [];
    observations.forEach((o, i) => {
      const spread = sightingSpread(o, from, this.gatePerRange);
      for (const e of this.entries.values()) {
        const same = e.label === o.label;
        if (!same && !lookAlike(e.label, o.label)) continue;
        const d = gateDistance(o, e, same ? this.gate : this.lookAlikeGate, spread, this.gatePerRange);
        if (d <= 1) pairs.push({ cost: d + (same ? 0 : 0.5) + (e.confirmed ? 0 : CANDIDATE_COST), i, id: e.id });
      }
    });
    pairs.sort((a, b) => a.cost - b.cost || a.i - b.i || compareIds(a.id, b.id));
    const taken = new Set<string>();
    for (const p of pairs) {
      if (matched[p.i] || taken.has(p.id)) continue;
      taken.add(p.id);
      matched[p.i] = true;
      ids[p.i] = this.refresh(this.entries.get(p.id)!, observations[p.i]!, time, from);
    }
    observations.forEach((o, i) => {
      if (matched[i] || o.cutByEdge) return;
      const confirmed = o.confidence >= this.confirmConfidence;
      const id = confirmed ? this.nextId(o.label) : `candidate:${++this.candidates}`;
      const entry = { id, label: o.label, x: o.x, y: o.y, confidence: o.confidence, firstSeen: time, lastSeen: time, timesSeen: 1 };
      const info = invertSpread(sightingSpread(o, from, this.gatePerRange));
      this.entries.set(id, { ...entry, confirmed, firstViews: new Map([[o.label, from]]), weight: sightingWeight(o), info, votes: new Map([[o.label, labelEvidence(o)]]) });
      if (confirmed) ids[i] = id;
    });
    return ids;
  }

  /** Ids retired since the last call because their object's label changed (see the class note). */
  takeRetired(): string[] {
    const out = this.retired;
    this.retired = [];
    return out;
  }

  /**
   * Drops remembered objects (and candidates) that this frame should have shown but did not: not
   * in `seenIds`, inside the image (with a margin), within `goneRangeM` of the lens and not half
   * hidden behind a nearer remembered object (in a full tray, the cylinder behind another).
   * `occluded`, when given, says whether something static hides a point from the lens (then the
   * object is kept). Returns the ids of remembered objects removed.
   */
  markGone(view: TrackerView, seenIds: Iterable<string | undefined>, occluded?: (from: { x: number; y: number }, to: { x: number; y: number }) => boolean): string[] {
    const seen = new Set(seenIds);
    const width = view.width ?? view.camera.width;
    const height = view.height ?? view.camera.heightPx;
    const model = cameraModel({ ...view.camera, width, heightPx: height }, view.pose);
    const removed: string[] = [];
    const remembered = [...this.entries.values()].filter((e) => e.confirmed);
    for (const e of [...this.entries.values()].sort((a, b) => compareIds(a.id, b.id))) {
      if (seen.has(e.id) || e.lastSeen >= view.time) continue;
      const range = Math.hypot(e.x - model.origin.x, e.y - model.origin.y);
      if (range > this.goneRange) continue;
      if (!fullyInView(model, e, this.size, this.margin)) continue;
      if (occluded?.({ x: model.origin.x, y: model.origin.y }, { x: e.x, y: e.y })) continue;
      if (hiddenBehind(model.origin, e, remembered, this.size)) continue;
      this.entries.delete(e.id);
      if (e.confirmed) removed.push(e.id);
    }
    return removed;
  }

  /** The id a retired id's object goes by now that its label changed (following repeated
   *  relabels), or undefined when the id was never relabelled or its object is no longer remembered. */
  renamedTo(id: string): string | undefined {
    let current = this.renames.get(id);
    for (let next = current && this.renames.get(current); next; next = this.renames.get(next)) current = next;
    return current && this.entries.has(current) ? current : undefined;
  }

  /** Removes an object from memory; false when there was none with that id. */
  forget(id: string): boolean {
    return this.confirmedEntry(id) ? this.entries.delete(id) : false;
  }

  /**
   * Remembers an object the robot itself put down at (x, y), under the id it had when picked up:
   * the robot knows where it left it, so it needs no search and no new id to find it again.
   */
  putDown(o: { id: string; label: string; x: number; y: number; confidence: number }, time: number): void {
    const info = invertSpread(roundSpread(this.gatePerRange));
    this.entries.set(o.id, { ...o, confirmed: true, firstViews: new Map(), firstSeen: time, lastSeen: time, timesSeen: 1, weight: this.maxWeight, info, votes: new Map([[o.label, o.confidence]]) });
  }

  get(id: string): TrackedObject | undefined {
    const e = this.confirmedEntry(id);
    return e ? publicView(e) : undefined;
  }

  /** Everything remembered, most recently seen first (ties by id); candidates are not. */
  list(): TrackedObject[] {
    return [...this.entries.values()]
      .filter((e) => e.confirmed)
      .sort((a, b) => b.lastSeen - a.lastSeen || compareIds(a.id, b.id))
      .map(publicView);
  }

  clear(): void {
    this.entries.clear();
    this.counters.clear();
    this.candidates = 0;
    this.retired = [];
    this.renames.clear();
  }

  private confirmedEntry(id: string): Entry | undefined {
    const e = this.entries.get(id);
    return e?.confirmed ? e : undefined;
  }

  /** Folds a sighting into a remembered object or candidate; returns the object's id (new if
   *  relabelled or just confirmed), undefined while it is still a candidate. */
  private refresh(e: Entry, o: Observation, time: number, from: Viewpoint | undefined): string | undefined {
    const w = sightingWeight(o);
    const total = e.weight + w;
    e.x += ((o.x - e.x) * w) / total;
    e.y += ((o.y - e.y) * w) / total;
    e.weight = Math.min(total, this.maxWeight);
    e.info = addSpreads(e.info, invertSpread(sightingSpread(o, from, this.gatePerRange)));
    e.lastSeen = Math.max(e.lastSeen, time);
    e.timesSeen++;
    e.votes.set(o.label, (e.votes.get(o.label) ?? 0) + labelEvidence(o));
    if (o.label === e.label) e.confidence = o.confidence;
    if (!e.confirmed) return this.reconsider(e, o, from);
    // A margin, so two look-alike labels with similar evidence do not swap (and spend ids) back and
    // forth; and only a sighting of the whole object may change what it is called.
    if (o.cutByEdge || (e.votes.get(o.label) ?? 0) <= RELABEL_MARGIN * (e.votes.get(e.label) ?? 0)) return e.id;
    // The evidence now says it is the other look-alike: same object, new label and id.
    const relabelled = this.rekey(e, o.label, o.confidence);
    this.retired.push(e.id);
    this.renames.set(e.id, relabelled.id);
    return relabelled.id;
  }

  /** A candidate seen again: confirmed, under this sighting's label, by a whole sighting that is
   *  confident or that saw the same label as an earlier whole sighting from another viewpoint.
   *  Two weak sightings that disagree on the shape confirm neither shape: a far green cube seen
   *  once as a cube and once, after a turn, as a cylinder had become a green cylinder. */
  private reconsider(e: Entry, o: Observation, from: Viewpoint | undefined): string | undefined {
    if (o.cutByEdge) return undefined;
    if (!e.firstViews.has(o.label)) e.firstViews.set(o.label, from);
    if (o.confidence < this.confirmConfidence && !otherViewpoint(e.firstViews.get(o.label), from)) return undefined;
    return this.rekey(e, o.label, o.confidence, true).id;
  }

  /** Moves an entry to a new id under `label` (a relabel, or a candidate confirmed). */
  private rekey(e: Entry, label: string, confidence: number, confirm = false): Entry {
    this.entries.delete(e.id);
    const moved: Entry = { ...e, id: this.nextId(label), label, confidence, confirmed: e.confirmed || confirm };
    this.entries.set(moved.id, moved);
    return moved;
  }

  private nextId(label: string): string {
    const n = (this.counters.get(label) ?? 0) + 1;
    this.counters.set(label, n);
    return trackerId(label, n);
  }
}

/** What being a candidate adds to the cost of a sighting going to it (see `update`): a far
 *  sighting 0.3 m from both a remembered yellow cylinder and a candidate left by an earlier far
 *  sighting had gone to the candidate and confirmed it, a second yellow cylinder. */
const CANDIDATE_COST = 0.25;

/** How many times the evidence for the current label another label needs to take over. */
const RELABEL_MARGIN = 1.5;

function publicView(e: Entry): TrackedObject {
  return { id: e.id, label: e.label, x: e.x, y: e.y, confidence: e.confidence, firstSeen: e.firstSeen, lastSeen: e.lastSeen, timesSeen: e.timesSeen };
}
