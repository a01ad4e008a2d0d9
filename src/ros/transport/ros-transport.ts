/**
 * The one interface robot-agent uses to talk to ROS: topics, services, actions and message
 * definitions, as plain JSON-like objects. Everything above it (the primitives, the ROS robot
 * backend, the simulator on ROS) is written against this interface only, so another middleware
 * (ROS 2 through rclnodejs, or rosbridge through roslib) is one new implementation file.
 *
 * Messages cross this interface as plain objects with every field present, in ROS's own shapes:
 * time and duration as `{ secs, nsecs }`, arrays as arrays (uint8[] as numbers), 64-bit integers
 * as numbers or decimal strings. src/ros/primitives/conversion.ts turns JSON into these and back.
 */

/** A message, request, response, goal, feedback or result. */
export type RosMessage = Record<string, unknown>;

/** One field of a message definition. */
export interface RosField {
  name: string;
  /** The element type: a primitive (`float64`, `uint8`, `string`, `time`…) or a message type
   *  with its package (`geometry_msgs/Vector3`). */
  type: string;
  /** True for int/float/bool/string/time/duration; false for a nested message. */
  primitive: boolean;
  /** `none` for a single value; `fixed` (with `length`) or `variable` for arrays. */
  array: 'none' | 'fixed' | 'variable';
  length?: number;
}

export interface RosConstant {
  name: string;
  value: unknown;
}

/** A message definition, fields in wire order. */
export interface RosMessageDefinition {
  type: string;
  fields: RosField[];
  constants: RosConstant[];
}

export interface RosServiceDefinition {
  type: string;
  request: RosMessageDefinition;
  response: RosMessageDefinition;
}

/** An action's three parts (`move_base_msgs/MoveBaseAction` → …Goal, …Result, …Feedback). */
export interface RosActionDefinition {
  type: string;
  goal: RosMessageDefinition;
  result: RosMessageDefinition;
  feedback: RosMessageDefinition;
}

export interface RosPublisher {
  publish(message: RosMessage): void;
  /** How many subscribers are connected now. */
  subscriberCount(): number;
  close(): Promise<void>;
}

/** actionlib's terminal goal states, lower-case. */
export type RosGoalEnd = 'succeeded' | 'aborted' | 'preempted' | 'rejected' | 'recalled' | 'lost';

/** actionlib's goal states while a goal lives, lower-case (actionlib_msgs/GoalStatus). */
export type RosGoalState = 'pending' | 'active' | 'preempting' | 'recalling' | RosGoalEnd;

export interface RosGoalOutcome {
  status: RosGoalEnd;
  /** The server's status text, often empty. */
  text: string;
  result: RosMessage;
}

export interface RosGoalHandle {
  /** Settles when the server reports a terminal state (never rejects). */
  readonly done: Promise<RosGoalOutcome>;
  /** Asks the server to cancel; `done` then settles with preempted or recalled. */
  cancel(): void;
}

export interface RosGoalCallbacks {
  onFeedback?(feedback: RosMessage): void;
  onStatus?(state: RosGoalState, text: string): void;
}

export interface RosActionClient {
  /** True once an action server is connected (polled, up to `timeoutMs`). */
  waitForServer(timeoutMs: number): Promise<boolean>;
  sendGoal(goal: RosMessage, callbacks?: RosGoalCallbacks): RosGoalHandle;
  close(): Promise<void>;
}

/** A goal as an action server sees it. Exactly one of succeed/abort/preempted ends it. */
export interface RosServerGoal {
  readonly goal: RosMessage;
  publishFeedback(feedback: RosMessage): void;
  succeed(result?: RosMessage, text?: string): void;
  abort(result?: RosMessage, text?: string): void;
  /** Ends a goal whose cancel was requested (or that the server gives up on). */
  preempted(result?: RosMessage, text?: string): void;
}

export interface RosActionServerHandlers {
  /** A new goal (already accepted). */
  onGoal(goal: RosServerGoal): void;
  /** A client asked to cancel this goal. */
  onCancel(goal: RosServerGoal): void;
}

export interface RosTransport {
  /** The master (ROS 1) this transport is registered with. */
  readonly masterUri: string;
  /** Calls `onMessage` for every message; resolves to a function that unsubscribes. */
  subscribe(topic: string, type: string, onMessage: (message: RosMessage) => void): Promise<() => Promise<void>>;
  advertise(topic: string, type: string, options?: { latch?: boolean }): Promise<RosPublisher>;
  /** Rejects with RosTimeoutError when no server answers within `timeoutMs` (waiting for the
   *  service to exist counts), RosCallError when the call fails. */
  callService(service: string, type: string, request: RosMessage, timeoutMs: number): Promise<RosMessage>;
  advertiseService(service: string, type: string, handler: (request: RosMessage) => RosMessage | Promise<RosMessage>): Promise<() => Promise<void>>;
  actionClient(action: string, type: string): RosActionClient;
  actionServer(action: string, type: string, handlers: RosActionServerHandlers): Promise<{ close(): Promise<void> }>;
  /** Throws RosUnknownTypeError for a type no installed package defines. */
  messageDefinition(type: string): RosMessageDefinition;
  serviceDefinition(type: string): RosServiceDefinition;
  actionDefinition(type: string): RosActionDefinition;
  /** Leaves the ROS graph (idempotent). */
  shutdown(): Promise<void>;
}

export interface RosConnectOptions {
  /** e.g. http://127.0.0.1:11311; defaults to ROS_MASTER_URI, then http://localhost:11311. */
  masterUri?: string;
  /** Node name, default /robot_agent. */
  nodeName?: string;
  /** How long to try to reach the master before failing, default 3000 ms. */
  timeoutMs?: number;
  /** Where the ROS library's own warnings go (`--verbose`); silent without it. */
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** The master cannot be reached. Its message is one line saying what to do. */
export class RosConnectError extends Error {
  override name = 'RosConnectError';
}

export class RosUnknownTypeError extends Error {
  override name = 'RosUnknownTypeError';
  constructor(
    readonly rosType: string,
    kind: 'message' | 'service' | 'action',
  ) {
    super(`unknown ROS ${kind} type "${rosType}": no installed package defines it (check the spelling, package/Name, and that the package's .${kind === 'message' ? 'msg' : kind === 'service' ? 'srv' : 'action'} files are installed)`);
  }
}

export class RosTimeoutError extends Error {
  override name = 'RosTimeoutError';
}

/** A service call that reached no answer: the server's node is gone, or the call failed there. */
export class RosCallError extends Error {
  override name = 'RosCallError';
}

export const DEFAULT_MASTER_URI = 'http://localhost:11311';
