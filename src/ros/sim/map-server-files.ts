import { encodePgm } from '../../core/pgm.js';
import type { RosMessage } from '../transport/ros-transport.js';

/** Grey levels map_saver writes: occupied black, free white, unknown grey. */
const GREY = { occupied: 0, free: 254, unknown: 205 };

/**
 * An occupancy grid as the two files of ROS map_server's format (what `map_saver` writes): a PGM
 * with the map's far edge on top and the YAML that names it, for robots that load their map
 * from a file. examples/ros/warehouse-map.* are these files for ros-sim's warehouse.
 */
export function mapServerFiles(grid: RosMessage, imageName: string): { yaml: string; pgm: Buffer } {
  const info = grid.info as { resolution: number; width: number; height: number; origin: { position: { x: number; y: number } } };
  const data = grid.data as ArrayLike<number>;
  const { width, height } = info;
  const grey = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const v = data[r * width + c]!;
      grey[(height - 1 - r) * width + c] = v < 0 ? GREY.unknown : v >= 65 ? GREY.occupied : GREY.free;
    }
  }
  const { x, y } = info.origin.position;
  const yaml = [`image: ${imageName}`, `resolution: ${info.resolution}`, `origin: [${x}, ${y}, 0.0]`, 'negate: 0', 'occupied_thresh: 0.65', 'free_thresh: 0.196', ''].join('\n');
  return { yaml, pgm: encodePgm({ width, height, grey }) };
}
