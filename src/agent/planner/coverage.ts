import { normalizeAngle, radToDeg } from '../../core/geometry.js';
import { insideArea } from './map-areas.js';

/**
 * Which parts of the floor the camera has already covered, and where to look from next: a
 * coverage planner on the map's free space. The floor is cut into cells; a scan all around from a
 * spot covers the free cells within the camera's useful range that no obstacle hides. The next
 * view is the reachable spot that uncovers the most cells per metre driven, so the calls a search
 * takes grow with the area searched, not with a fixed grid of waypoints.
 */

export interface Point {
  x: number;
  y: number;
}

interface Rect {
  min_x: number;
  min_y: number;
  max_x: number;
  max_y: number;
}

/** What coverage needs of the map (robot://map): the room and its obstacles. */
export interface FloorMap {
  width: number;
  depth: number;
  obstacles: Rect[];
}

/** The camera finds the project's 12 cm objects reliably out to about this far (the
 *  detect_objects tool says ~4 m; dim rooms and look-alikes need margin). */
export const SENSING_RANGE_M = 3.5;
/** Nearer than this the floor is below the camera's view at every heading. */
export const BLIND_RADIUS_M = 0.6;
/** Nearer than this an object's box is cut by the bottom of the frame, and a cut box confirms
 *  nothing: the camera sits 0.2 m ahead of the base centre, 0.45 m up, pitched 10° down with a
 *  55° vertical field, so a 12 cm object lies whole in the frame from about 0.85 m. A search
 *  plans its views with BLIND_RADIUS_M (what it looks for is usually seen on the way), but says
 *  the room was searched whole only once the floor is covered with this one: a cube 0.76 m from a
 *  scan spot had never been seen, and a count said it had searched the whole room. */
export const WHOLE_BOX_RADIUS_M = 0.85;
export const CELL_M = 0.5;
/** scan_surroundings' default: 12 headings 30° apart. */
const SCAN_STEPS = 12;
/** Half the camera's 70° field, widened by the angle half a cell spans at mid range, so a cell
 *  whose centre is just outside a view but whose floor is not still counts for that view. */
const HALF_FIELD_RAD = ((35 + 5) * Math.PI) / 180;
/** Candidate views lie on this grid, and keep this far from walls and obstacles (the base's
 *  radius and a margin, so navigate_to can reach them). */
const VIEW_GRID_M = 1;
const VIEW_CLEARANCE_M = 0.55;
/** A view must uncover at least this many cells to be worth a trip. */
const MIN_GAIN_CELLS = 8;
/** How much a metre of driving discounts a view's gain. Each view costs a drive and a scan, but
 *  the battery pays for metres: at 0.5 a sweep of the 20 x 15 m hall zig-zagged 115 m and ran
 *  the battery flat; at 2 it takes as many views and drives about 90 m. */
const PER_METRE = 2;

export interface CoverageOptions {
  rangeM: number;
  minGainCells: number;
  /** Score = gain / (1 + distance × perMetre) ^ power. */
  perMetre: number;
  power: number;
}

export class CoverageMap {
  private readonly cells: Point[] = [];
  private readonly seen: boolean[];
  private readonly views: Point[] = [];
  /** Views kept out by keepReachableViews: what they would show is floor the robot cannot see. */
  private readonly outOfReach: Point[] = [];
  private reachabilityKnown = false;
  /** Where scans were made, to count again what they covered once the search asks for whole boxes. */
  private readonly spots: Point[] = [];
  private blindM = BLIND_RADIUS_M;

  private readonly opts: CoverageOptions;

  constructor(
    private readonly map: FloorMap,
    opts: Partial<CoverageOptions> = {},
  ) {
    this.opts = { rangeM: SENSING_RANGE_M, minGainCells: MIN_GAIN_CELLS, perMetre: PER_METRE, power: 1, ...opts };
    for (let x = CELL_M / 2; x < map.width; x += CELL_M) {
      for (let y = CELL_M / 2; y < map.depth; y += CELL_M) {
        const p = { x: round2(x), y: round2(y) };
        if (!map.obstacles.some((o) => insideArea(p, o))) this.cells.push(p);
      }
    }
    this.seen = this.cells.map(() => false);
    for (let x = VIEW_GRID_M / 2; x < map.width; x += VIEW_GRID_M) {
      for (let y = VIEW_GRID_M / 2; y < map.depth; y += VIEW_GRID_M) {
        const p = { x: round2(x), y: round2(y) };
        const nearWall = p.x < VIEW_CLEARANCE_M || p.y < VIEW_CLEARANCE_M || map.width - p.x < VIEW_CLEARANCE_M || map.depth - p.y < VIEW_CLEARANCE_M;
        if (!nearWall && !map.obstacles.some((o) => insideArea(p, o, VIEW_CLEARANCE_M))) this.views.push(p);
      }
    }
  }

  /** Marks what a scan all around from `at` covered. */
  scannedFrom(at: Point): void {
    this.spots.push(at);
    this.cells.forEach((c, i) => {
      if (!this.seen[i] && this.visible(at, c)) this.seen[i] = true;
    });
  }

  /** From now on floor counts as covered only where an object would lie whole in the frame
   *  (WHOLE_BOX_RADIUS_M): the ring nearer a scan spot than that is uncovered again. False when
   *  it was so already. */
  wholeBoxes(): boolean {
    if (this.blindM === WHOLE_BOX_RADIUS_M) return false;
    this.blindM = WHOLE_BOX_RADIUS_M;
    this.cells.forEach((c, i) => {
      this.seen[i] = this.spots.some((s) => this.visible(s, c));
    });
    return true;
  }

