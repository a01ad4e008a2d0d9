import type { Vec2 } from '../../core/geometry.js';
import type { Obstacle, StaticMap, Zone } from '../../core/map.js';
import { yawFromQuaternion, type Quaternion } from '../../core/quaternion.js';
import type { RosMessage } from '../transport/ros-transport.js';
import type { RobotProfile } from './robot-profile.js';

/** Cells at or above this occupancy (0..100) are obstacles, as map_server's occupied_thresh 0.65. */
const OCCUPIED_AT = 65;
const ZONE_COLOR = '#b0b0a8';
const MAP_OBSTACLE_COLOR = '#6b5b4b';
/** Height given to map obstacles: an occupancy grid has none, and the camera cannot see over a wall. */
const MAP_OBSTACLE_HEIGHT = 2;

/** The robot core's map of a ROS robot, and where the grid's corner lies in the ROS map frame. */
export interface RosMap {
  map: StaticMap;
  /** The core's frame has its origin at the grid's corner: core = ROS map frame − origin. */
  origin: Vec2;
}

export class GridMapError extends Error {
  override name = 'GridMapError';
}

interface GridInfo {
  resolution: number;
  width: number;
  height: number;
  origin: { position: { x: number; y: number }; orientation: Quaternion };
}

/**
 * A nav_msgs/OccupancyGrid as the core's static map: the grid's extent is the room, occupied
 * and unknown cells become obstacle boxes (runs of cells merged row by row, then equal runs of
 * consecutive rows into one box, so a wall is a few boxes, not hundreds), and the profile's
 * zones are moved into the same frame.
 */
export function mapFromOccupancyGrid(grid: RosMessage, zones: RobotProfile['map']['zones']): RosMap {
  const info = grid.info as GridInfo;
  const data = grid.data as ArrayLike<number>;
  const { width: cols, height: rows } = info;
  // The resolution is a float32 on the wire (0.05 arrives as 0.0500000007): keep the digits it has.
  const res = Number(info.resolution.toPrecision(7));
  if (!(res > 0) || cols < 1 || rows < 1 || data.length !== cols * rows) throw new GridMapError(`the occupancy grid is malformed (${cols}×${rows} cells, ${data.length} values, resolution ${res})`);
  if (Math.abs(yawFromQuaternion(info.origin.orientation)) > 1e-6) throw new GridMapError('the occupancy grid is rotated (its origin has a yaw); only axis-aligned maps are supported');
  const origin = { x: info.origin.position.x, y: info.origin.position.y };
  const blocked = (i: number) => data[i]! >= OCCUPIED_AT || data[i]! < 0;

  const obstacles: Obstacle[] = [];
  /** Boxes still growing downward the rows, keyed by their run "start:end" in the last row. */
  let open = new Map<string, Obstacle>();
  for (let r = 0; r < rows; r++) {
    const next = new Map<string, Obstacle>();
    for (let c = 0; c < cols; ) {
      if (!blocked(r * cols + c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < cols && blocked(r * cols + c)) c++;
      const key = `${start}:${c}`;
      const box = open.get(key);
      if (box) box.maxY = (r + 1) * res;
      else {
        const made: Obstacle = { id: `map_${obstacles.length + 1}`, minX: start * res, maxX: c * res, minY: r * res, maxY: (r + 1) * res, height: MAP_OBSTACLE_HEIGHT, color: MAP_OBSTACLE_COLOR };
        obstacles.push(made);
        next.set(key, made);
        continue;
      }
      next.set(key, box);
    }
    open = next;
  }

  const inCore = (z: RobotProfile['map']['zones'][number]): Zone => ({
    name: z.name,
    minX: z.x - z.width / 2 - origin.x,
    maxX: z.x + z.width / 2 - origin.x,
    minY: z.y - z.depth / 2 - origin.y,
    maxY: z.y + z.depth / 2 - origin.y,
    color: ZONE_COLOR,
  });
  return { map: { width: cols * res, depth: rows * res, obstacles, zones: zones.map(inCore) }, origin };
}
