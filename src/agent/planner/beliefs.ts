import type { Rect } from '../../core/geometry.js';
import type { WhichOneQuestion } from '../outcome-tool.js';
import { labelOfId, splitLabel } from '../../core/names.js';
import { innermostZone, inZone } from '../../core/zone-membership.js';
import { CoverageMap } from './coverage.js';
import { kindMatches, type ObjectQuery, type SpareQuery } from './referring.js';
import { relationScore, type Scene } from './relation-geometry.js';

/** Closer than this, two sightings are one object: the project's objects are 0.1 m wide or more. */
const ONE_SPOT_M = 0.08;

/** A new id this near where the robot put an object of its kind down is that object: the
 *  release's reported spot and a later detection of it differ by a few centimetres up close. */
const PUT_DOWN_SPOT_M = 0.2;
/** A detection's position is estimated from the image, so its error grows with range: seen from
 *  6.6 m, a cube put down at (7.46, 1.16) was placed at (7.22, 1.22). The spot's tolerance grows
 *  by this share of the detection's range. */
const PUT_DOWN_PER_RANGE = 0.06;

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The map as the planner reads it from the system prompt (robot://map content). */
export interface PlannerMap {
  width: number;
  depth: number;
  obstacles: Array<{ id: string; min_x: number; min_y: number; max_x: number; max_y: number }>;
  zones: Array<{ name: string; min_x: number; min_y: number; max_x: number; max_y: number; center: { x: number; y: number } }>;
}

export interface SeenThing {
  id: string;
  label: string;
  color: string;
  shape: string;
  x: number;
  y: number;
  /** Robot time of the result that last reported it, seconds (when the result said). */
  seenAt?: number;
}

/** What a plain "the X" was taken to mean: the words, the id chosen and where it was then, and the
 *  id the gripper held it by (one-meant.ts checks these against later sightings). */
export interface Meant {
  q: ObjectQuery;
  id: string;
  at: { x: number; y: number };
  heldAs?: string;
}

export const MAP_MARKER = 'Map (JSON): ';

/** Finds the machine-readable map line the agent puts in every system prompt. */
export function readMap(system: string): PlannerMap | null {
  const line = system.split('\n').find((l) => l.startsWith(MAP_MARKER));
  if (!line) return null;
  try {
    return JSON.parse(line.slice(MAP_MARKER.length)) as PlannerMap;
  } catch {
    return null;
  }
}

/**
 * What the planner believes: objects the robot reported (from detect/scan results, and those it
 * put down itself where it put them), where it has already looked, and how much of the floor
 * that covered.
 */
export class Beliefs {
  readonly seen = new Map<string, SeenThing>();
  readonly scannedAt: Array<{ x: number; y: number }> = [];
  holding: string | null = null;
  /** Where the robot stood and faced when the mission began (its first pose): "your left", "the far wall". */
  origin: Scene['origin'] = null;
  /** Where each object was first seen: what "leave it alone" is checked against. */
  readonly firstSeen = new Map<string, { x: number; y: number }>();
  /** Objects the robot took hold of on this mission, and where they were when it did (if known). */
  readonly grasped = new Map<string, { x: number; y: number } | null>();
  /** Where the robot put each object down on this mission, as its release result says. */
  private readonly putDown = new Map<string, { x: number; y: number }>();
  /** Where the robot stood when it put each object down: a side it is known to be seen from. */
  readonly releasedFrom = new Map<string, { x: number; y: number }>();
  /** Ids a later look gave objects the robot had put down: the new id → the id it was put down as. */
  private readonly renamed = new Map<string, string>();
  /** Pairs of ids one result reported together ("a|b", a < b): two objects, whatever their distance. */
  private readonly together = new Set<string>();
  /** The object each plain "the X" was taken to mean: checked at the end against later sightings (one-meant.ts). */
  readonly meant: Meant[] = [];
  /** What to ask the person when the mission could not tell which of several objects was meant. */
  question: WhichOneQuestion | undefined;
  /** Every grasp of this mission, in order: a later goal that takes hold of what an earlier one put down undoes it. */
  readonly pickups: string[] = [];
  /** Objects put down only to free the gripper for another pickup, in order, and where they landed. */
  readonly setDown: Array<{ id: string; at?: { x: number; y: number } }> = [];
  /** The latest robot time a result gave, seconds. */
  private now: number | undefined;
  private coverageMap: CoverageMap | null | undefined;
  private rects: Array<Rect & { name: string }> | undefined;

  constructor(readonly map: PlannerMap | null) {}

  /** Records what a tool result says about objects: detections (detect_objects,
   *  scan_surroundings), and an object released, where the robot says it put it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  absorb(data: any): void {
    if (typeof data?.time === 'number') this.now = data.time;
    const pose = data?.pose;
    if (!this.origin && typeof pose?.x === 'number' && typeof pose?.y === 'number') this.origin = { x: pose.x, y: pose.y, heading: typeof pose.heading_deg === 'number' ? pose.heading_deg : 0 };
    if (typeof data?.holding === 'string' && !this.grasped.has(data.holding)) {
      const was = this.seen.get(data.holding);
      this.grasped.set(data.holding, was ? { x: was.x, y: was.y } : null);
    }
    const ids: string[] = [];
    const reported = new Set<string>((data?.detections ?? []).map((d: { id?: unknown }) => d?.id));
    for (const d of data?.detections ?? []) {
      if (typeof d?.id !== 'string' || !d.position) continue;
      ids.push(d.id);
      if (!this.firstSeen.has(d.id)) this.noteRenamed(d.id, d.label, d.position, reported, typeof d.range_m === 'number' ? d.range_m : 0);
      if (!this.firstSeen.has(d.id)) this.firstSeen.set(d.id, { x: d.position.x, y: d.position.y });
      this.seen.set(d.id, { id: d.id, label: d.label, color: d.color, shape: d.shape, x: d.position.x, y: d.position.y, ...this.stamp() });
    }
    for (const [i, a] of ids.entries()) for (const b of ids.slice(i + 1)) this.together.add(pairKey(a, b));
    this.supersede(ids);
    const put = data?.operation?.result?.position;
    if (typeof data?.released === 'string' && typeof put?.x === 'number' && typeof put?.y === 'number') {
      const label = labelOfId(data.released);
      const parts = splitLabel(label);
      this.seen.set(data.released, { id: data.released, label, color: parts?.color ?? '', shape: parts?.shape ?? label, x: put.x, y: put.y, ...this.stamp() });
      this.putDown.set(data.released, { x: put.x, y: put.y });
      if (typeof pose?.x === 'number' && typeof pose?.y === 'number') this.releasedFrom.set(data.released, { x: pose.x, y: pose.y });
    }
  }

  /**
   * A first sighting of an id, of the same kind and at the spot where the robot put an object
   * down, in a look that does not also report that object, is the object it put down under a new
   * tracker id (the tracker lost it while the robot drove off): not a second one that was already
   * there, which a report, a count or the check of "all the X in Z" would otherwise take it for.
   */
  private noteRenamed(id: string, label: unknown, at: { x: number; y: number }, reported: ReadonlySet<string>, range: number): void {
    const reach = Math.max(PUT_DOWN_SPOT_M, PUT_DOWN_PER_RANGE * range);
    for (const [was, spot] of this.putDown) {
      if (was === id || reported.has(was) || labelOfId(was) !== label) continue;
      if (Math.hypot(spot.x - at.x, spot.y - at.y) < reach) {
        this.renamed.set(id, was);
        return;
      }
    }
  }

  /** The id the robot put this object down as, when a later look gave it a new one; else its own. */
  putDownAs(id: string): string {
    return this.renamed.get(id) ?? id;
  }

  /**
   * An older id at the very spot of one just reported is the same object by another name (a ball
   * that a closer look showed to be a cylinder): two objects cannot stand closer than their width,
   * so it is forgotten rather than counted as a second object.
   */
  private supersede(ids: readonly string[]): void {
    const reported = ids.map((id) => this.seen.get(id)!);
    for (const old of [...this.seen.values()]) {
      if (ids.includes(old.id) || old.id === this.holding) continue;
      if (reported.some((r) => Math.hypot(r.x - old.x, r.y - old.y) < ONE_SPOT_M)) this.seen.delete(old.id);
    }
  }

  /** Whether `o` lies where the robot put an object of its kind down, and no look reported both:
   *  that object again, under an id the look gave it. */
  nearWherePutDown(o: SeenThing, within: number): boolean {
    for (const [was, spot] of this.putDown) {
      if (labelOfId(was) === o.label && Math.hypot(spot.x - o.x, spot.y - o.y) < within && (was === o.id || !this.seenTogether(was, o.id))) return true;
    }
    return false;
  }

  /** Whether one result reported both ids: the robot's memory told them apart in one look. */
  seenTogether(a: string, b: string): boolean {
    return this.together.has(pairKey(a, b));
  }

  forget(id: string): void {
    this.seen.delete(id);
  }

  /** "seen just now", "seen 40 s ago": how old what the planner knows of an object is. */
  describeAge(o: SeenThing): string {
    if (o.seenAt === undefined || this.now === undefined) return 'when I last looked';
    const age = Math.max(0, Math.round(this.now - o.seenAt));
    return age < 5 ? 'seen just now' : `seen ${age} s ago`;
  }

  /** The objects seen that `q` may mean, best first: by its relation when it has one, else nearest to `from`. */
  matching(q: ObjectQuery, from: { x: number; y: number }): SeenThing[] {
    const scene = this.scene();
    const score = (o: SeenThing) => (q.relation ? relationScore(o, q.relation, scene) : 0);
    return [...this.seen.values()]
      .filter((o) => kindMatches(o, q) && (!q.inZone || this.inZone(o, q.inZone)) && (!q.notInZone || !this.inZone(o, q.notInZone)) && o.id !== this.holding)
      .filter((o) => !q.spare?.some((s) => this.spares(s, o)) && !(q.other && (this.grasped.has(o.id) || this.grasped.has(this.putDownAs(o.id)))) && score(o) !== null)
      .sort((a, b) => score(a)! - score(b)! || Math.hypot(a.x - from.x, a.y - from.y) - Math.hypot(b.x - from.x, b.y - from.y) || a.id.localeCompare(b.id));
  }

  /** What relations are measured against: the map, the objects seen, where the robot started. */
  scene(): Scene {
    return { map: this.map, objects: [...this.seen.values()], origin: this.origin };
  }

  /** Whether "leave … alone" covers this object, where it is or was first seen. */
  spares(s: SpareQuery, o: { color?: string; shape?: string; x: number; y: number; id?: string }): boolean {
    if (s.notNamed) return !s.notNamed.some((k) => (!k.color || k.color === o.color) && (!k.shape || k.shape === o.shape));
    if ((s.color && o.color !== s.color) || (s.shape && o.shape !== s.shape)) return false;
    if (!s.inZone) return true;
    const first = o.id ? this.firstSeen.get(o.id) : undefined;
    return this.inZone(o, s.inZone) || (first !== undefined && this.inZone(first, s.inZone));
  }

  zone(name: string) {
    return this.map?.zones.find((z) => z.name === name);
  }

  /** The one zone to name for where a point is: the innermost containing it (zone-membership.ts).
   *  Never a membership test: a point in a tray on a bench is in both; ask `inZone`. */
  zoneAt(p: { x: number; y: number }): string | null {
    return innermostZone(this.zoneRects(), p)?.name ?? null;
  }

  /** Whether a point is in the named zone, whatever other zone also contains it. */
  inZone(p: { x: number; y: number }, name: string): boolean {
    const z = this.zoneRects().find((r) => r.name === name);
    return z !== undefined && inZone(z, p);
  }

  private zoneRects(): Array<Rect & { name: string }> {
    this.rects ??= (this.map?.zones ?? []).map((z) => ({ name: z.name, minX: z.min_x, minY: z.min_y, maxX: z.max_x, maxY: z.max_y }));
    return this.rects;
  }

  /** What the scans so far covered of the map's floor, and where to look next; null without a map. */
  coverage(): CoverageMap | null {
    if (this.coverageMap === undefined) {
      this.coverageMap = this.map ? new CoverageMap(this.map) : null;
      for (const at of this.scannedAt) this.coverageMap?.scannedFrom(at);
    }
    return this.coverageMap;
  }

  /** A scan all around was made from `at`. */
  scannedFrom(at: { x: number; y: number }): void {
    this.scannedAt.push({ x: at.x, y: at.y });
    this.coverageMap?.scannedFrom(at);
  }

  private stamp(): { seenAt?: number } {
    return this.now === undefined ? {} : { seenAt: this.now };
  }
}

export function describeQuery(q: ObjectQuery): string {
  const noun = q.shape ?? 'object';
  const where = `${q.inZone ? ` in ${q.inZone}` : ''}${q.notInZone ? ` not in ${q.notInZone}` : ''}${q.relation ? ` ${q.relation.text}` : ''}`;
  const except = q.except ? ` except ${q.except.color ?? ''}${q.except.color && q.except.shape ? ' ' : ''}${q.except.shape ?? ''} ones`.replace(/ {2,}/g, ' ') : '';
  if (q.all) return `${q.count ? q.count : 'all'} ${q.color ? `${q.color} ` : ''}${noun}s${where}${except}`;
  const rank = `${q.rank ? `${q.rank} ` : ''}${q.other ? 'other ' : ''}`;
  return `${q.count === 1 ? 'a' : 'the'} ${rank}${q.color ? `${q.color} ` : ''}${noun}${where}`;
}
