import type { RosMessage, RosTransport } from '../transport/ros-transport.js';
import { CmdVelNavigator } from './cmd-vel-navigator.js';
import { GridMapError, mapFromOccupancyGrid } from './grid-map.js';
import { GripperActionActivity, prepareGripperAction } from './gripper-action.js';
import { loadMapFile } from './map-file.js';
import { MoveBaseNavigator } from './move-base-navigator.js';
import type { RobotProfile } from './robot-profile.js';
import { RosRobotBackend, type RosBackendParts } from './ros-backend.js';
import { SetBoolActivity } from './set-bool-activity.js';

/** The robot is not there as its profile says: a topic stays silent, no action server answers. */
export class RosRobotError extends Error {
  override name = 'RosRobotError';
}

export interface ConnectedRosBackend {
  backend: RosRobotBackend;
  /** Stops the base, unsubscribes and closes what the backend opened (the transport stays up). */
  close(): Promise<void>;
}

/** Resolves with the first message `subscribe` delivers, or rejects after `timeoutMs`. */
function firstOf(subscribed: (onMessage: (m: RosMessage) => void) => void, timeoutMs: number, silence: () => string): Promise<RosMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new RosRobotError(silence())), timeoutMs);
    subscribed((m) => {
      clearTimeout(timer);
      resolve(m);
    });
  });
}

/**
 * Promise.all that waits for every opening to settle before failing with the first error: each
 * pushes its closer as it opens, and one still opening when the others are closed would be left open.
 */
async function allOpened<T extends readonly unknown[]>(openings: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(openings);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * The navigation the profile names, ready to drive: move_base's server answering (a clear error
 * when none does), or the velocity publisher the backend's own follower drives through.
 */
async function openNavigation(transport: RosTransport, profile: RobotProfile, wallMs: () => number, closers: Array<() => Promise<void>>, robotHint: string): Promise<RosBackendParts['navigator']> {
  const nav = profile.navigation;
  const wait = profile.timeouts.first_message_ms;
  if (nav.type === 'geometry_msgs/Twist') {
    const publisher = await transport.advertise(nav.cmd_vel, nav.type);
    closers.push(() => publisher.close());
    const settings = {
      topic: nav.cmd_vel,
      poseTopic: profile.pose.topic,
      rateHz: nav.rate_hz,
      maxLinear: profile.base.max_linear_speed,
      maxAngular: nav.max_angular_speed,
      linearAccel: nav.linear_accel,
      angularAccel: nav.angular_accel,
      headingTolerance: (nav.heading_tolerance_deg * Math.PI) / 180,
      stallMs: nav.stall_timeout_ms,
      odomTimeoutMs: nav.odom_timeout_ms,
    };
    return (notify) => new CmdVelNavigator(publisher, settings, wallMs, notify);
  }
  const client = transport.actionClient(nav.action, nav.type);
  closers.push(() => client.close());
  if (!(await client.waitForServer(wait))) throw new RosRobotError(`no move_base action server at ${nav.action} within ${wait / 1000} s on ${transport.masterUri}: ${robotHint}`);
  const stopPublisher = nav.stop_topic ? await transport.advertise(nav.stop_topic, 'geometry_msgs/Twist') : undefined;
  if (stopPublisher) closers.push(() => stopPublisher.close());
  // ROS time is wall time since the epoch (no /clock here: notime), and a real move_base looks the
  // goal's frame up in tf at its stamp, so the robot's clock (from an arbitrary origin) cannot stand in.
  return (notify) => new MoveBaseNavigator(client, nav.frame, notify, stopPublisher, Date.now);
}

/**
 * The gripper the profile names: a SetBool service, or an action whose goal templates fit its
 * definition and whose server answers (both checked now, not at the first grasp).
 */
async function openGripper(transport: RosTransport, profile: RobotProfile, closers: Array<() => Promise<void>>, robotHint: string): Promise<RosBackendParts['gripper']> {
  const gripper = profile.gripper;
  const timeoutMs = profile.timeouts.service_ms;
  if (!('action' in gripper)) return (notify, holding) => new SetBoolActivity(transport, gripper.service, timeoutMs, notify, holding);
  const prepared = prepareGripperAction(transport, gripper);
  const client = transport.actionClient(gripper.action, gripper.type);
  closers.push(() => client.close());
  const wait = profile.timeouts.first_message_ms;
  if (!(await client.waitForServer(wait))) throw new RosRobotError(`no gripper action server at ${gripper.action} within ${wait / 1000} s on ${transport.masterUri}: ${robotHint}`);
  // The backend's close() cancels a grasp or release still running.
  return (notify, holding) => new GripperActionActivity(client, gripper, prepared, timeoutMs, notify, holding);
}

/**
 * Joins a ROS robot as its profile describes it: waits for the map, the navigation, the
 * first pose, battery state and camera image (each a clear error naming the topic when it stays
 * silent), then feeds every later message to the backend.
 */
export async function connectRosBackend(transport: RosTransport, profile: RobotProfile, wallMs: () => number): Promise<ConnectedRosBackend> {
  const wait = profile.timeouts.first_message_ms;
  const seconds = `${wait / 1000} s`;
  const closers: Array<() => Promise<void>> = [];
  // Each closer runs once (a second close finds none), the last opened first.
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) {
      try {
        await close();
      } catch {
        // The master may be gone already; what could be closed is closed.
      }
    }
  };
  const silent = (what: string, topic: string, hint: string) => () => `no ${what} on ${topic} within ${seconds} from the ROS master ${transport.masterUri}: ${hint}`;
  const robotHint = 'is the robot (or robot-agent ros-sim) running, and does the profile name its topics?';
  try {
    const { file, topic, type } = profile.map;
    let grid: Promise<RosMessage>;
    if (file !== undefined) grid = Promise.resolve().then(() => loadMapFile(file));
    else {
      let onMap: (m: RosMessage) => void = () => undefined;
      closers.push(await transport.subscribe(topic!, type!, (m) => onMap(m)));
      grid = firstOf((cb) => (onMap = cb), wait, silent('occupancy grid', topic!, `${robotHint} (a map must be published latched, as map_server does)`));
    }
    const [gridMessage, navigator, gripper] = await allOpened([grid, openNavigation(transport, profile, wallMs, closers, robotHint), openGripper(transport, profile, closers, robotHint)] as const);
    let map;
    try {
      map = mapFromOccupancyGrid(gridMessage, profile.map.zones);
    } catch (e) {
      throw e instanceof GridMapError ? new RosRobotError(`the map ${file ?? `on ${topic}`}: ${e.message}`) : e;
    }
    const backend = new RosRobotBackend({ transport, profile, map, navigator, gripper, wallMs });
    closers.push(async () => backend.close());

    const feeds: Array<[string, string, string, (m: RosMessage) => void]> = [
      ['odometry', profile.pose.topic, profile.pose.type, (m) => backend.onOdometry(m)],
      ['battery state', profile.battery.topic, profile.battery.type, (m) => backend.onBattery(m)],
      ['camera image', profile.camera.topic, profile.camera.type, (m) => backend.onImage(m)],
    ];
    await allOpened(
      feeds.map(async ([what, topic, type, feed]) => {
        let first: ((m: RosMessage) => void) | undefined;
        const arrived = firstOf((cb) => (first = cb), wait, silent(what, topic, robotHint));
        closers.push(
          await transport.subscribe(topic, type, (m) => {
            feed(m);
            first?.(m);
            first = undefined;
          }),
        );
        await arrived;
      }),
    );
    return { backend, close: closeAll };
  } catch (e) {
    await closeAll();
    throw e;
  }
}
