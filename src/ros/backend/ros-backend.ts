import type { CameraFrame } from '../../core/camera-frame.js';
import type { Clock } from '../../core/clock.js';
import { normalizeAngle, rectContains, type Pose, type Vec2 } from '../../core/geometry.js';
import { innermostZone } from '../../core/zone-membership.js';
import { isDockZone, type StaticMap, type Zone } from '../../core/map.js';
import type { GripperState, MotionGoal, MotionState, PathPlan } from '../../core/motion-types.js';
import { PathPlanner } from '../../core/planning/path-planner.js';
import { yawFromQuaternion, type Quaternion } from '../../core/quaternion.js';
import { estimateTripDrain } from '../../core/trip-drain.js';
import type { BackendState, GripperGeometry, RobotBackend } from '../../robot/backend.js';
import type { RosMessage, RosTransport } from '../transport/ros-transport.js';
import { decodeCompressedImage, decodeRawImage } from './camera-image.js';
import type { RosMap } from './grid-map.js';
import type { Navigator } from './navigation.js';
import { PoseHistory, stampSeconds } from './pose-history.js';
import type { RobotProfile } from './robot-profile.js';
import type { GripperDriver } from './gripper-action.js';
import { SetBoolActivity } from './set-bool-activity.js';

/** sensor_msgs/BatteryState.POWER_SUPPLY_STATUS_CHARGING */
const POWER_SUPPLY_STATUS_CHARGING = 1;

export interface RosBackendParts {
  transport: RosTransport;
  profile: RobotProfile;
  map: RosMap;
  /** move_base's or the cmd_vel follower's (connect.ts picks by the profile), told to call `notify` on every change. */
  navigator: (notify: () => void) => Navigator;
  /** The gripper's SetBool service or action (connect.ts picks by the profile), told to call `notify` on every change
   *  and `holding` when a grasp or release succeeds. */
  gripper: (notify: () => void, holding: (grasp: boolean) => void) => GripperDriver;
  /** Milliseconds from an arbitrary origin (performance.now): robot time on a real robot is wall time. */
  wallMs: () => number;
}

/**
 * A ROS robot behind the robot core's backend interface. State comes from topics (odometry,
 * battery, camera), the map from an occupancy grid at connect; drives are planned here first
 * (so the core's reachability and battery checks work as on the simulator), then go to move_base
 * or are followed here on /cmd_vel (navigation.ts), the gripper is a std_srvs/SetBool service or an action (gripper-action.ts), the charger a SetBool service. Commands start things
 * and return at once; their ends arrive as messages and are read back on the next update.
 * `connectRosBackend` (connect.ts) subscribes the topics and feeds `onOdometry` and friends.
 */
export class RosRobotBackend implements RobotBackend {
  readonly kind = 'ros';
  readonly clock: Clock;
  readonly gripper: GripperGeometry;
  private readonly listeners = new Set<() => void>();
  private readonly poses = new PoseHistory();
  private readonly planner: PathPlanner;
  private readonly navigator: Navigator;
  private readonly gripperService: GripperDriver;
  private readonly chargingService: SetBoolActivity;
  private readonly origin: Vec2;
  private pose: Pose = { x: 0, y: 0, heading: 0 };
  private linear = 0;
  private angular = 0;
  private battery = 0;
  private batteryCharging = false;
  /** Trusted until the next battery message: the charger said yes, the battery has not yet. */
  private chargingAnswered = false;
  private holding: string | null = null;
  private latestImage: RosMessage | undefined;
  private decoded: { message: RosMessage; frame: CameraFrame } | undefined;

