import type { Pose } from '../../core/geometry.js';
import type { MotionState } from '../../core/motion-types.js';
import { quaternionFromYaw } from '../../core/quaternion.js';
import type { RosActionClient, RosGoalHandle, RosGoalOutcome, RosPublisher } from '../transport/ros-transport.js';
import { GoalProgress, ZERO_TWIST, type NavigationGoal, type Navigator } from './navigation.js';

function rosStamp(ms: number): { secs: number; nsecs: number } {
  return { secs: Math.floor(ms / 1000), nsecs: Math.round((ms % 1000) * 1e6) };
}

function outcomeReason(outcome: RosGoalOutcome): string {
  const text = outcome.text ? `: ${outcome.text}` : '';
  return `move_base ${outcome.status} the goal${text}`;
}

/**
 * Navigation through a move_base action server: one goal at a time (a new one cancels the
 * previous), progress read from odometry against the planned path, and a stop that cancels
 * every goal this robot sent and publishes a zero Twist, so the base halts even if the server
 * is slow to act on the cancel. A success is reported on the next odometry message, so the
 * pose the robot core reads then is the one the goal ended at.
 */
export class MoveBaseNavigator implements Navigator {
  /** move_base plans its own route to the goal; the path planned here only measures progress. */
  readonly followsPlannedPath = false;
  private readonly progress: GoalProgress;
  private current: { token: number; handle: RosGoalHandle; succeeded?: true } | null = null;
  private readonly unfinished = new Set<RosGoalHandle>();
  private tokens = 0;
  private moving = false;

  constructor(
    private readonly client: RosActionClient,
    private readonly frame: string,
    private readonly notify: () => void,
    private readonly stopPublisher: RosPublisher | undefined,
    /** ROS time for the goal's stamp, milliseconds since the epoch (see connect.ts). */
    private readonly rosTimeMs: () => number,
  ) {
    this.progress = new GoalProgress(notify);
  }

  start(goal: NavigationGoal): void {
    this.cancelAll();
    const token = ++this.tokens;
    const handle = this.client.sendGoal(
      {
        target_pose: {
          header: { seq: 0, stamp: rosStamp(this.rosTimeMs()), frame_id: this.frame },
          pose: { position: { x: goal.target.x, y: goal.target.y, z: 0 }, orientation: quaternionFromYaw(goal.heading) },
        },
      },
      { onFeedback: () => this.notify() },
    );
    this.unfinished.add(handle);
    this.current = { token, handle };
    this.progress.begin(goal);
    void handle.done.then((outcome) => {
      this.unfinished.delete(handle);
      if (this.current?.token !== token) return;
      if (outcome.status === 'succeeded') this.current.succeeded = true;
      else {
        this.current = null;
        this.progress.fail(outcomeReason(outcome));
      }
    });
  }

  /** On every odometry message: progress along the path, and a pending success made final. */
  onPose(here: Pose, velocity: { linear: number; angular: number }): void {
    this.moving = velocity.linear !== 0 || velocity.angular !== 0;
    if (!this.current) return;
    if (this.current.succeeded) {
      this.current = null;
      return this.progress.succeed();
    }
    this.progress.track(here);
  }

  motionState(): MotionState {
    return this.progress.motionState();
  }

  /** Ends the current goal (if any) as failed with `reason`, cancels every goal still open and,
   *  if one was, the base moves or this is an e-stop, tells the base to stand still; idle after a
   *  plain stop, the velocity topic is left to others, as the cmd_vel follower does. */
  stop(reason: string, emergency = false): void {
    this.current = null;
    this.progress.fail(reason);
    this.standStill(this.cancelAll() || this.moving || emergency);
  }

  /** A goal that cannot start: one it replaces is stopped, as the cmd_vel follower does. */
  failAtOnce(reason: string): void {
    this.standStill(this.cancelAll());
    this.current = null;
    this.progress.failAtOnce(reason);
  }

  close(): void {
    this.current = null;
    this.progress.fail('the robot is disconnecting');
    this.cancelAll();
    this.standStill(true);
  }

  /** Cancels every goal still open; says whether there was one. */
  private cancelAll(): boolean {
    for (const handle of this.unfinished) handle.cancel();
    return this.unfinished.size > 0;
  }

  private standStill(needed: boolean): void {
    if (!needed) return;
    try {
      this.stopPublisher?.publish(ZERO_TWIST);
    } catch {
      // The cancels went out; move_base stops the base on them.
    }
  }
}
