import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import type { Robot } from '../robot/robot.js';
import type { CallerSession } from './caller-session.js';
import { toolFailure, type AnyToolDeclaration, type ToolCallExtra, type ToolFailure } from './tool-declaration.js';
import type { operationSchema } from './tools/robot/views.js';

export type OperationView = z.infer<typeof operationSchema>;

/**
 * Operations that run outside the robot core (ROS action goals) but are read, waited for and
 * cancelled through the robot's own get_operation, list_operations and cancel_operation. Their
 * ids must not look like the robot's (`op-N`).
 */
export interface ExternalOperations {
  get(id: string): OperationView | undefined;
  list(activeOnly: boolean): OperationView[];
  /** Cancels a pending or running one (a failure when it cannot be); undefined for an unknown id.
   *  `reason` becomes its message (the deadman says it stopped it). */
  cancel(id: string, reason?: string): OperationView | ToolFailure | undefined;
  /** Waits (wall time) until it ends, `seconds` pass or `extra.signal` aborts; never cancels it. */
  wait(id: string, seconds: number, extra: ToolCallExtra): Promise<OperationView | undefined>;
}

/** What an extension gets from the robot server it is attached to. */
export interface ExtensionHost {
  /** Whether a client subscribed to this resource URI (resources/subscribe). */
  isSubscribed(uri: string): boolean;
  /** The client of this server: its audit log and its deadman, which stops what it started. */
  session: CallerSession;
  /** Why the robot may not actuate now (e-stop latched, fault, disarmed), as the robot's motion
   *  tools refuse it; undefined when it may. */
  actuationRefusal(what: string): ToolFailure | undefined;
  /** Told whenever the robot stops everything (stop_robot, the e-stop, disarm, the deadman's
   *  stop): what the extension set moving must stop too. Returns the unsubscribe. */
  onRobotStop(listener: (reason: string) => void): () => void;
}

/** The robot's own motion rule for actuation outside the robot core (a ROS publish, service call
 *  or goal): no e-stop, no fault, armed — with the codes the robot's motion tools use. */
export function actuationRefusal(robot: Robot, what: string): ToolFailure | undefined {
  if (robot.emergencyStopped) return toolFailure('estopped', `cannot ${what}: the emergency stop is latched; call reset_emergency_stop, then arm`);
  if (robot.state === 'ERROR') return toolFailure('error_state', `cannot ${what}: the robot is in ERROR; fix the cause and arm again`);
  if (!robot.armed) return toolFailure('not_armed', `cannot ${what}: the robot is disarmed; call arm first`);
  return undefined;
}

/** What attaching an extension to one server leaves behind. */
export interface AttachedExtension {
  /** The tools it registered, so argument checks and unknown-tool answers know them. */
  tools: readonly AnyToolDeclaration<never>[];
  isKnownUri(uri: string): boolean;
  operations?: ExternalOperations;
  detach(): void;
}

/**
 * More tools and resources on the robot MCP server (the ROS primitives of `--ros-config`). One
 * extension may be attached to many servers in turn (a session opens one per world); what it
 * holds (subscriptions, goals) outlives each.
 */
export interface RobotServerExtension {
  attach(server: McpServer, host: ExtensionHost): AttachedExtension;
}