  constructor(private readonly parts: RosBackendParts) {
    const { profile, map } = parts;
    const t0 = parts.wallMs();
    this.clock = { now: () => (parts.wallMs() - t0) / 1000 };
    this.gripper = { reach: profile.gripper.reach };
    this.origin = map.origin;
    this.planner = new PathPlanner(map.map, { robotRadius: profile.base.radius });
    const notify = () => this.emit();
    this.navigator = parts.navigator(notify);
    const { service_ms } = profile.timeouts;
    this.gripperService = parts.gripper(notify, (grasp) => (this.holding = grasp ? 'held object' : null));
    this.chargingService = new SetBoolActivity(parts.transport, profile.charging.service, service_ms, notify, (on) => (this.chargingAnswered = on));
  }

  // ── feeds (called by the subscriptions) ────────────────────────────────────

  onOdometry(odom: RosMessage): void {
    const { pose, twist } = odom as { pose: { pose: { position: Vec2; orientation: Quaternion } }; twist: { twist: { linear: { x: number }; angular: { z: number } } } };
    const p = pose.pose.position;
    this.pose = { x: p.x - this.origin.x, y: p.y - this.origin.y, heading: yawFromQuaternion(pose.pose.orientation) };
    this.linear = twist.twist.linear.x;
    this.angular = twist.twist.angular.z;
    this.poses.push(stampSeconds(odom.header), this.pose);
    this.navigator.onPose(this.pose, { linear: this.linear, angular: this.angular });
    this.emit();
  }

  onBattery(state: RosMessage): void {
    this.battery = Math.min(1, Math.max(0, Number(state.percentage)));
    this.batteryCharging = state.power_supply_status === POWER_SUPPLY_STATUS_CHARGING;
    if (this.chargingService.state().status !== 'active') this.chargingAnswered = false;
    this.emit();
  }

  onImage(image: RosMessage): void {
    this.latestImage = image;
  }

  // ── RobotBackend ───────────────────────────────────────────────────────────

