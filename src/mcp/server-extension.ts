import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import type { AnyToolDeclaration, ToolCallExtra, ToolFailure } from './tool-declaration.js';
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
  /** Cancels a pending or running one (a failure when it cannot be); undefined for an unknown id. */
  cancel(id: string): OperationView | ToolFailure | undefined;
  /** Waits (wall time) until it ends, `seconds` pass or `extra.signal` aborts; never cancels it. */
  wait(id: string, seconds: number, extra: ToolCallExtra): Promise<OperationView | undefined>;
}

/** What an extension gets from the robot server it is attached to. */
export interface ExtensionHost {
  /** Whether a client subscribed to this resource URI (resources/subscribe). */
  isSubscribed(uri: string): boolean;
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
