import type { Vec2 } from '../geometry.js';
import { round } from '../geometry.js';
import type { FloorObject } from '../objects.js';
import type { StaticMap, Zone } from '../map.js';
import type { PathPlan } from '../motion-types.js';
import { OccupancyGrid, GRID_RESOLUTION, INFLATION_MARGIN } from './occupancy-grid.js';
import { clearanceAt, describeSurface, nearestSurface, segmentClearance } from './collision.js';
import { MinHeap } from './min-heap.js';
import { keepOutConflict, withZonesAsObstacles, zoneNames, zonesKey } from './keep-out.js';

export interface PlannerOptions {
  robotRadius: number;
  margin?: number;
  resolution?: number;
}

/** How far the robot may be moved to get out of the inflated zone it starts in, metres. */
const ESCAPE_RADIUS = 0.6;
/** Shortcuts may pass this much closer than the inflation: a diagonal step between two free
 *  cell centres that round an obstacle corner dips by under 3 mm, and a shortcut must never be
 *  stricter than the grid path it replaces. */
const SHORTCUT_SLACK = 0.005;
/** Planners kept for sets of avoided zones: a mission asks for the same set on every drive. */
const KEEP_OUT_CACHE = 4;

const SQRT2 = Math.SQRT2;
// 8-connected neighbourhood (straight steps first, then diagonals): column, row, cost in cells.
const STEP_COL = Int8Array.of(1, -1, 0, 0, 1, 1, -1, -1);
const STEP_ROW = Int8Array.of(0, 0, 1, -1, 1, -1, 1, -1);
const STEP_COST = Float64Array.of(1, 1, 1, 1, SQRT2, SQRT2, SQRT2, SQRT2);

interface SearchScratch {
  g: Float64Array;
  parent: Int32Array;
  seen: Uint32Array;
  closed: Uint32Array;
  open: MinHeap;
  searchId: number;
}

function fmt(v: number): string {
  return String(round(v, 2));
}

/**
 * Plans collision-free paths for the round robot: A* on the inflated occupancy grid, then
 * string pulling so the result is a short polyline whose every segment keeps the robot's
 * clearance exactly (checked against the real shapes, not the grid). Fails fast with a reason.
 */
export class PathPlanner {
  readonly inflation: number;
  private readonly staticGrid: OccupancyGrid;
  private buffers: SearchScratch | undefined;
  private readonly keepOutPlanners = new Map<string, PathPlanner>();

  constructor(
    private readonly map: StaticMap,
    private readonly options: PlannerOptions,
  ) {
    this.inflation = options.robotRadius + (options.margin ?? INFLATION_MARGIN);
    this.staticGrid = OccupancyGrid.ofStaticMap(map, this.inflation, options.resolution ?? GRID_RESOLUTION);
  }

  /** The grid a plan would use with these objects on the floor. */
  grid(objects: readonly FloorObject[]): OccupancyGrid {
    return objects.some((o) => o.heldBy === null) ? this.staticGrid.withObjects(objects) : this.staticGrid;
  }

  /**
   * A path from start to target around walls, obstacles and the objects, and around `avoid`'s
   * zones when given (this plan only). When the zones are what blocks it, the failure says so
   * (`avoided`), so a caller can tell "no route that keeps out" from "no route at all".
   */
  plan(start: Vec2, target: Vec2, objects: readonly FloorObject[], avoid: readonly Zone[] = []): PathPlan {
    if (avoid.length === 0) return this.planOpen(start, target, objects);
    const conflict = keepOutConflict(avoid, start, target, this.inflation);
    if (conflict) return conflict;
    const plan = this.avoiding(avoid).planOpen(start, target, objects);
    if (plan.ok) return plan;
    const open = this.planOpen(start, target, objects);
    if (!open.ok) return open;
    return { ok: false, avoided: 'route', reason: `every route to x=${fmt(target.x)} y=${fmt(target.y)} crosses ${zoneNames(avoid)}, which this drive must keep out of` };
  }

  /** The planner of this map with the zones as obstacles, built once per set of zones. */
  private avoiding(zones: readonly Zone[]): PathPlanner {
    const key = zonesKey(zones);
    let planner = this.keepOutPlanners.get(key);
    if (!planner) {
      if (this.keepOutPlanners.size >= KEEP_OUT_CACHE) this.keepOutPlanners.delete(this.keepOutPlanners.keys().next().value!);
      planner = new PathPlanner(withZonesAsObstacles(this.map, zones), this.options);
      this.keepOutPlanners.set(key, planner);
    }
    return planner;
  }

