import { z } from 'zod';
import type { Robot } from '../../../robot/robot.js';
import type { Operation } from '../../../robot/operations.js';
import type { Detection } from '../../../robot/perception.js';
import { RobotCommandError } from '../../../robot/robot-errors.js';
import { normalizeAngle, radToDeg, round } from '../../../core/geometry.js';
import { FAILURE_CODES, type FailureCode } from '../../../core/failure.js';
import { toolFailure, type ToolFailure, type ToolSuccess } from '../../tool-declaration.js';
import { detailValue, nullable } from '../../portable-schemas.js';

/** Output schemas and the functions that fill them, shared by the robot tools and resources. */

export const poseSchema = z.object({
  x: z.number().describe('metres'),
  y: z.number().describe('metres'),
  heading_deg: z.number().describe('degrees, counter-clockwise from +x'),
});

/** An entry of an operation's result: a value, a list of names, or a position (approach_object's
 *  `object_position`). */
const resultValue = z.union([detailValue, z.object({ x: z.number(), y: z.number() }).describe('a position, metres')]);

export const operationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(['pending', 'running', 'succeeded', 'failed', 'cancelled']),
  progress: z.number(),
  message: z.string(),
  result: z.record(z.string(), resultValue).optional().describe('what the operation found or did, e.g. where it arrived'),
  feedback: z.record(z.string(), resultValue).optional().describe('ROS action goals: the latest feedback, its leaf fields by dotted path'),
  error: z.string().optional(),
  error_code: z.enum(FAILURE_CODES).optional().describe('why it did not succeed: timeout, cancelled, failed, grasp_missed…'),
  started_at: z.number().optional().describe('robot time, seconds'),
  ended_at: z.number().optional(),
});

export const detectionSchema = z.object({
  id: z.string().describe('tracker id, stable across frames'),
  label: z.string(),
  color: z.string(),
  shape: z.string(),
  confidence: z.number(),
  box: z.object({ x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() }).describe('pixels'),
  position: z.object({ x: z.number(), y: z.number() }).describe('estimated world position, metres'),
  range_m: z.number(),
});

export const velocitySchema = z.object({
  linear: z.number().describe('metres per second, forward positive'),
  angular: z.number().describe('degrees per second, counter-clockwise positive'),
});

export const statusSchema = z.object({
  state: z.string().describe('IDLE, NAVIGATING, SENSING, MANIPULATING, CHARGING, STOPPING (braking until at rest), ERROR or ESTOPPED'),
  armed: z.boolean(),
  emergency_stop: z.boolean(),
  pose: poseSchema,
  velocity: velocitySchema.describe('the base now; both 0 when at rest'),
  zone: nullable(z.string(), 'zone the robot stands in'),
  battery: z.number().describe('state of charge 0..1'),
  charging: z.boolean(),
  gripper: z.enum(['open', 'closed']),
  holding: nullable(z.string(), 'tracker id of the held object'),
  operation: operationSchema.nullable(),
  queued_operations: z.number().int(),
  last_detections: z.array(detectionSchema.pick({ id: true, label: true, confidence: true, position: true })),
  time: z.number().describe('robot time, seconds'),
});

export function poseView(robot: Robot): z.infer<typeof poseSchema> {
  const { pose } = robot.backend.readState();
  return { x: round(pose.x), y: round(pose.y), heading_deg: round(radToDeg(normalizeAngle(pose.heading)), 1) };
}

export function operationView(op: Operation): z.infer<typeof operationSchema> {
  return {
    id: op.id,
    kind: op.kind,
    status: op.status,
    progress: op.progress,
    message: op.message,
    // The robot's steps return flat values and positions; the output schema checks each call.
    ...(op.result ? { result: op.result as Record<string, z.infer<typeof resultValue>> } : {}),
    ...(op.error ? { error: op.error } : {}),
    ...(op.errorCode ? { error_code: op.errorCode } : {}),
    ...(op.startedAt !== undefined ? { started_at: round(op.startedAt) } : {}),
    ...(op.endedAt !== undefined ? { ended_at: round(op.endedAt) } : {}),
  };
}

