import { normalizeAngle, type Pose } from '../../core/geometry.js';
import type { MotionState } from '../../core/motion-types.js';
import type { RosPublisher } from '../transport/ros-transport.js';
import { GoalProgress, twist, ZERO_TWIST, type NavigationGoal, type Navigator } from './navigation.js';
import { PathTracker, type BaseReading, type TrackerLimits } from './path-tracker.js';

/** The base's own speed and braking limits and heading tolerance (a goal's limits may only lower
 *  the speeds; the arrival tolerance is each goal's), and how it is commanded and watched. */
export interface CmdVelSettings extends Omit<TrackerLimits, 'tolerance'> {
  /** The velocity topic and the odometry topic, for messages. */
  topic: string;
  poseTopic: string;
  rateHz: number;
  /** A goal fails when the base makes no headway for this long (blocked, or deaf to /cmd_vel). */
  stallMs: number;
  /** Odometry older than this holds the base still (no driving blind); silent for stallMs, the goal fails. */
  odomTimeoutMs: number;
}

/** Headway that counts as progress for the stall check: metres moved, radians turned. */
const HEADWAY_M = 0.02;
const HEADWAY_RAD = 0.05;
/** Commanded to move while odometry says it stands still this long, the base is blocked or deaf:
 *  the goal fails sooner than the stall timeout (which stays the upper bound). */
const NO_MOTION_MS = 1500;
/** Odometry speeds below these are standing still (noise on a real base). */
const STILL_MPS = 0.005;
const STILL_RADPS = 0.01;

/**
 * Navigation by the robot's own follower: the path the backend planned is tracked (PathTracker)
 * against odometry, and a geometry_msgs/Twist goes out at a steady rate while a goal runs, as
 * move_base's controller would send it. Nothing is published while idle, so a teleop node may
 * use the topic then: a stop while idle publishes a zero Twist only if odometry says the base
 * moves; an e-stop always does, so it halts a base driven from elsewhere too.
 * Every way a goal ends — arrival, stop, e-stop, a fault, the robot disconnecting, the process
 * exiting — stops the timer and publishes a zero Twist at once; should the process be killed
 * outright, a base's command watchdog (ros-sim's: 0.5 s) stops it.
 */
export class CmdVelNavigator implements Navigator {
  /** It drives the planned path, so it keeps out of what that path was planned around. */
  readonly followsPlannedPath = true;
  private readonly progress: GoalProgress;
  private tracker: PathTracker | null = null;
  private timer: NodeJS.Timeout | undefined;
  private base: BaseReading | undefined;
  private poseAt = -Infinity;
  /** Where and when the base last made headway. */
  private headway: { pose: Pose; at: number } | undefined;
  /** Since when the base has stood still while commanded to move. */
  private stillSince: number | undefined;

  constructor(
    private readonly publisher: RosPublisher,
    private readonly settings: CmdVelSettings,
    private readonly wallMs: () => number,
    notify: () => void,
  ) {
    this.progress = new GoalProgress(notify);
  }

  start(goal: NavigationGoal): void {
    this.halt(false); // the first tick below commands the base at once
    const { settings: s } = this;
    const limits: TrackerLimits = {
      maxLinear: Math.min(goal.limits.maxLinear, s.maxLinear),
      maxAngular: Math.min(goal.limits.maxAngular, s.maxAngular),
      linearAccel: s.linearAccel,
      angularAccel: s.angularAccel,
      tolerance: goal.limits.tolerance,
      headingTolerance: s.headingTolerance,
    };
    this.tracker = new PathTracker(goal.path, limits, goal.turn === undefined ? goal.heading : undefined, goal.turn);
    this.progress.begin(goal);
    this.headway = undefined;
    this.stillSince = undefined;
    this.timer = setInterval(() => this.tick(), 1000 / s.rateHz);
    // Ahead of rosnodejs's own exit handler, which shuts the publishers down.
    process.prependOnceListener('exit', this.onExit);
    this.tick();
  }