  sleep(seconds: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds * 1000)));
  }

  onUpdate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  staticMap(): StaticMap {
    return this.parts.map.map;
  }

  readState(): BackendState {
    const charging = this.batteryCharging || this.chargingAnswered || (this.chargingService.state().status === 'active' && this.chargingService.state().data === true);
    return { pose: { ...this.pose }, linear: this.linear, angular: this.angular, battery: this.battery, charging, onDock: this.onDock(), holding: this.holding };
  }

  /** The cmd_vel follower drives the planned path; move_base plans its own. */
  get followsPlannedPaths(): boolean {
    return this.navigator.followsPlannedPath;
  }

  planPath(target: Vec2, avoid?: readonly Zone[], from: Vec2 = this.pose): PathPlan {
    // Objects on the floor are not on the map, and the backend interface hands planPath none (the
    // robot core's tracked objects would need it changed for every backend): move_base avoids them
    // by its own sensors; the cmd_vel follower relies on the base's own safety (bumpers, the
    // simulator's collision check) and fails a drive the base does not follow within 1.5 s.
    return this.planner.plan(from, target, [], avoid);
  }

  estimateDrain(pathLengthM: number): number {
    const { drain } = this.parts.profile.battery;
    return estimateTripDrain({ perSecond: drain.per_second, perMetre: drain.per_metre, perRadian: drain.per_radian }, this.parts.profile.base.max_linear_speed, pathLengthM);
  }

  startMotion(goal: MotionGoal): void {
    if (this.readState().charging) this.setCharging(false); // driving off unplugs
    const here = { x: this.pose.x, y: this.pose.y };
    if (goal.kind === 'rotate') {
      if (!Number.isFinite(goal.angle)) return this.navigator.failAtOnce('the rotation angle is not a finite number');
      return this.navigator.start({ target: this.toRos(here), heading: normalizeAngle(this.pose.heading + goal.angle), turn: goal.angle, path: [here, here], lengthM: 0, limits: goal.limits });
    }
    // The core refuses avoided zones for a navigator that does not follow the path (move_base).
    const plan = this.planPath(goal.target, goal.avoid);
    if (!plan.ok) return this.navigator.failAtOnce(plan.reason);
    const [a, b] = plan.path.slice(-2) as [Vec2, Vec2];
    // Without a final heading, arrive facing the way the last leg drives: no needless turn.
    const heading = goal.heading ?? Math.atan2(b.y - a.y, b.x - a.x);
    this.navigator.start({ target: this.toRos(goal.target), heading, path: plan.path, lengthM: plan.lengthM, limits: goal.limits });
  }

  motionState(): MotionState {
    return this.navigator.motionState();
  }

  /** Stops the base and cancels a gripper action's goal: a stop or e-stop halts every moving part. */
  stopMotion(reason = 'stopped', emergency = false): void {
    this.navigator.stop(reason, emergency);
    this.gripperService.abandon(reason);
  }

  startGripper(action: 'grasp' | 'release'): void {
    this.gripperService.call(action === 'grasp');
  }

  gripperState(): GripperState {
    const s = this.gripperService.state();
    const action = s.data === undefined ? undefined : s.data ? 'grasp' : 'release';
    const state: GripperState = { status: s.status, ...(action ? { action } : {}) };
    if (s.status === 'failed') state.reason = s.message;
    if (s.status === 'succeeded' && action === 'release') state.zone = this.zoneAt(this.jaws());
    return state;
  }

  setCharging(on: boolean): { ok: true } | { ok: false; reason: string } {
    if (on && !this.onDock()) {
      const dock = this.staticMap().zones.find((z) => isDockZone(z.name));
      return { ok: false, reason: dock ? `not on a charging dock: drive into the ${dock.name} zone first` : 'not on a charging dock (the profile names no charging_dock zone)' };
    }
    if (on && this.navigator.motionState().status === 'active') return { ok: false, reason: 'the base is moving: stop it before charging' };
    this.chargingService.call(on);
    if (!on) this.chargingAnswered = false;
    return { ok: true };
  }

  captureFrame(): CameraFrame {
    const message = this.latestImage;
    if (!message) throw new Error(`no camera image has arrived on ${this.parts.profile.camera.topic}`);
    if (this.decoded?.message === message) return { ...this.decoded.frame, time: this.clock.now() };
    const { camera } = this.parts.profile;
    // Where the base was when the image was taken, never a pose from another time.
    const pose = this.poses.at(stampSeconds(message.header));
    if (!pose) throw new Error(`the camera image on ${camera.topic} is stamped outside the last seconds of odometry on ${this.parts.profile.pose.topic}: the camera lags far behind (an overloaded machine or link?) or its clock is not the odometry's`);
    const image = camera.type === 'sensor_msgs/CompressedImage' ? decodeCompressedImage(message) : decodeRawImage(message);
    const frame: CameraFrame = {
      ...image,
      pose: { ...pose },
      camera: { height: camera.height, forward: camera.forward, pitchDeg: camera.pitch_deg, hfovDeg: camera.hfov_deg, width: image.width, heightPx: image.height },
      time: this.clock.now(),
    };
    this.decoded = { message, frame };
    return frame;
  }

  /** Stops the base and the gripper (cancelling every goal) before the robot leaves the ROS graph. */
  close(): void {
    this.navigator.close();
    this.gripperService.abandon('the robot left the ROS graph');
    this.listeners.clear();
  }

  // ── internals ──────────────────────────────────────────────────────────────

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private toRos(p: Vec2): Vec2 {
    return { x: p.x + this.origin.x, y: p.y + this.origin.y };
  }

  private onDock(): boolean {
    return this.staticMap().zones.some((z) => isDockZone(z.name) && rectContains(z, this.pose));
  }

  private jaws(): Vec2 {
    const r = this.gripper.reach;
    return { x: this.pose.x + r * Math.cos(this.pose.heading), y: this.pose.y + r * Math.sin(this.pose.heading) };
  }

  private zoneAt(p: Vec2): string | null {
    return innermostZone(this.staticMap().zones, p)?.name ?? null;
  }
}
