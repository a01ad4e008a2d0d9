import { z } from 'zod';
import { defineTool, isToolFailure, MAX_NAME_LENGTH } from '../../tool-declaration.js';
import { nullable } from '../../portable-schemas.js';
import type { RobotToolContext } from './context.js';
import { motionOutputSchema } from './views.js';
import { detachArg, MOVES_THE_ROBOT, performMotion } from './session-motion.js';
import { avoidZonesArg } from './motion-tools.js';

const define = defineTool<RobotToolContext>();

export const graspObject = define({
  name: 'grasp_object',
  title: 'Grasp an object',
  description:
    'Close the gripper on the object in front of the robot (within about 0.25–0.5 m ahead). With object_id, first checks that this seen object is in reach. Use approach_object first. Requires arm.',
  input: { object_id: z.string().max(MAX_NAME_LENGTH).optional().describe('tracker id of the object expected in front, e.g. "red_cube#1"'), detach: detachArg },
  output: motionOutputSchema.extend({ holding: nullable(z.string(), 'tracker id of the held object') }),
  annotations: MOVES_THE_ROBOT,
  category: 'manipulation',
  needsConfirmation: false,
  timeoutSeconds: 30,
  async handler(ctx, { object_id, detach }, extra) {
    const { robot } = ctx;
    const outcome = await performMotion(ctx, extra, () => robot.grasp(object_id), { wait: true, detach, timeoutS: 30 }, 'grasp');
    return isToolFailure(outcome) ? outcome : { output: { ...outcome.output, holding: robot.holding }, summary: `holding ${robot.holding}` };
  },
});

export const releaseObject = define({
  name: 'release_object',
  title: 'Release the held object',
  description:
    'Open the gripper and put the held object down in front of the robot. With zone, first drives so that the object lands inside that zone (e.g. bin_a, shelf), keeping out of avoid_zones on the way (as navigate_to does). Requires arm.',
  input: { zone: z.string().max(MAX_NAME_LENGTH).optional().describe('zone to put the object in; default: right here'), avoid_zones: avoidZonesArg, detach: detachArg },
  output: motionOutputSchema.extend({ released: nullable(z.string(), 'tracker id of the released object'), landed_in_zone: nullable(z.string(), 'zone it landed in') }),
  annotations: MOVES_THE_ROBOT,
  category: 'manipulation',
  needsConfirmation: false,
  timeoutSeconds: 330,
  async handler(ctx, { zone, avoid_zones, detach }, extra) {
    const { robot } = ctx;
    const deliverOrRelease = () => (zone ? robot.deliver(zone, avoid_zones) : robot.release());
    const outcome = await performMotion(ctx, extra, deliverOrRelease, { wait: true, detach, timeoutS: zone ? 330 : 30 }, 'release');
    if (isToolFailure(outcome)) return outcome;
    const { result } = outcome.output.operation;
    const released = (result?.released as string | null) ?? null;
    const landed = (result?.zone as string | null) ?? null;
    return { output: { ...outcome.output, released, landed_in_zone: landed }, summary: `released ${released ?? 'the object'}${landed ? ` in ${landed}` : ''}` };
  },
});

export const manipulationTools = [graspObject, releaseObject];
