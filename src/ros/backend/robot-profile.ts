import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { readTextFile } from '../../core/read-file.js';
import { parseYamlFile } from '../../core/yaml-file.js';

/**
 * A robot profile: which ROS interfaces stand for the robot core's pose, battery, camera, map,
 * navigation, gripper and charger, plus the few facts ROS does not carry (the base's radius,
 * the camera mount, the named zones of the map, the battery's drain model). YAML, snake_case as
 * ROS parameters are; examples/ros/ros-sim-robot.yaml is the profile of `robot-agent ros-sim`.
 */

export class RobotProfileError extends Error {
  override name = 'RobotProfileError';
}

const finite = z.number().finite();
const positive = finite.positive();
const rosName = z.string().regex(/^\/?[A-Za-z][A-Za-z0-9_/]*$/, 'must be a ROS name like /odom');
const identifier = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be lower_snake_case');

const Zone = z.object({
  name: identifier,
  /** Centre and extents on the map, metres (as in scenario files). */
  x: finite,
  y: finite,
  width: positive,
  depth: positive,
});

/** Navigation by a move_base action server: the robot plans and drives itself. */
const MoveBaseNavigation = z.strictObject({
  action: rosName,
  type: z.literal('move_base_msgs/MoveBaseAction'),
  /** Frame of the goals' target poses. */
  frame: z.string().min(1).default('map'),
  /** Where a zero Twist is published when the robot stops or is e-stopped. */
  stop_topic: rosName.optional(),
});

/** Navigation by velocity commands: robot-agent plans on the map and follows the path itself. */
const CmdVelNavigation = z.strictObject({
  /** The velocity topic the base driver listens on. */
  cmd_vel: z.string({ error: 'needs the velocity topic the base listens on, e.g. cmd_vel: /cmd_vel' }).pipe(rosName),
  type: z.literal('geometry_msgs/Twist'),
  /** Commands per second while a goal runs (base drivers stop after ~0.5 s without one). */
  rate_hz: positive.min(5).max(100).default(20),
  /** The base's turn rate limit, rad/s (the linear one is base.max_linear_speed). */
  max_angular_speed: positive.default(1.5),
  /** Decelerations the base manages, m/s² and rad/s²: the follower brakes in time for corners and goals. */
  linear_accel: positive.default(1.0),
  angular_accel: positive.default(3.0),
  /** How close to the final heading counts as arrived, degrees. */
  heading_tolerance_deg: positive.max(30).default(1.5),
  /** A drive fails when the base makes no headway this long (blocked), and is held still while odometry is older than odom_timeout_ms. */
  stall_timeout_ms: z.number().int().positive().default(10_000),
  odom_timeout_ms: z.number().int().positive().default(1_000),
});

export type CmdVelNavigationSpec = z.output<typeof CmdVelNavigation>;

/** The gripper as a std_srvs/SetBool service: true grasps, false releases. */
const ServiceGripper = z.strictObject({
  service: rosName,
  type: z.literal('std_srvs/SetBool'),
  /** Where the gripper holds and puts down objects, metres ahead of the base centre. */
  reach: positive,
});

/** The gripper as an action server (control_msgs/GripperCommandAction, or any action): the goals
 *  to send are templates here, checked against the action's definition at connect. */
const ActionGripper = z.strictObject({
  action: rosName,
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*\/[A-Za-z][A-Za-z0-9_]*Action$/, 'must be an action type, package/NameAction (e.g. control_msgs/GripperCommandAction)'),
  grasp_goal: z.record(z.string(), z.unknown()),
  release_goal: z.record(z.string(), z.unknown()),
  /** A result field (dotted path) that must hold this value too, e.g. { field: reached_goal, equals: true }. */
  success_when: z.strictObject({ field: z.string().min(1), equals: z.union([z.number(), z.boolean(), z.string()]) }).optional(),
  reach: positive,
});

export const RobotProfileSpec = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be lower-kebab-case'),
  /** Master URI; else --master, then ROS_MASTER_URI. */
  master: z.url().optional(),
  base: z.strictObject({
    /** Radius of the round footprint, metres: paths keep this much clearance. */
    radius: positive,
    /** Top speed, m/s: for trip-time (and so battery) estimates. */
    max_linear_speed: positive,
  }),
  pose: z.strictObject({ topic: rosName, type: z.literal('nav_msgs/Odometry') }),
  battery: z.strictObject({
    topic: rosName,
    type: z.literal('sensor_msgs/BatteryState'),
    /** Expected use, as shares of a full charge: the robot refuses trips that would end below its reserve. */
    drain: z.strictObject({ per_second: finite.min(0), per_metre: finite.min(0), per_radian: finite.min(0) }),
  }),
  camera: z.strictObject({
    topic: rosName,
    type: z.enum(['sensor_msgs/Image', 'sensor_msgs/CompressedImage']),
    /** The mount: lens height, distance ahead of the base centre, downward tilt, horizontal field of view. */
    height: positive,
    forward: finite,
    pitch_deg: finite.min(-90).max(90),
    hfov_deg: positive.max(179),
  }),
  map: z
    .strictObject({
      /** A latched nav_msgs/OccupancyGrid topic, as map_server publishes it... */
      topic: rosName.optional(),
      type: z.literal('nav_msgs/OccupancyGrid').optional(),
      /** ...or a map_server map file (YAML + PGM or PNG), relative to the profile. */
      file: z.string().min(1).optional(),
      /** Places a mission can name ("bin A" → bin_a); a zone named charging_dock is where charging works. */
      zones: z.array(Zone).min(1),
    })
    .refine((m) => (m.file !== undefined ? m.topic === undefined && m.type === undefined : m.topic !== undefined && m.type !== undefined), {
      message: 'needs either topic and type (nav_msgs/OccupancyGrid) or file (a map_server YAML), not both',
    }),
  navigation: z.discriminatedUnion('type', [MoveBaseNavigation, CmdVelNavigation], {
    error: 'type must be move_base_msgs/MoveBaseAction (with action: /move_base) or geometry_msgs/Twist (with cmd_vel: /cmd_vel, for robot-agent to follow its paths itself)',
  }),
  gripper: z.union([ServiceGripper, ActionGripper], {
    error: 'needs service: and type: std_srvs/SetBool, or action:, type: (an action type), grasp_goal: and release_goal: (goal templates); and reach:',
  }),
  charging: z.strictObject({ service: rosName, type: z.literal('std_srvs/SetBool') }),
  timeouts: z
    .strictObject({
      /** How long to wait for the map, the first pose and the first battery message. */
      first_message_ms: z.number().int().positive().default(10_000),
      /** How long a gripper or charging call may take. */
      service_ms: z.number().int().positive().default(15_000),
    })
    .default({ first_message_ms: 10_000, service_ms: 15_000 }),
});

export type RobotProfile = z.output<typeof RobotProfileSpec>;

export function parseRobotProfile(text: string, source: string): RobotProfile {
  return parseYamlFile(text, RobotProfileSpec, source, RobotProfileError);
}

export function loadRobotProfile(file: string): RobotProfile {
  const text = readTextFile(file, { what: 'robot profile', hint: 'check the --robot-profile path', errorClass: RobotProfileError });
  const profile = parseRobotProfile(text, file);
  // A map file is named relative to the profile, as a launch file's are to its package.
  if (profile.map.file !== undefined) profile.map.file = resolve(dirname(file), profile.map.file);
  return profile;
}