  private planOpen(start: Vec2, target: Vec2, objects: readonly FloorObject[]): PathPlan {
    const { map } = this;
    const where = `x=${fmt(target.x)} y=${fmt(target.y)}`;
    if (!Number.isFinite(target.x) || !Number.isFinite(target.y)) return { ok: false, reason: 'the target is not a finite point' };
    if (!(target.x > 0 && target.x < map.width && target.y > 0 && target.y < map.depth)) {
      return { ok: false, reason: `${where} is outside the room (0..${fmt(map.width)}, 0..${fmt(map.depth)})` };
    }
    const near = nearestSurface(map, objects, target);
    if (near.distance < this.inflation) {
      const what = describeSurface(near);
      if (near.distance === 0 && near.kind !== 'wall') return { ok: false, reason: `${where} is inside ${what}` };
      return {
        ok: false,
        reason: `${where} is too close to ${what} (${round(near.distance, 3)} m away; the robot's centre must stay ${fmt(this.inflation)} m clear)`,
      };
    }

    const grid = this.grid(objects);
    const startClearance = clearanceAt(map, objects, start.x, start.y);
    let startCell = grid.rowOf(start.y) * grid.cols + grid.colOf(start.x);
    let escaping = false;
    if (grid.blocked[startCell] === 1) {
      // The robot is touching something: leave by the nearest free cell, then plan from there.
      const free = this.nearestFreeCell(grid, start, ESCAPE_RADIUS, () => true);
      if (free < 0) return { ok: false, reason: `the robot is boxed in: no free space within ${ESCAPE_RADIUS} m of it` };
      startCell = free;
      escaping = true;
    }
    let goalCell = grid.rowOf(target.y) * grid.cols + grid.colOf(target.x);
    if (grid.blocked[goalCell] === 1) {
      // The target is clear but its cell centre is not (grid rounding): use a neighbour that sees it.
      goalCell = this.nearestFreeCell(grid, target, 2 * grid.resolution, (p) => this.clearLine(p, target, objects, this.inflation - SHORTCUT_SLACK));
      if (goalCell < 0) return { ok: false, reason: `${where} is too close to ${describeSurface(near)} for the robot to stand there` };
    }

    const cells = this.search(grid, startCell, goalCell);
    if (!cells) {
      return {
        ok: false,
        reason: `no path to ${where}: it is cut off by walls or obstacles (the robot needs gaps of at least ${fmt(2 * this.inflation)} m)`,
      };
    }
    const points: Vec2[] = [{ x: start.x, y: start.y }];
    for (const c of cells) points.push({ x: grid.centreX(c % grid.cols), y: grid.centreY(Math.floor(c / grid.cols)) });
    points.push({ x: target.x, y: target.y });
    const path = this.pullString(points, objects, escaping, startClearance);
    let length = 0;
    for (let i = 1; i < path.length; i++) length += Math.hypot(path[i]!.x - path[i - 1]!.x, path[i]!.y - path[i - 1]!.y);
    return { ok: true, path, lengthM: round(length, 3) };
  }

  private clearLine(a: Vec2, b: Vec2, objects: readonly FloorObject[], needed: number): boolean {
    return segmentClearance(this.map, objects, a, b) >= needed;
  }

  /** Nearest unblocked cell to p within `radius` that passes `accept`; -1 if none. */
  private nearestFreeCell(grid: OccupancyGrid, p: Vec2, radius: number, accept: (centre: Vec2) => boolean): number {
    const span = Math.ceil(radius / grid.resolution);
    const c0 = grid.colOf(p.x);
    const r0 = grid.rowOf(p.y);
    let best = -1;
    let bestD = Infinity;
    for (let row = Math.max(0, r0 - span); row <= Math.min(grid.rows - 1, r0 + span); row++) {
      for (let col = Math.max(0, c0 - span); col <= Math.min(grid.cols - 1, c0 + span); col++) {
        if (grid.isBlocked(col, row)) continue;
        const centre = { x: grid.centreX(col), y: grid.centreY(row) };
        const d = Math.hypot(centre.x - p.x, centre.y - p.y);
        if (d <= radius && d < bestD && accept(centre)) {
          best = row * grid.cols + col;
          bestD = d;
        }
      }
    }
    return best;
  }