  /**
   * Keeps only the views the test `reachableFrom` makes accepts (the floor the robot can get to
   * from where it is; null: nothing to tell yet, asked again next time), once: views behind a shut door had each been driven
   * for in turn, and three of them out of reach ended the search as if the robot were boxed in, so
   * "the X" was never known to be the only one. Made only the first time: a flood fill of the map.
   */
  keepReachableViews(reachableFrom: () => ((p: Point) => boolean) | null): void {
    if (this.reachabilityKnown) return;
    const reachable = reachableFrom();
    if (!reachable) return;
    this.reachabilityKnown = true;
    for (let i = this.views.length - 1; i >= 0; i--) if (!reachable(this.views[i]!)) this.outOfReach.push(...this.views.splice(i, 1));
  }

  /** How much floor no scan covered is in view only from places the robot cannot get to (behind a
   *  shut door, outside the corner it is boxed into), against the floor its scans covered: a
   *  search that ends there has not seen the whole room, though it searched all it can reach. */
  floorOutOfReach(): 'none' | 'some' | 'most' {
    const hidden = this.cells.filter((c, i) => !this.seen[i] && this.outOfReach.some((v) => this.visible(v, c))).length;
    if (hidden < this.opts.minGainCells) return 'none';
    // Boxed into a corner, most of the room is out of reach; a closed room off a hall is a part.
    return hidden > this.seen.filter(Boolean).length ? 'most' : 'some';
  }

  /** A view that is no use (unreachable): never proposed again. */
  dropView(p: Point): void {
    const i = this.views.findIndex((v) => Math.hypot(v.x - p.x, v.y - p.y) < 1e-6);
    if (i >= 0) this.views.splice(i, 1);
  }

  /** Share of the free floor covered so far, 0..1. */
  coveredShare(): number {
    return this.cells.length ? this.seen.filter(Boolean).length / this.cells.length : 1;
  }

  /** Whether the floor at `p` has been covered by a scan (false off the free floor). */
  covers(p: Point): boolean {
    const i = this.cells.findIndex((c) => Math.abs(c.x - p.x) <= CELL_M / 2 && Math.abs(c.y - p.y) <= CELL_M / 2);
    return i >= 0 && this.seen[i]!;
  }

  /** Cells no view has covered yet. */
  uncovered(): number {
    return this.seen.filter((s) => !s).length;
  }

  /**
   * The next place to scan from, seen from `from`: the most newly covered cells per metre
   * driven (ties to the first in grid order, so it is deterministic), or null when no reachable
   * view would uncover enough to be worth it — the search is complete.
   */
  nextView(from: Point): Point | null {
    let best: { p: Point; score: number } | null = null;
    for (const v of this.views) {
      const gain = this.gainAt(v);
      if (gain < this.opts.minGainCells) continue;
      const score = gain / (1 + Math.hypot(v.x - from.x, v.y - from.y) * this.opts.perMetre) ** this.opts.power;
      if (!best || score > best.score + 1e-9) best = { p: v, score };
    }
    return best?.p ?? null;
  }

  /**
   * The headings worth a scan from `at`: of the `steps` of a scan all around (world degrees,
   * evenly spaced counter-clockwise from `headingDeg`), those that would show floor no scan has
   * covered yet, as a view whose field holds only covered floor adds nothing to the search.
   * Every uncovered cell in reach lies in the field of each heading that sees it, so it is still
   * seen twice, as the scan intends. Undefined for the whole circle: when every heading shows new
   * floor, or none does (a look around for look-alikes then looks everywhere).
   */
  scanHeadings(at: Point, headingDeg: number, steps = SCAN_STEPS): number[] | undefined {
    const bearings = this.cells.flatMap((c, i) => (!this.seen[i] && this.visible(at, c) ? [Math.atan2(c.y - at.y, c.x - at.x)] : []));
    const headings: number[] = [];
    for (let k = 0; k < steps; k++) {
      const h = headingDeg + (k * 360) / steps;
      const rad = (h * Math.PI) / 180;
      // As get_robot_status reports headings: -180 < h <= 180.
      if (bearings.some((b) => Math.abs(Math.atan2(Math.sin(b - rad), Math.cos(b - rad))) <= HALF_FIELD_RAD)) headings.push(round1(radToDeg(normalizeAngle(rad))));
    }
    return headings.length > 0 && headings.length < steps ? headings : undefined;
  }

  private gainAt(v: Point): number {
    let gain = 0;
    this.cells.forEach((c, i) => {
      if (!this.seen[i] && this.visible(v, c)) gain++;
    });
    return gain;
  }

  private visible(from: Point, to: Point): boolean {
    const d = Math.hypot(to.x - from.x, to.y - from.y);
    if (d > this.opts.rangeM || d < this.blindM) return false;
    return !this.map.obstacles.some((o) => segmentHitsRect(from, to, o));
  }
}

/** Whether the segment a→b passes through the rectangle (slab test): what the camera cannot see
 *  through, and what stands between a base and the spot ahead of it. */
export function segmentHitsRect(a: Point, b: Point, r: Rect): boolean {
  let t0 = 0;
  let t1 = 1;
  const d = { x: b.x - a.x, y: b.y - a.y };
  for (const [p, dp, lo, hi] of [
    [a.x, d.x, r.min_x, r.max_x],
    [a.y, d.y, r.min_y, r.max_y],
  ] as const) {
    if (Math.abs(dp) < 1e-12) {
      if (p < lo || p > hi) return false;
      continue;
    }
    const ta = (lo - p) / dp;
    const tb = (hi - p) / dp;
    t0 = Math.max(t0, Math.min(ta, tb));
    t1 = Math.min(t1, Math.max(ta, tb));
    if (t0 > t1) return false;
  }
  return true;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
