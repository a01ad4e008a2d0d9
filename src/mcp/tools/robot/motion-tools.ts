import { z } from 'zod';
import { degToRad, rectCenter, round } from '../../../core/geometry.js';
import { defineTool, isToolFailure, MAX_NAME_LENGTH } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';
import { attempt, motionOutputSchema, poseView } from './views.js';
import { detachArg, MOVES_THE_ROBOT, performMotion } from './session-motion.js';

const define = defineTool<RobotToolContext>();
const NAVIGATION_TIMEOUT_S = 300;
const waitArg = z.boolean().default(true).describe('true (default): return when the motion ends; false: return an operation id at once');
/** Zones a drive keeps out of; the drive tools and release_object's delivery share it. */
export const avoidZonesArg = z
  .array(z.string().max(MAX_NAME_LENGTH))
  .max(16)
  .optional()
  .describe('zones of the map to keep out of on this drive only (names as in robot://map, e.g. ["packing_area"]): the route goes around them like obstacles');
/** What a drive tool says of avoid_zones, in its description. */
const AVOIDING =
  ' With avoid_zones, the route keeps the whole robot out of those zones and the operation\'s result lists them as avoided_zones; refused with unknown_zone for a name not on the map, goal_in_avoided_zone when the goal lies in one, no_route_avoiding_zones when every route crosses one, unsupported on a base that plans its own routes (move_base); a drive whose own pose crosses into one stops with entered_avoided_zone.';
/** The robot call's argument for avoid_zones, nothing when none are given. */
export const avoiding = (zones: string[] | undefined) => (zones?.length ? { avoidZones: zones } : {});

export const navigateTo = define({
  name: 'navigate_to',
  title: 'Navigate to a point',
  description: `Plan a collision-free path to (x, y) on the map and drive there; optionally turn to a final heading. Requires arm. Refused when the trip would leave the battery below the reserve, or the charging_dock out of its reach (trips to the charging_dock excepted).${AVOIDING}`,
  input: {
    x: z.number().describe('metres'),
    y: z.number().describe('metres'),
    heading: z.number().min(-360).max(360).optional().describe('final heading, degrees'),
    avoid_zones: avoidZonesArg,
    wait: waitArg,
    detach: detachArg,
  },
  output: motionOutputSchema,
  annotations: MOVES_THE_ROBOT,
  category: 'motion',
  needsConfirmation: false,
  timeoutSeconds: NAVIGATION_TIMEOUT_S,
  async handler(ctx, { x, y, heading, avoid_zones, wait, detach }, extra) {
    const goal = { x, y, ...(heading !== undefined ? { heading: degToRad(heading) } : {}), ...avoiding(avoid_zones) };
    return performMotion(ctx, extra, () => ctx.robot.navigateTo(goal), { wait, detach, timeoutS: NAVIGATION_TIMEOUT_S }, `navigation to (${x}, ${y})`);
  },
});

export const navigateToZone = define({
  name: 'navigate_to_zone',
  title: 'Navigate to a zone',
  description: `Drive to the centre of a named zone of the map (see the robot://map resource for zone names). Requires arm.${AVOIDING}`,
  input: { zone: z.string().max(MAX_NAME_LENGTH).describe('zone name, e.g. shelf, bin_a, bin_b, charging_dock, home'), avoid_zones: avoidZonesArg, wait: waitArg, detach: detachArg },
  output: motionOutputSchema.extend({ zone: z.string() }),
  annotations: MOVES_THE_ROBOT,
  category: 'motion',
  needsConfirmation: false,
  timeoutSeconds: NAVIGATION_TIMEOUT_S,
  async handler(ctx, { zone, avoid_zones, wait, detach }, extra) {
    const { robot } = ctx;
    const found = attempt(() => robot.zone(zone));
    if (isToolFailure(found)) return found;
    const toCentre = () => robot.navigateTo({ ...rectCenter(found), ...avoiding(avoid_zones) });
    const outcome = await performMotion(ctx, extra, toCentre, { wait, detach, timeoutS: NAVIGATION_TIMEOUT_S }, `navigation to ${found.name}`);
    return isToolFailure(outcome) ? outcome : { ...outcome, output: { ...outcome.output, zone: found.name } };
  },
});

