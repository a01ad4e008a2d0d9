import { z } from 'zod';
import { defineTool, isToolFailure } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';
import { attempt, statusSchema, statusView } from './views.js';
import { confirmRelease } from './estop-release.js';

const define = defineTool<RobotToolContext>();

/** What the status reads share: no arguments, nothing changed, a quick answer. */
const statusRead = {
  input: {},
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  category: 'status',
  needsConfirmation: false,
  timeoutSeconds: 5,
} as const;

export const getRobotStatus = define({
  name: 'get_robot_status',
  title: 'Robot status',
  description: 'Everything about the robot now: state, pose, velocity, zone, battery, gripper and held object, armed, e-stop, current operation and the last detections. STOPPING means the base is still braking after a stop, a cancel or an e-stop.',
  ...statusRead,
  output: statusSchema,
  async handler({ robot }) {
    const status = statusView(robot);
    return {
      output: status,
      summary: `${status.state}, ${status.armed ? 'armed' : 'disarmed'}${status.emergency_stop ? ', E-STOP' : ''}, at (${status.pose.x}, ${status.pose.y}) ${status.pose.heading_deg}°${status.zone ? ` in ${status.zone}` : ''}, battery ${Math.round(status.battery * 100)}%, holding ${status.holding ?? 'nothing'}`,
    };
  },
});

export const getState = define({
  name: 'get_state',
  title: 'Robot state',
  description: 'The state machine state only (IDLE, NAVIGATING, SENSING, MANIPULATING, CHARGING, STOPPING while the base brakes to rest, ERROR, ESTOPPED), with armed and e-stop flags.',
  ...statusRead,
  output: z.object({ state: z.string(), armed: z.boolean(), emergency_stop: z.boolean() }),
  async handler({ robot }) {
    return { output: { state: robot.state, armed: robot.armed, emergency_stop: robot.emergencyStopped }, summary: robot.state };
  },
});

/** What the safety switches share: they answer with the state after the change, change it the
 *  same way when repeated, and are quick (reset_emergency_stop, which waits for a person, says otherwise). */
const safetySwitch = {
  input: {},
  output: z.object({ state: z.string(), armed: z.boolean(), emergency_stop: z.boolean(), message: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  category: 'safety',
  needsConfirmation: false,
  timeoutSeconds: 5,
} as const;

function safetyResult(ctx: RobotToolContext, message: string) {
  const { robot } = ctx;
  return { output: { state: robot.state, armed: robot.armed, emergency_stop: robot.emergencyStopped, message }, summary: message };
}

export const arm = define({
  name: 'arm',
  title: 'Arm the robot',
  description: 'Enable motion and manipulation. Required before any motion; refused while the emergency stop is latched.',
  ...safetySwitch,
  async handler(ctx) {
    const r = attempt(() => ctx.robot.arm());
    return isToolFailure(r) ? r : safetyResult(ctx, 'armed: motion enabled');
  },
});

export const disarm = define({
  name: 'disarm',
  title: 'Disarm the robot',
  description: 'Stop all motion, cancel operations and disable motion until armed again.',
  ...safetySwitch,
  async handler(ctx) {
    ctx.robot.disarm();
    return safetyResult(ctx, 'disarmed: motion stopped and disabled');
  },
});

export const emergencyStop = define({
  name: 'emergency_stop',
  title: 'Emergency stop',
  description: 'Stop everything at once and latch ESTOPPED; nothing moves until reset_emergency_stop and arm.',
  ...safetySwitch,
  input: { reason: z.string().max(200).optional().describe('why, for the event log') },
  async handler(ctx, { reason }) {
    const by = ctx.session?.client ? ` (by client ${ctx.session.client})` : '';
    ctx.robot.emergencyStop(`${reason ?? 'emergency_stop tool'}${by}`);
    return safetyResult(ctx, 'EMERGENCY STOP latched: call reset_emergency_stop, then arm, to move again');
  },
});

export const resetEmergencyStop = define({
  name: 'reset_emergency_stop',
  title: 'Reset the emergency stop',
  description:
    'Release a latched emergency stop. The robot stays disarmed; call arm to move again. Needs a person to confirm: the server asks through MCP elicitation when this client supports it, and otherwise refuses with confirmation_required unless its operator allowed unconfirmed resets.',
  ...safetySwitch,
  needsConfirmation: true,
  // A person answers the confirmation.
  timeoutSeconds: 150,
  async handler(ctx, _args, extra) {
    if (ctx.robot.emergencyStopped) {
      const refused = await confirmRelease(ctx, extra);
      if (refused) return refused;
    }
    const r = attempt(() => ctx.robot.resetEmergencyStop());
    return isToolFailure(r) ? r : safetyResult(ctx, 'emergency stop reset; the robot is disarmed — call arm to move');
  },
});

export const statusTools = [getRobotStatus, getState, arm, disarm, emergencyStop, resetEmergencyStop];
