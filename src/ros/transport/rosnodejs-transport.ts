/**
 * RosTransport over rosnodejs (ROS 1). rosnodejs keeps one node per process, so every
 * connectRos call in a process shares it: the node leaves the graph when the last user shuts
 * down. Messages are built on the fly from the .msg/.srv/.action files of the installed packages
 * (no generated code); src/ros/transport/ros-environment.ts finds Debian's.
 */
import process from 'node:process';
import {
  DEFAULT_MASTER_URI,
  RosConnectError,
  RosUnknownTypeError,
  type RosConnectOptions,
  type RosField,
  type RosMessageDefinition,
  type RosServerGoal,
  type RosTransport,
} from './ros-transport.js';
import { AcceptedConnections } from './accepted-connections.js';
import { rosEnvironmentDefaults } from './ros-environment.js';
import { loadRosnodejs, type RnMessageClass, type RnNodeHandle, type RnServerGoalHandle, type Rosnodejs } from './rosnodejs-api.js';
import { wrapActionClient, wrapServerGoal } from './rosnodejs-actions.js';
import { ServiceCaller } from './rosnodejs-service-caller.js';
import { speedUpTrailingBytes } from './trailing-bytes.js';

interface SharedNode {
  masterUri: string;
  users: number;
  ready: Promise<{ ros: Rosnodejs; nh: RnNodeHandle }>;
  /** What other nodes connected to it: leaving closes what rosnodejs leaves open. */
  connections: AcceptedConnections;
}

let shared: SharedNode | undefined;

/** Joins (or starts) this process's ROS node. Rejects with RosConnectError when the master
 *  cannot be reached within the timeout. */
export async function connectRos(options: RosConnectOptions = {}): Promise<RosTransport> {
  const env = options.env ?? process.env;
  const masterUri = options.masterUri ?? env.ROS_MASTER_URI ?? DEFAULT_MASTER_URI;
  if (shared && shared.masterUri !== masterUri) {
    throw new RosConnectError(`this process is already on the ROS master ${shared.masterUri}; one process joins one master (asked for ${masterUri})`);
  }
  if (!shared) {
    const connections = new AcceptedConnections();
    const node: SharedNode = { masterUri, users: 0, ready: startNode(masterUri, options), connections };
    shared = node;
    node.ready.catch(() => {
      if (shared === node) shared = undefined;
      connections.stopWatching();
    });
  }
  const node = shared;
  node.users++;
  try {
    const { ros, nh } = await node.ready;
    return new RosnodejsTransport(ros, nh, masterUri, () => release(node));
  } catch (e) {
    node.users--;
    throw e;
  }
}

async function release(node: SharedNode): Promise<void> {
  node.users--;
  if (node.users > 0 || shared !== node) return;
  shared = undefined;
  const { ros } = await node.ready;
  // Leaving, rosnodejs rejects the master calls still queued ("Clearing call queue"), some of
  // them promises nobody in rosnodejs handles: those are expected now, anything else is not.
  const leaving = (reason: unknown) => {
    if (!(reason instanceof Error && reason.message.startsWith('Clearing call queue'))) throw reason;
  };
  process.on('unhandledRejection', leaving);
  try {
    await node.connections.closeLeftOpenBy(() => ros.shutdown().catch(() => undefined));
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', leaving);
  }
  ros.reset();
}

async function startNode(masterUri: string, options: RosConnectOptions): Promise<{ ros: Rosnodejs; nh: RnNodeHandle }> {
  // rosnodejs reads these when it loads and when it builds messages.
  for (const [name, value] of Object.entries(rosEnvironmentDefaults(process.env))) process.env[name] = value;
  const ros = await loadRosnodejs();
  // Its default console stream writes to stdout, which is the MCP channel under `serve --stdio`.
  ros.log.clearStreams();
  if (options.log) {
    const log = options.log;
    ros.log.addStream({ type: 'raw', name: 'robot-agent', level: 'warn', stream: { write: (r) => log(`ros: ${r.msg ?? ''}`) } });
  }
  try {
    const nh = await ros.initNode(options.nodeName ?? '/robot_agent', {
      rosMasterUri: masterUri,
      onTheFly: true,
      notime: true,
      timeout: options.timeoutMs ?? 3000,
      logging: { skipRosLogging: true, overrideLoggerCleanup: true, level: options.log ? 'warn' : 'fatal' },
    });
    return { ros, nh };
  } catch (e) {
    ros.reset();
    const why = e instanceof Error ? e.message : String(e);
    throw new RosConnectError(`cannot reach the ROS master at ${masterUri} (${why}): start roscore there, or point ROS_MASTER_URI / the config's master at a running one`);
  }
}

class RosnodejsTransport implements RosTransport {
  private closed = false;
  private readonly services: ServiceCaller;

  constructor(
    private readonly ros: Rosnodejs,
    private readonly nh: RnNodeHandle,
    readonly masterUri: string,
    private readonly onShutdown: () => Promise<void>,
  ) {
    this.services = new ServiceCaller(nh);
  }

  async subscribe(topic: string, type: string, onMessage: (message: Record<string, unknown>) => void) {
    this.messageClass(type);
    const sub = this.nh.subscribe(topic, type, onMessage, { queueSize: 1, throttleMs: -1 });
    return () => sub.shutdown();
  }