export function detectionView(d: Detection): z.infer<typeof detectionSchema> {
  return {
    id: d.id,
    label: d.label,
    color: d.color,
    shape: d.shape,
    confidence: round(d.confidence, 3),
    box: { x1: round(d.box.x1, 1), y1: round(d.box.y1, 1), x2: round(d.box.x2, 1), y2: round(d.box.y2, 1) },
    position: { x: round(d.x), y: round(d.y) },
    range_m: round(d.rangeM, 2),
  };
}

export function statusView(robot: Robot): z.infer<typeof statusSchema> {
  const s = robot.backend.readState();
  const op = robot.currentOperation();
  return {
    state: robot.state,
    armed: robot.armed,
    emergency_stop: robot.emergencyStopped,
    pose: poseView(robot),
    velocity: { linear: round(s.linear, 3), angular: round(radToDeg(s.angular), 1) },
    zone: robot.currentZone(),
    battery: round(s.battery, 3),
    charging: s.charging,
    gripper: s.holding ? 'closed' : 'open',
    holding: s.holding ? robot.holding ?? 'unidentified object' : null,
    operation: op ? operationView(op) : null,
    queued_operations: robot.operations.pending().length,
    last_detections: robot.lastDetections.map((d) => ({ id: d.id, label: d.label, confidence: round(d.confidence, 3), position: { x: round(d.x), y: round(d.y) } })),
    time: round(robot.now()),
  };
}

/** Runs a robot command, turning a refusal into a coded failure the model can act on. Any other
 *  exception is a bug: it propagates, and the server reports it as `internal`. */
export function attempt<T>(fn: () => T): T | ToolFailure {
  try {
    return fn();
  } catch (e) {
    return refusalOf(e);
  }
}

export async function attemptAsync<T>(fn: () => Promise<T>): Promise<T | ToolFailure> {
  try {
    return await fn();
  } catch (e) {
    return refusalOf(e);
  }
}

function refusalOf(e: unknown): ToolFailure {
  if (e instanceof RobotCommandError) return toolFailure(e.code, e.message, e.details);
  throw e;
}

/** Endings of a motion or gripper step: their message says where the robot stopped. Other codes
 *  are refusals met on the way (an object relabelled, no free spot), reported as they are. */
const STOPPED_ON_THE_WAY = new Set<FailureCode>(['failed', 'timeout', 'cancelled', 'grasp_missed', 'internal']);

export const motionOutputSchema = z.object({ operation: operationSchema, pose: poseSchema, battery: z.number() });
export type MotionOutput = z.infer<typeof motionOutputSchema>;

/** The structured result of a motion tool, or the operation's coded failure when it did not
 *  succeed. `what` names it in messages ("navigation to bin_a"). */
export function motionOutcome(robot: Robot, op: Operation, waited: boolean, what: string): ToolSuccess<MotionOutput> | ToolFailure {
  const output = { operation: operationView(op), pose: poseView(robot), battery: round(robot.backend.readState().battery, 3) };
  if (waited && op.status !== 'succeeded') {
    const code = op.errorCode ?? 'failed';
    const reason = op.error ?? op.message;
    const message = STOPPED_ON_THE_WAY.has(code)
      ? `${op.step ?? what} ${op.status}: ${reason} (robot now at x=${output.pose.x}, y=${output.pose.y}, heading ${output.pose.heading_deg}°; it is stopped)`
      : reason;
    return toolFailure(code, message, { ...op.errorDetails, operation_id: op.id });
  }
  const summary = waited ? `${what} ${op.status} (${op.id}); at (${output.pose.x}, ${output.pose.y})` : `${what} started as ${op.id}; poll get_operation or wait`;
  return { output, summary };
}
