import type { Rect } from '../geometry.js';
import type { FloorObject } from '../objects.js';
import { type StaticMap } from '../map.js';
import { footprintRadius, objectDistance } from './collision.js';

/** Cell size of the planning grid, metres. */
export const GRID_RESOLUTION = 0.05;
/** Extra clearance kept beyond the robot's radius, so path following has a little slack. */
export const INFLATION_MARGIN = 0.03;

/**
 * An inflated occupancy grid, as a lidar costmap would give a real robot: a cell is blocked
 * when its centre is closer than `inflation` (robot radius + margin) to a wall, an obstacle box
 * or an object on the floor. Planning on it treats the robot as a point. The static layer
 * (walls, obstacles) is built once per map; floor objects are stamped onto a copy per plan.
 */
export class OccupancyGrid {
  private constructor(
    readonly cols: number,
    readonly rows: number,
    readonly resolution: number,
    readonly inflation: number,
    /** 1 = blocked, row-major, row 0 at y = 0. */
    readonly blocked: Uint8Array,
  ) {}

  /** Walls and obstacle boxes only. */
  static ofStaticMap(map: StaticMap, inflation: number, resolution = GRID_RESOLUTION): OccupancyGrid {
    const cols = Math.max(1, Math.ceil(map.width / resolution - 1e-9));
    const rows = Math.max(1, Math.ceil(map.depth / resolution - 1e-9));
    const grid = new OccupancyGrid(cols, rows, resolution, inflation, new Uint8Array(cols * rows));
    for (let row = 0; row < rows; row++) {
      const y = grid.centreY(row);
      for (let col = 0; col < cols; col++) {
        const x = grid.centreX(col);
        if (Math.min(x, map.width - x, y, map.depth - y) < inflation) grid.blocked[row * cols + col] = 1;
      }
    }
    for (const o of map.obstacles) grid.stampRect(o);
    return grid;
  }

  /** A copy with the objects lying on the floor stamped in (the held one is skipped). */
  withObjects(objects: readonly FloorObject[]): OccupancyGrid {
    const grid = new OccupancyGrid(this.cols, this.rows, this.resolution, this.inflation, this.blocked.slice());
    for (const o of objects) if (o.heldBy === null) grid.stampObject(o);
    return grid;
  }

  centreX(col: number): number {
    return (col + 0.5) * this.resolution;
  }

  centreY(row: number): number {
    return (row + 0.5) * this.resolution;
  }

  /** Column of x (clamped to the grid). */
  colOf(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.resolution)));
  }

  rowOf(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.resolution)));
  }

  isBlocked(col: number, row: number): boolean {
    return this.blocked[row * this.cols + col] === 1;
  }

  /** Visits the cells whose centres may lie within `inflation` of the given bounds. */
  private forCellsNear(minX: number, minY: number, maxX: number, maxY: number, visit: (index: number, x: number, y: number) => void): void {
    const r = this.inflation;
    const c0 = this.colOf(minX - r);
    const c1 = this.colOf(maxX + r);
    const r0 = this.rowOf(minY - r);
    const r1 = this.rowOf(maxY + r);
    for (let row = r0; row <= r1; row++) {
      for (let col = c0; col <= c1; col++) visit(row * this.cols + col, this.centreX(col), this.centreY(row));
    }
  }

  private stampRect(rect: Rect): void {
    const inflation = this.inflation;
    this.forCellsNear(rect.minX, rect.minY, rect.maxX, rect.maxY, (i, x, y) => {
      const dx = Math.max(rect.minX - x, 0, x - rect.maxX);
      const dy = Math.max(rect.minY - y, 0, y - rect.maxY);
      if (dx * dx + dy * dy < inflation * inflation) this.blocked[i] = 1;
    });
  }

  private stampObject(o: FloorObject): void {
    const r = footprintRadius(o);
    this.forCellsNear(o.x - r, o.y - r, o.x + r, o.y + r, (i, x, y) => {
      if (objectDistance(o, x, y) < this.inflation) this.blocked[i] = 1;
    });
  }
}
