import type { Vec2 } from '../../core/geometry.js';
import type { MotionState } from '../../core/motion-types.js';
import { quaternionFromYaw } from '../../core/quaternion.js';
import type { RosActionClient, RosGoalHandle, RosGoalOutcome, RosPublisher } from '../transport/ros-transport.js';

/** A drive the robot core asked for, in the ROS map frame, with the path planned for it. */
export interface NavigationGoal {
  target: Vec2;
  heading: number;
  /** Planned path in the core's frame (for progress and the views), and its length. */
  path: Vec2[];
  lengthM: number;
}

const ZERO_TWIST = { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } };

function wallStamp(): { secs: number; nsecs: number } {
  const ms = Date.now();
  return { secs: Math.floor(ms / 1000), nsecs: (ms % 1000) * 1e6 };
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
export class MoveBaseNavigator {
  private state: MotionState = { status: 'idle', progress: 0 };
  private current: { token: number; goal: NavigationGoal; handle: RosGoalHandle; endedAt?: 'pending-success' } | null = null;
  private readonly unfinished = new Set<RosGoalHandle>();
  private tokens = 0;

  constructor(
    private readonly client: RosActionClient,
    private readonly frame: string,
    private readonly notify: () => void,
    private readonly stopPublisher: RosPublisher | undefined,
  ) {}

  start(goal: NavigationGoal): void {
    this.cancelAll();
    const token = ++this.tokens;
    const handle = this.client.sendGoal(
      {
        target_pose: {
          header: { seq: 0, stamp: wallStamp(), frame_id: this.frame },
          pose: { position: { x: goal.target.x, y: goal.target.y, z: 0 }, orientation: quaternionFromYaw(goal.heading) },
        },
      },
      { onFeedback: () => this.notify() },
    );
    this.unfinished.add(handle);
    this.current = { token, goal, handle };
    this.state = { status: 'active', progress: 0, remaining: goal.lengthM, path: goal.path };
    void handle.done.then((outcome) => {
      this.unfinished.delete(handle);
      if (this.current?.token !== token) return;
      if (outcome.status === 'succeeded') this.current.endedAt = 'pending-success';
      else this.end({ status: 'failed', progress: this.state.progress, reason: outcomeReason(outcome) });
    });
  }

  /** On every odometry message (the pose in the core's frame): progress along the path, and a
   *  pending success made final. */
  onPose(here: Vec2): void {
    const current = this.current;
    if (!current) return;
    if (current.endedAt === 'pending-success') return this.end({ status: 'succeeded', progress: 1, remaining: 0, path: current.goal.path });
    const end = current.goal.path[current.goal.path.length - 1]!;
    const remaining = Math.min(current.goal.lengthM, Math.hypot(end.x - here.x, end.y - here.y));
    const progress = current.goal.lengthM > 0 ? 1 - remaining / current.goal.lengthM : 0;
    this.state = { status: 'active', progress: Math.max(this.state.progress, progress), remaining, path: current.goal.path };
  }

  motionState(): MotionState {
    return this.state;
  }

  /** Ends the current goal (if any) as failed with `reason`, cancels every goal still open and
   *  tells the base to stand still. */
  stop(reason: string): void {
    if (this.current) this.end({ status: 'failed', progress: this.state.progress, reason, ...(this.state.remaining !== undefined ? { remaining: this.state.remaining } : {}) });
    this.cancelAll();
    this.stopPublisher?.publish(ZERO_TWIST);
  }

  /** Fails a goal that cannot start (no path): nothing is sent. */
  failAtOnce(reason: string): void {
    this.cancelAll();
    this.current = null;
    this.state = { status: 'failed', progress: 0, reason };
  }

  private cancelAll(): void {
    for (const handle of this.unfinished) handle.cancel();
  }

  private end(state: MotionState): void {
    this.current = null;
    this.state = state;
    this.notify();
  }
}