export const approachObject = define({
  name: 'approach_object',
  title: 'Approach a seen object',
  description:
    `Drive up to an object the camera has seen (by tracker id like "red_cube#1" or by label like "red cube") and stop facing it at the standoff distance, which puts it in gripper reach by default. Looks again on the way to refine its position. Requires arm; call detect_objects or scan_surroundings first.${AVOIDING}`,
  input: {
    object_id: z.string().max(MAX_NAME_LENGTH).optional().describe('tracker id from detect_objects, e.g. "red_cube#1"'),
    label: z.string().max(MAX_NAME_LENGTH).optional().describe('what to approach when no id is given, e.g. "red cube"; the nearest match wins'),
    standoff: z.number().min(0.3).max(1.5).optional().describe('metres from the object centre; default: the approach_standoff parameter'),
    avoid_zones: avoidZonesArg,
    detach: detachArg,
  },
  output: motionOutputSchema.extend({ object_id: z.string(), object_position: z.object({ x: z.number(), y: z.number() }), distance_m: z.number() }),
  annotations: MOVES_THE_ROBOT,
  category: 'motion',
  needsConfirmation: false,
  timeoutSeconds: NAVIGATION_TIMEOUT_S,
  async handler(ctx, { object_id, label, standoff, avoid_zones, detach }, extra) {
    const target = { ...(object_id ? { objectId: object_id } : {}), ...(label ? { label } : {}), ...(standoff !== undefined ? { standoff } : {}), ...avoiding(avoid_zones) };
    const outcome = await performMotion(ctx, extra, () => ctx.robot.approach(target), { wait: true, detach, timeoutS: NAVIGATION_TIMEOUT_S }, `approach to ${object_id ?? label}`);
    if (isToolFailure(outcome)) return outcome;
    const { object_id: id, object_position, distance_m } = outcome.output.operation.result as { object_id: string; object_position: { x: number; y: number }; distance_m: number };
    return { output: { ...outcome.output, object_id: id, object_position, distance_m }, summary: `facing ${id} at ${round(distance_m, 2)} m` };
  },
});

export const rotate = define({
  name: 'rotate',
  title: 'Rotate in place',
  description: 'Turn in place by an angle in degrees (positive is counter-clockwise). Requires arm.',
  input: { angle_deg: z.number().min(-720).max(720).describe('degrees, positive counter-clockwise'), wait: waitArg, detach: detachArg },
  output: motionOutputSchema,
  annotations: MOVES_THE_ROBOT,
  category: 'motion',
  needsConfirmation: false,
  timeoutSeconds: 60,
  async handler(ctx, { angle_deg, wait, detach }, extra) {
    return performMotion(ctx, extra, () => ctx.robot.rotate(degToRad(angle_deg)), { wait, detach, timeoutS: 60 }, `rotation by ${angle_deg}°`);
  },
});

export const stop = define({
  name: 'stop',
  title: 'Stop',
  description: 'Stop the robot now and cancel the running and queued operations. Does not disarm.',
  input: {},
  output: z.object({ cancelled_operations: z.number().int(), pose: motionOutputSchema.shape.pose }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  category: 'motion',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler({ robot }) {
    const cancelled = robot.stop('stop tool');
    return { output: { cancelled_operations: cancelled, pose: poseView(robot) }, summary: `stopped; ${cancelled} operation(s) cancelled` };
  },
});

export const chargeBattery = define({
  name: 'charge_battery',
  title: 'Charge the battery',
  description: 'Charge on the dock up to the charge_target parameter. The robot must stand in the charging_dock zone (navigate_to_zone charging_dock first).',
  input: { wait: waitArg },
  output: motionOutputSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  category: 'motion',
  needsConfirmation: false,
  timeoutSeconds: 600,
  async handler(ctx, { wait }, extra) {
    // Charging does not move the robot: it goes on when the session ends (no deadman).
    return performMotion(ctx, extra, () => ctx.robot.charge(), { wait, detach: true, timeoutS: 600 }, 'charging');
  },
});

export const motionTools = [navigateTo, navigateToZone, approachObject, rotate, stop, chargeBattery];
