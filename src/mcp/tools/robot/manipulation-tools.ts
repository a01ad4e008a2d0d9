import { z } from 'zod';
import { rectContains, rectCenter, round } from '../../../core/geometry.js';
import { defineTool } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';
import { unknownObjectError } from './unknown-object.js';
import { attempt, isFailure, motionOutcome, motionOutputSchema, waitForOperation } from './views.js';

const define = defineTool<RobotToolContext>();
const grips = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };
/** Where the gripper holds and drops things, metres ahead of the base centre. */
const GRIPPER_AHEAD_M = 0.38;

export const graspObject = define({
  name: 'grasp_object',
  title: 'Grasp an object',
  description:
    'Close the gripper on the object in front of the robot (within about 0.25–0.5 m ahead). With object_id, first checks that this seen object is in reach. Use approach_object first. Requires arm.',
  input: { object_id: z.string().optional().describe('tracker id of the object expected in front, e.g. "red_cube#1"') },
  output: motionOutputSchema.extend({ holding: z.string().nullable() }),
  annotations: grips,
  category: 'manipulation',
  needsConfirmation: false,
  timeoutSeconds: 30,
  async handler({ robot }, { object_id }, extra) {
    if (object_id) {
      const seen = robot.seenObjects().find((o) => o.id === object_id);
      if (!seen) return { error: unknownObjectError(robot, object_id) };
      const { pose } = robot.backend.readState();
      const jaws = { x: pose.x + GRIPPER_AHEAD_M * Math.cos(pose.heading), y: pose.y + GRIPPER_AHEAD_M * Math.sin(pose.heading) };
      const gap = Math.hypot(seen.x - jaws.x, seen.y - jaws.y);
      if (gap > 0.3) return { error: `${object_id} is ${round(gap, 2)} m from the gripper, out of reach; call approach_object with object_id "${object_id}" first` };
    }
    const op = attempt(() => robot.grasp());
    if (isFailure(op)) return op;
    await waitForOperation(robot, op, extra, 30);
    const outcome = motionOutcome(robot, op, true, 'grasp');
    return isFailure(outcome) ? outcome : { output: { ...outcome.output, holding: robot.holding }, summary: `holding ${robot.holding}` };
  },
});

export const releaseObject = define({
  name: 'release_object',
  title: 'Release the held object',
  description:
    'Open the gripper and put the held object down in front of the robot. With zone, first drives so that the object lands inside that zone (e.g. bin_a, shelf). Requires arm.',
  input: { zone: z.string().optional().describe('zone to put the object in; default: right here') },
  output: motionOutputSchema.extend({ released: z.string().nullable(), landed_in_zone: z.string().nullable() }),
  annotations: grips,
  category: 'manipulation',
  needsConfirmation: false,
  timeoutSeconds: 330,
  async handler({ robot }, { zone }, extra) {
    if (!robot.backend.readState().holding) return { error: 'the gripper is empty; there is nothing to release' };
    if (zone) {
      const zones = robot.backend.staticMap().zones;
      const wanted = zone.trim().toLowerCase().replace(/[\s-]+/g, '_');
      const found = zones.find((z) => z.name === wanted);
      if (!found) return { error: `unknown zone "${zone}"; zones on this map: ${zones.map((z) => z.name).join(', ')}` };
      const { pose } = robot.backend.readState();
      const drop = { x: pose.x + GRIPPER_AHEAD_M * Math.cos(pose.heading), y: pose.y + GRIPPER_AHEAD_M * Math.sin(pose.heading) };
      if (!rectContains(found, drop, -0.05)) {
        // Stand so the drop point is the zone centre, facing it from where the robot is.
        const centre = rectCenter(found);
        const heading = Math.atan2(centre.y - pose.y, centre.x - pose.x);
        let go = attempt(() => robot.navigateTo({ x: centre.x - GRIPPER_AHEAD_M * Math.cos(heading), y: centre.y - GRIPPER_AHEAD_M * Math.sin(heading), heading }));
        // Against a wall the facing spot may be blocked; the centre itself also works.
        if (isFailure(go)) go = attempt(() => robot.navigateTo(centre));
        if (isFailure(go)) return go;
        await waitForOperation(robot, go, extra, 300);
        const moved = motionOutcome(robot, go, true, `driving to ${found.name}`);
        if (isFailure(moved)) return moved;
      }
    }
    const op = attempt(() => robot.release());
    if (isFailure(op)) return op;
    await waitForOperation(robot, op, extra, 30);
    const outcome = motionOutcome(robot, op, true, 'release');
    if (isFailure(outcome)) return outcome;
    const released = (op.result?.released as string | null) ?? null;
    const landed = (op.result?.zone as string | null) ?? null;
    if (zone && landed !== zone.trim().toLowerCase().replace(/[\s-]+/g, '_')) {
      return { error: `released ${released ?? 'the object'}, but it landed ${landed ? `in ${landed}` : 'outside any zone'}, not in ${zone}` };
    }
    return { output: { ...outcome.output, released, landed_in_zone: landed }, summary: `released ${released ?? 'the object'}${landed ? ` in ${landed}` : ''}` };
  },
});

export const manipulationTools = [graspObject, releaseObject];
