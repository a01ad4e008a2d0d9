import { labelOfId, splitLabel } from '../../core/names.js';
import { CoverageMap } from './coverage.js';
import { kindMatches, type ObjectQuery } from './referring.js';

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
  /** The latest robot time a result gave, seconds. */
  private now: number | undefined;
  private coverageMap: CoverageMap | null | undefined;

  constructor(readonly map: PlannerMap | null) {}

  /** Records what a tool result says about objects: detections (detect_objects,
   *  scan_surroundings), and an object released, where the robot says it put it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  absorb(data: any): void {
    if (typeof data?.time === 'number') this.now = data.time;
    for (const d of data?.detections ?? []) {
      if (typeof d?.id !== 'string' || !d.position) continue;
      this.seen.set(d.id, { id: d.id, label: d.label, color: d.color, shape: d.shape, x: d.position.x, y: d.position.y, ...this.stamp() });
    }
    const put = data?.operation?.result?.position;
    if (typeof data?.released === 'string' && typeof put?.x === 'number' && typeof put?.y === 'number') {
      const label = labelOfId(data.released);
      const parts = splitLabel(label);
      this.seen.set(data.released, { id: data.released, label, color: parts?.color ?? '', shape: parts?.shape ?? label, x: put.x, y: put.y, ...this.stamp() });
    }
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

  matching(q: ObjectQuery, from: { x: number; y: number }): SeenThing[] {
    return [...this.seen.values()]
      .filter((o) => kindMatches(o, q) && (!q.inZone || this.zoneAt(o) === q.inZone) && o.id !== this.holding)
      .sort((a, b) => Math.hypot(a.x - from.x, a.y - from.y) - Math.hypot(b.x - from.x, b.y - from.y) || a.id.localeCompare(b.id));
  }

  zone(name: string) {
    return this.map?.zones.find((z) => z.name === name);
  }

  zoneAt(p: { x: number; y: number }): string | null {
    return this.map?.zones.find((z) => p.x >= z.min_x && p.x <= z.max_x && p.y >= z.min_y && p.y <= z.max_y)?.name ?? null;
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
  const where = q.inZone ? ` in ${q.inZone}` : '';
  const except = q.except ? ` except ${q.except.color ?? ''}${q.except.color && q.except.shape ? ' ' : ''}${q.except.shape ?? ''} ones`.replace(/ {2,}/g, ' ') : '';
  if (q.all) return `${q.count ? q.count : 'all'} ${q.color ? `${q.color} ` : ''}${noun}s${where}${except}`;
  const rank = q.rank ? `${q.rank} ` : '';
  return `${q.count === 1 ? 'a' : 'the'} ${rank}${q.color ? `${q.color} ` : ''}${noun}${where}`;
}