  async advertise(topic: string, type: string, options: { latch?: boolean } = {}) {
    this.messageClass(type);
    const pub = this.nh.advertise(topic, type, { latching: options.latch === true, queueSize: 1, throttleMs: -1 });
    return { publish: (m: Record<string, unknown>) => pub.publish(m), subscriberCount: () => pub.getNumSubscribers(), close: () => pub.shutdown() };
  }

  async callService(service: string, type: string, request: Record<string, unknown>, timeoutMs: number) {
    this.serviceDefinition(type);
    return this.services.call(service, type, request, timeoutMs);
  }

  async advertiseService(service: string, type: string, handler: (request: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>) {
    this.serviceDefinition(type);
    const server = this.nh.advertiseService(service, type, async (request, response) => {
      Object.assign(response, await handler(request));
      return true;
    });
    return () => server.shutdown();
  }

  actionClient(action: string, type: string) {
    this.actionDefinition(type);
    // Without throttleMs -1 every goal, cancel, status and result waits for rosnodejs's spinner.
    const now = { throttleMs: -1 };
    const options = { nh: this.nh, type: actionBase(type), actionServer: action, goal: now, cancel: now, status: now, feedback: now, result: now };
    return wrapActionClient(new this.ros.ActionClient(options));
  }

  async actionServer(action: string, type: string, handlers: { onGoal(goal: RosServerGoal): void; onCancel(goal: RosServerGoal): void }) {
    this.actionDefinition(type);
    const server = new this.ros.ActionServer({ nh: this.nh, type: actionBase(type), actionServer: action });
    const goals = new WeakMap<RnServerGoalHandle, RosServerGoal>();
    server.on('goal', (handle: RnServerGoalHandle) => {
      patchGoalHandle(handle);
      handle.setAccepted();
      const goal = wrapServerGoal(handle);
      goals.set(handle, goal);
      handlers.onGoal(goal);
    });
    server.on('cancel', (handle: RnServerGoalHandle) => {
      const goal = goals.get(handle);
      if (goal) handlers.onCancel(goal);
    });
    server.start();
    return { close: () => server.shutdown() };
  }

  messageDefinition(type: string): RosMessageDefinition {
    return definitionOf(type, this.messageClass(type));
  }

  /** The class of a message type a topic carries, its byte array made fast (trailing-bytes.ts). */
  private messageClass(type: string) {
    const cls = this.lookup(type, 'msg');
    if (!cls) throw new RosUnknownTypeError(type, 'message');
    speedUpTrailingBytes(cls);
    return cls;
  }

  serviceDefinition(type: string) {
    const srv = this.lookup(type, 'srv');
    if (!srv) throw new RosUnknownTypeError(type, 'service');
    return { type, request: definitionOf(`${type}Request`, srv.Request), response: definitionOf(`${type}Response`, srv.Response) };
  }

  actionDefinition(type: string) {
    const base = actionBase(type);
    const part = (suffix: string) => this.lookup(`${base}${suffix}`, 'msg');
    const [goal, result, feedback] = [part('Goal'), part('Result'), part('Feedback')];
    if (!goal || !result || !feedback || !type.endsWith('Action')) throw new RosUnknownTypeError(type, 'action');
    return { type, goal: definitionOf(`${base}Goal`, goal), result: definitionOf(`${base}Result`, result), feedback: definitionOf(`${base}Feedback`, feedback) };
  }

  async shutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.onShutdown();
  }

  private lookup<K extends 'msg' | 'srv'>(type: string, kind: K) {
    const [pkg, name, extra] = type.split('/');
    if (!pkg || !name || extra !== undefined) return undefined;
    try {
      return this.ros.require(pkg)[kind][name] as ReturnType<Rosnodejs['require']>[K][string];
    } catch {
      return undefined; // rosnodejs throws for a package it has no messages of
    }
  }
}

/**
 * rosnodejs 3.1's ActionServer handles a cancel request by calling `getStatus()` on its goal
 * handles, a method GoalHandle lacks (it has `getGoalStatus()`), so any cancel throws inside
 * the subscriber. Give the class the alias once, before a cancel can arrive.
 */
function patchGoalHandle(handle: RnServerGoalHandle): void {
  const proto = Object.getPrototypeOf(handle) as { getStatus?: unknown; getGoalStatus: () => unknown };
  if (typeof proto.getStatus !== 'function') {
    proto.getStatus = function (this: { getGoalStatus: () => unknown }) {
      return this.getGoalStatus();
    };
  }
}

/** `move_base_msgs/MoveBaseAction` → `move_base_msgs/MoveBase`, as rosnodejs's actionlib wants. */
function actionBase(type: string): string {
  return type.endsWith('Action') ? type.slice(0, -'Action'.length) : type;
}

function definitionOf(type: string, cls: RnMessageClass): RosMessageDefinition {
  const pkg = type.split('/')[0];
  const fields: RosField[] = cls.fields.map((f) => ({
    name: f.name,
    type: f.isBuiltin ? f.baseType : qualify(f.baseType, pkg),
    primitive: f.isBuiltin,
    array: !f.isArray ? 'none' : f.arrayLen === null ? 'variable' : 'fixed',
    ...(f.isArray && f.arrayLen !== null ? { length: f.arrayLen } : {}),
  }));
  return { type, fields, constants: Object.entries(cls.Constants ?? {}).map(([name, value]) => ({ name, value })) };
}

/** Field types inside a package may omit it (`Pose` in geometry_msgs); `Header` means std_msgs's. */
function qualify(type: string, pkg: string): string {
  if (type.includes('/')) return type;
  return type === 'Header' ? 'std_msgs/Header' : `${pkg}/${type}`;
}
