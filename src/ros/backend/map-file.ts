import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { decodePgm } from '../../core/pgm.js';
import { decodePng } from '../../core/png.js';
import { quaternionFromYaw } from '../../core/quaternion.js';
import { readBinaryFile, readTextFile } from '../../core/read-file.js';
import { parseYamlFile } from '../../core/yaml-file.js';
import type { RosMessage } from '../transport/ros-transport.js';
import { RobotProfileError } from './robot-profile.js';

/**
 * A map in ROS map_server's file format (what `rosrun map_server map_saver` writes): a YAML file
 * naming an image (PGM or PNG) beside it, the cell size, the origin of the image's lower-left
 * corner and the thresholds that make a pixel occupied or free. Read into the same
 * nav_msgs/OccupancyGrid shape the map topic carries, so one conversion serves both.
 */
/** A map file that cannot be read is the profile's mistake: the same usage error (exit 2). */
export class MapFileError extends RobotProfileError {
  override name = 'MapFileError';
}

const finite = z.number().finite();
const MapServerYaml = z.object({
  image: z.string().min(1),
  resolution: finite.positive(),
  /** x, y and yaw of the image's lower-left pixel in the map frame. */
  origin: z.tuple([finite, finite, finite]),
  negate: z.union([z.literal(0), z.literal(1), z.boolean()]).default(0),
  occupied_thresh: finite.min(0).max(1).default(0.65),
  free_thresh: finite.min(0).max(1).default(0.196),
  /** map_server's modes; "scale" and "raw" keep grey levels the robot core has no use for. */
  mode: z.literal('trinary').default('trinary'),
});

const OCCUPIED = 100;
const FREE = 0;
const UNKNOWN = -1;

/** Grey levels (0..255) of the image, row 0 at the top, as the image file stores them. */
function readGrey(file: string): { width: number; height: number; grey: Uint8Array } {
  const bytes = readBinaryFile(file, { what: 'map image', hint: 'check the image field of the map YAML', errorClass: MapFileError });
  try {
    if (bytes.subarray(0, 2).toString('latin1') === 'P5') return decodePgm(bytes);
    const { width, height, rgb } = decodePng(bytes);
    const grey = new Uint8Array(width * height);
    for (let p = 0; p < grey.length; p++) grey[p] = Math.round((rgb[3 * p]! + rgb[3 * p + 1]! + rgb[3 * p + 2]!) / 3);
    return { width, height, grey };
  } catch (e) {
    throw new MapFileError(`map image ${file} is neither a binary PGM (P5) nor a PNG (${(e as Error).message})`);
  }
}

/** The map file as a nav_msgs/OccupancyGrid message (row 0 at the origin's y, as ROS has it). */
export function loadMapFile(yamlFile: string): RosMessage {
  const text = readTextFile(yamlFile, { what: 'map file', hint: 'check the map.file path in the robot profile', errorClass: MapFileError });
  const spec = parseYamlFile(text, MapServerYaml, yamlFile, MapFileError);
  const { width, height, grey } = readGrey(resolve(dirname(yamlFile), spec.image));
  const negate = spec.negate === 1 || spec.negate === true;
  const data = new Array<number>(width * height);
  for (let r = 0; r < height; r++) {
    // The image's top row is the map's far edge: grid row r is image row height-1-r.
    for (let c = 0; c < width; c++) {
      const v = grey[(height - 1 - r) * width + c]!;
      const occupancy = negate ? v / 255 : (255 - v) / 255;
      data[r * width + c] = occupancy > spec.occupied_thresh ? OCCUPIED : occupancy < spec.free_thresh ? FREE : UNKNOWN;
    }
  }
  const [x, y, yaw] = spec.origin;
  return {
    info: { resolution: spec.resolution, width, height, origin: { position: { x, y, z: 0 }, orientation: quaternionFromYaw(yaw) } },
    data,
  };
}
