/**
 * Machine-readable failure codes: what every refused or failed robot command and tool call
 * carries next to its human message. Callers (the planner, tests, MCP clients) branch on the
 * code, never on the wording, so messages can be reworded freely.
 */
export const FAILURE_CODES = [
  /** The robot must be armed first. */
  'not_armed',
  /** The emergency stop is latched. */
  'estopped',
  /** Resetting an e-stop that is not engaged. */
  'not_estopped',
  /** The trip would leave the battery below its reserve. */
  'battery_reserve',
  /** The battery is empty, or would run empty on the trip asked for. */
  'battery_empty',
  /** The robot is in its ERROR state. */
  'error_state',
  /** Another operation holds the robot and the conflict policy is `error`. */
  'busy',
  /** The id names no object the robot has seen. */
  'unknown_object',
  /** The object now goes by another id (`renamed_to`). */
  'object_relabelled',
  /** The object is not within the gripper's reach. */
  'out_of_reach',
  /** No path, or no free spot to stand. */
  'unreachable',
  /** Outside the room. */
  'out_of_workspace',
  /** The goal lies in (or the robot standing there would reach into) a zone the drive must avoid. */
  'goal_in_avoided_zone',
  /** A route exists, but every one crosses a zone the drive must avoid (or the robot stands in one). */
  'no_route_avoiding_zones',
  /** The robot's own pose crossed into a zone the drive had to avoid: the drive was stopped there. */
  'entered_avoided_zone',
  /** This robot cannot do what was asked as asked (e.g. keep out of zones with a base that plans its own routes). */
  'unsupported',
  /** The zone is not on this map (`zones` lists those that are). */
  'unknown_zone',
  /** The gripper closed on nothing, or the object slipped. */
  'grasp_missed',
  /** The gripper already holds something. */
  'holding',
  /** The gripper is empty. */
  'not_holding',
  /** The released object did not land where asked. */
  'missed_zone',
  /** The zone has no free spot left for another object. */
  'zone_full',
  /** The robot is not on the charging dock. */
  'not_on_dock',
  /** An operation id that does not exist. */
  'unknown_operation',
  /** No object detector is configured. */
  'no_detector',
  /** The operation ran out of time. */
  'timeout',
  /** The operation was cancelled (by request, a stop or a newer goal). */
  'cancelled',
  /** An operation ended without succeeding for another reason (motion blocked, charging stopped). */
  'failed',
  /** Conflicting request, e.g. a duplicate id. */
  'conflict',
  /** Arguments that do not fit the tool's schema or meaning. */
  'invalid_argument',
  /** A parameter name or value the robot does not accept. */
  'invalid_parameter',
  /** The tool needs confirmation it did not get (e.g. the client cannot ask a person). */
  'confirmation_required',
  /** The person asked to confirm declined, dismissed the question or did not answer. */
  'confirmation_declined',
  /** A tool name that does not exist. */
  'unknown_tool',
  /** The server that provides the tool is unavailable. */
  'unavailable',
  /** Anything else: a bug, reported without its internals. */
  'internal',
] as const;

export type FailureCode = (typeof FAILURE_CODES)[number];

/** A failure as it travels: code, message for people, and details for programs. */
export interface Failure {
  code: FailureCode;
  message: string;
  [detail: string]: unknown;
}

export function isFailureCode(value: unknown): value is FailureCode {
  return typeof value === 'string' && (FAILURE_CODES as readonly string[]).includes(value);
}
