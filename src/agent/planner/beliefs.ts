import type { ObjectQuery } from './instruction.js';

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
 * What the planner believes: objects it has seen (from detect/scan results only), where it has
 * already looked, and the waypoints left to explore.
 */
export class Beliefs {
  readonly seen = new Map<string, SeenThing>();
  readonly scannedAt: Array<{ x: number; y: number }> = [];
  holding: string | null = null;

  constructor(readonly map: PlannerMap | null) {}

  /** Records detections from detect_objects / scan_surroundings results. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  absorb(data: any): void {
    for (const d of data?.detections ?? []) {
      if (typeof d?.id !== 'string' || !d.position) continue;
      this.seen.set(d.id, { id: d.id, label: d.label, color: d.color, shape: d.shape, x: d.position.x, y: d.position.y });
    }
  }

  forget(id: string): void {
    this.seen.delete(id);
  }

  matching(q: ObjectQuery, from: { x: number; y: number }): SeenThing[] {
    return [...this.seen.values()]
      .filter((o) => (!q.color || o.color === q.color) && (!q.shape || o.shape === q.shape) && o.id !== this.holding)
      .sort((a, b) => Math.hypot(a.x - from.x, a.y - from.y) - Math.hypot(b.x - from.x, b.y - from.y) || a.id.localeCompare(b.id));
  }

  zone(name: string) {
    return this.map?.zones.find((z) => z.name === name);
  }

  zoneAt(p: { x: number; y: number }): string | null {
    return this.map?.zones.find((z) => p.x >= z.min_x && p.x <= z.max_x && p.y >= z.min_y && p.y <= z.max_y)?.name ?? null;
  }

  /**
   * Places to look from, spread over the free floor, nearest first and then each next nearest,
   * skipping those near where a scan was already done.
   */
  explorationWaypoints(from: { x: number; y: number }): Array<{ x: number; y: number }> {
    if (!this.map) return [];
    const { width, depth, obstacles } = this.map;
    // Spaced so the camera's useful range (about 4 m) overlaps between neighbouring scans.
    const margin = 0.9;
    const spacing = 2.5;
    const nx = Math.max(2, Math.ceil((width - 2 * margin) / spacing) + 1);
    const ny = Math.max(2, Math.ceil((depth - 2 * margin) / spacing) + 1);
    const points: Array<{ x: number; y: number }> = [];
    for (let i = 0; i < nx; i++) {
      for (let j = 0; j < ny; j++) {
        const p = { x: margin + ((width - 2 * margin) * i) / (nx - 1), y: margin + ((depth - 2 * margin) * j) / (ny - 1) };
        const clear = obstacles.every((o) => Math.hypot(Math.max(o.min_x - p.x, 0, p.x - o.max_x), Math.max(o.min_y - p.y, 0, p.y - o.max_y)) > 0.6);
        const fresh = this.scannedAt.every((s) => Math.hypot(s.x - p.x, s.y - p.y) > 1.5);
        if (clear && fresh) points.push({ x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 });
      }
    }
    const tour: Array<{ x: number; y: number }> = [];
    let at = from;
    while (points.length) {
      points.sort((a, b) => Math.hypot(a.x - at.x, a.y - at.y) - Math.hypot(b.x - at.x, b.y - at.y));
      at = points.shift()!;
      tour.push(at);
    }
    return tour;
  }
}

export function describeQuery(q: ObjectQuery): string {
  const noun = q.shape ?? 'object';
  if (q.all) return `all ${q.color ? `${q.color} ` : ''}${noun}s`.replace('all objects', 'all objects');
  return `the ${q.color ? `${q.color} ` : ''}${noun}`;
}