  onPose(pose: Pose, velocity: { linear: number; angular: number }): void {
    this.base = { pose, ...velocity };
    this.poseAt = this.wallMs();
    if (this.tracker && this.progress.goal?.turn === undefined) this.progress.track(pose);
  }

  motionState(): MotionState {
    return this.progress.motionState();
  }

  stop(reason: string, emergency = false): void {
    const unsent = this.halt(emergency || this.tracker !== null || this.baseMoves());
    this.progress.fail(unsent ? `${reason} (${unsent})` : reason);
  }

  /** A goal that cannot start; one it replaces is stopped, as move_base's navigator does. */
  failAtOnce(reason: string): void {
    this.halt(this.tracker !== null);
    this.progress.failAtOnce(reason);
  }

  close(): void {
    this.halt(true);
    this.progress.fail('the robot is disconnecting');
  }

  /** One control period: check the watchdogs, then command the base or finish the goal. */
  private tick(): void {
    const tracker = this.tracker;
    if (!tracker) return;
    try {
      const now = this.wallMs();
      const { settings: s } = this;
      const base = this.base;
      if (!base || now - this.poseAt > s.odomTimeoutMs) {
        // Never drive blind: hold the base still until odometry returns, and give up after the stall timeout.
        if (now - this.poseAt > s.stallMs) return this.stop(`no odometry on ${s.poseTopic} for ${s.stallMs / 1000} s: the base was stopped`);
        this.headway = undefined;
        return this.publisher.publish(ZERO_TWIST);
      }
      const h = this.headway;
      if (!h || Math.hypot(base.pose.x - h.pose.x, base.pose.y - h.pose.y) >= HEADWAY_M || Math.abs(normalizeAngle(base.pose.heading - h.pose.heading)) >= HEADWAY_RAD) this.headway = { pose: base.pose, at: now };
      else if (now - h.at > s.stallMs) return this.stop(`the base made no headway for ${s.stallMs / 1000} s on ${s.topic} (blocked, or not obeying the velocity commands)`);
      const cmd = tracker.step(base);
      if (!cmd.done) {
        const commanded = cmd.linear !== 0 || cmd.angular !== 0;
        const still = Math.abs(base.linear) < STILL_MPS && Math.abs(base.angular) < STILL_RADPS;
        this.stillSince = commanded && still ? (this.stillSince ?? now) : undefined;
        const limit = Math.min(NO_MOTION_MS, s.stallMs);
        if (this.stillSince !== undefined && now - this.stillSince > limit) {
          return this.stop(`the base did not move for ${limit / 1000} s though commanded on ${s.topic} (blocked, or not obeying the velocity commands)`);
        }
        return this.publisher.publish(twist(cmd.linear, cmd.angular));
      }
      const unsent = this.halt(true);
      if (unsent) this.progress.fail(`arrived, but ${unsent}`);
      else this.progress.succeed();
    } catch (e) {
      this.stop(`the follower failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** The process is ending mid-drive (an uncaught error, a second Ctrl-C): the socket write of
   *  a last zero Twist still goes out synchronously, before the base's watchdog would act. */
  private readonly onExit = () => this.publisher.publish(ZERO_TWIST);

  private baseMoves(): boolean {
    return this.base !== undefined && (this.base.linear !== 0 || this.base.angular !== 0);
  }

  /** Ends the control loop and, with `standStill`, tells the base to stand still; says why the zero
   *  Twist could not be sent, if so (the goal still ends: the base's watchdog is then what stops it). */
  private halt(standStill: boolean): string | undefined {
    process.off('exit', this.onExit);
    clearInterval(this.timer);
    this.timer = undefined;
    this.tracker = null;
    if (!standStill) return undefined;
    try {
      this.publisher.publish(ZERO_TWIST);
      return undefined;
    } catch (e) {
      return `the zero Twist on ${this.settings.topic} could not be sent: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
}