  /** A* over free cells, 8-connected without cutting blocked corners; octile heuristic. */
  private search(grid: OccupancyGrid, start: number, goal: number): number[] | null {
    const { cols, rows, blocked } = grid;
    const s = this.scratch(cols * rows);
    // A fresh stamp per search marks which entries of the reused buffers are current.
    const stamp = ++s.searchId;
    const { g, parent, seen, closed, open } = s;
    const gc = goal % cols;
    const gr = (goal - gc) / cols;
    const heuristic = (col: number, row: number): number => {
      const dx = col > gc ? col - gc : gc - col;
      const dy = row > gr ? row - gr : gr - row;
      return dx < dy ? dy + (SQRT2 - 1) * dx : dx + (SQRT2 - 1) * dy;
    };
    open.clear();
    g[start] = 0;
    parent[start] = -1;
    seen[start] = stamp;
    open.push(start, heuristic(start % cols, (start - (start % cols)) / cols));
    let found = start === goal;
    while (!found && open.size > 0) {
      const cur = open.pop();
      if (closed[cur] === stamp) continue;
      if (cur === goal) {
        found = true;
        break;
      }
      closed[cur] = stamp;
      const col = cur % cols;
      const row = (cur - col) / cols;
      const gCur = g[cur]!;
      for (let k = 0; k < 8; k++) {
        const dc = STEP_COL[k]!;
        const dr = STEP_ROW[k]!;
        const nc = col + dc;
        const nr = row + dr;
        if (nc < 0 || nr < 0 || nc >= cols || nr >= rows) continue;
        const next = cur + dr * cols + dc;
        if (blocked[next] === 1 || closed[next] === stamp) continue;
        if (k >= 4 && (blocked[cur + dc] === 1 || blocked[cur + dr * cols] === 1)) continue;
        const ng = gCur + STEP_COST[k]!;
        if (seen[next] !== stamp || ng < g[next]!) {
          seen[next] = stamp;
          g[next] = ng;
          parent[next] = cur;
          // A hair of extra heuristic weight breaks ties toward the goal, expanding fewer cells.
          open.push(next, ng + heuristic(nc, nr) * (1 + 1e-6));
        }
      }
    }
    if (!found) return null;
    const cells: number[] = [];
    for (let c = goal; c !== -1; c = parent[c]!) cells.push(c);
    return cells.reverse();
  }

  /** Search buffers, kept between plans: a plan per goal should not churn the GC. */
  private scratch(n: number): SearchScratch {
    if (!this.buffers || this.buffers.g.length !== n) {
      this.buffers = {
        g: new Float64Array(n),
        parent: new Int32Array(n),
        seen: new Uint32Array(n),
        closed: new Uint32Array(n),
        open: new MinHeap(4096),
        searchId: 0,
      };
    }
    return this.buffers;
  }

  /**
   * Greedy string pulling: from each kept point, jump to the farthest later point that is in
   * clear line of sight. Segments leaving the start may not get closer to anything than the
   * robot already is; an escape from inside the inflation keeps its first leg as planned.
   */
  private pullString(points: Vec2[], objects: readonly FloorObject[], escaping: boolean, startClearance: number): Vec2[] {
    const needed = this.inflation - SHORTCUT_SLACK;
    const out: Vec2[] = [points[0]!];
    let i = 0;
    if (escaping) {
      out.push(points[1]!);
      i = 1;
    }
    const last = points.length - 1;
    while (i < last) {
      const need = i === 0 ? Math.min(needed, startClearance - 1e-6) : needed;
      let j = i + 1;
      while (j < last && this.clearLine(points[i]!, points[j + 1]!, objects, need)) j++;
      out.push(points[j]!);
      i = j;
    }
    return dedupe(out);
  }
}

/** Drops points that repeat the previous one (the start often lies on its own cell centre),
 *  keeping the exact target as the last point and at least two points. */
function dedupe(path: Vec2[]): Vec2[] {
  const target = path[path.length - 1]!;
  const out: Vec2[] = [path[0]!];
  for (let i = 1; i < path.length; i++) {
    const p = path[i]!;
    const q = out[out.length - 1]!;
    if (Math.hypot(p.x - q.x, p.y - q.y) > 1e-9) out.push(p);
    else if (i === path.length - 1 && out.length > 1) out[out.length - 1] = p;
  }
  if (out.length === 1) out.push(target);
  return out;
}
