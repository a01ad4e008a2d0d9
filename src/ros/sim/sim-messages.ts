import type { CameraFrame } from '../../core/camera-frame.js';
import type { StaticMap } from '../../core/map.js';
import { quaternionFromYaw } from '../../core/quaternion.js';
import type { RosMessage } from '../transport/ros-transport.js';
import type { RobotBody } from '../../sim/world.js';

/**
 * The simulator's state as the standard ROS messages a mobile base publishes. Every field is
 * filled (the transport sends messages as given). Frames follow REP 105: the map and odom frames
 * coincide with the simulator's floor frame (x east, y north, origin in the room's south-west
 * corner), and the base is `base_link`.
 */

export const MAP_FRAME = 'map';
export const ODOM_FRAME = 'odom';
export const BASE_FRAME = 'base_link';
export const CAMERA_FRAME = 'camera';

/** Cell size of the published occupancy grid, metres (the planner's own grid size). */
export const MAP_RESOLUTION = 0.05;

export interface RosTime {
  secs: number;
  nsecs: number;
}

/** ROS time for `seconds` since the epoch. */
export function rosTime(seconds: number): RosTime {
  const secs = Math.floor(seconds);
  return { secs, nsecs: Math.min(999_999_999, Math.round((seconds - secs) * 1e9)) };
}

export function header(frameId: string, stamp: RosTime, seq = 0): RosMessage {
  return { seq, stamp, frame_id: frameId };
}

const ZERO36 = (): number[] => new Array<number>(36).fill(0);

function pose2d(x: number, y: number, yaw: number): RosMessage {
  return { position: { x, y, z: 0 }, orientation: quaternionFromYaw(yaw) };
}

/** nav_msgs/Odometry: the base's pose and velocities (exact: the simulator has no drift). */
export function odometryMessage(body: RobotBody, stamp: RosTime): RosMessage {
  return {
    header: header(ODOM_FRAME, stamp),
    child_frame_id: BASE_FRAME,
    pose: { pose: pose2d(body.x, body.y, body.heading), covariance: ZERO36() },
    twist: { twist: { linear: { x: body.linear, y: 0, z: 0 }, angular: { x: 0, y: 0, z: body.angular } }, covariance: ZERO36() },
  };
}

/** sensor_msgs/BatteryState constants used here. */
const POWER_SUPPLY_STATUS_CHARGING = 1;
const POWER_SUPPLY_STATUS_DISCHARGING = 2;
const POWER_SUPPLY_HEALTH_GOOD = 1;
const POWER_SUPPLY_TECHNOLOGY_LION = 2;

/** sensor_msgs/BatteryState: charge as `percentage` (0..1, as the message defines it). */
export function batteryMessage(body: RobotBody, stamp: RosTime): RosMessage {
  const nan = Number.NaN;
  return {
    header: header(BASE_FRAME, stamp),
    voltage: 24 * (0.85 + 0.15 * body.battery),
    temperature: nan,
    current: body.charging ? 2 : -1,
    charge: nan,
    capacity: nan,
    design_capacity: nan,
    percentage: body.battery,
    power_supply_status: body.charging ? POWER_SUPPLY_STATUS_CHARGING : POWER_SUPPLY_STATUS_DISCHARGING,
    power_supply_health: POWER_SUPPLY_HEALTH_GOOD,
    power_supply_technology: POWER_SUPPLY_TECHNOLOGY_LION,
    present: true,
    cell_voltage: [],
    cell_temperature: [],
    location: 'base',
    serial_number: '',
  };
}

/** sensor_msgs/Image, rgb8, top row first: exactly the frame the simulated camera rendered. */
export function imageMessage(frame: CameraFrame, stamp: RosTime): RosMessage {
  return {
    header: header(CAMERA_FRAME, stamp),
    height: frame.height,
    width: frame.width,
    encoding: 'rgb8',
    is_bigendian: 0,
    step: frame.width * 3,
    data: Buffer.from(frame.rgb.buffer, frame.rgb.byteOffset, frame.rgb.byteLength),
  };
}

/** sensor_msgs/CompressedImage: `format` as compressed_image_transport writes it ("rgb8; png compressed rgb8"). */
export function compressedImageMessage(format: string, data: Buffer, stamp: RosTime): RosMessage {
  return { header: header(CAMERA_FRAME, stamp), format, data };
}

/** Occupancy values of nav_msgs/OccupancyGrid. */
const FREE = 0;
const OCCUPIED = 100;

/**
 * nav_msgs/OccupancyGrid of the static map: a cell is occupied when any part of it lies in an
 * obstacle box (so a robot planning on the grid keeps at least the clearance the simulator's
 * planner keeps), free otherwise. The walls are the grid's edges. Row 0 is at y = 0, as ROS has it.
 */
export function occupancyGridMessage(map: StaticMap, stamp: RosTime, resolution = MAP_RESOLUTION): RosMessage {
  const cols = Math.ceil(map.width / resolution - 1e-9);
  const rows = Math.ceil(map.depth / resolution - 1e-9);
  const data = new Array<number>(cols * rows).fill(FREE);
  for (const o of map.obstacles) {
    const c0 = Math.max(0, Math.floor(o.minX / resolution));
    const c1 = Math.min(cols - 1, Math.ceil(o.maxX / resolution) - 1);
    const r0 = Math.max(0, Math.floor(o.minY / resolution));
    const r1 = Math.min(rows - 1, Math.ceil(o.maxY / resolution) - 1);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) data[r * cols + c] = OCCUPIED;
  }
  return {
    header: header(MAP_FRAME, stamp),
    info: { map_load_time: stamp, resolution, width: cols, height: rows, origin: pose2d(0, 0, 0) },
    data,
  };
}
