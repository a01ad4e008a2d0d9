import type { Pose, Vec2 } from '../../core/geometry.js';
import type { MotionLimits, MotionState } from '../../core/motion-types.js';

/** A drive the robot core asked for, with the path planned for it. */
export interface NavigationGoal {
  /** Where to go, in the ROS map frame (move_base's goal). */
  target: Vec2;
  /** Heading to end at (radians, the map frame's and the core's alike). */
  heading: number;
  /** A turn on the spot, relative (radians): a full scan turn is 2π, which a heading cannot say. */
  turn?: number;
  /** Planned path in the core's frame (for progress, the views and the cmd_vel follower), and its length. */
  path: Vec2[];
  lengthM: number;
  /** The core's speed limits and arrival tolerance for this goal. */
  limits: MotionLimits;
}

/** How the backend drives: through move_base, or by its own follower on /cmd_vel. */
export interface Navigator {
  /** Whether the base drives `goal.path` (the cmd_vel follower) or plans its own route to the
   *  target (move_base): only a follower keeps out of the zones the path was planned around. */
  readonly followsPlannedPath: boolean;
  /** Starts `goal`, replacing any goal in progress. */
  start(goal: NavigationGoal): void;
  /** On every odometry message: the pose in the core's frame, and the base's velocities. */
  onPose(pose: Pose, velocity: { linear: number; angular: number }): void;
  motionState(): MotionState;
  /** Ends the current goal (if any) as failed with `reason` and makes the base stand still. */
  /** `emergency`: the base is told to stand still even when no goal runs and it seems at rest. */
  stop(reason: string, emergency?: boolean): void;
  /** Fails a goal that cannot start (no path): nothing is sent. */
  failAtOnce(reason: string): void;
  /** Stops the base for good (the robot leaves the ROS graph). */
  close(): void;
}

/** geometry_msgs/Twist standing still. */
export const ZERO_TWIST = { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } };

export function twist(linear: number, angular: number): typeof ZERO_TWIST {
  return { linear: { x: linear, y: 0, z: 0 }, angular: { x: 0, y: 0, z: angular } };
}

/**
 * The current goal's motion state as the robot core reads it, shared by both navigators:
 * progress as the share of the planned path's length covered (never going back), and the end
 * of the goal told to the core at once.
 */
export class GoalProgress {
  private state: MotionState = { status: 'idle', progress: 0 };
  private current: NavigationGoal | null = null;

  constructor(private readonly notify: () => void) {}

  get goal(): NavigationGoal | null {
    return this.current;
  }

  motionState(): MotionState {
    return this.state;
  }

  begin(goal: NavigationGoal): void {
    this.current = goal;
    this.state = { status: 'active', progress: 0, remaining: goal.lengthM, path: goal.path };
  }

  /** Progress from where the base is: the straight distance left to the path's end, capped by the path's length. */
  track(here: Vec2): void {
    const goal = this.current;
    if (!goal) return;
    const end = goal.path[goal.path.length - 1]!;
    const remaining = Math.min(goal.lengthM, Math.hypot(end.x - here.x, end.y - here.y));
    const progress = goal.lengthM > 0 ? 1 - remaining / goal.lengthM : 0;
    this.state = { status: 'active', progress: Math.max(this.state.progress, progress), remaining, path: goal.path };
  }

  succeed(): void {
    const path = this.current?.path;
    this.end({ status: 'succeeded', progress: 1, remaining: 0, ...(path ? { path } : {}) });
  }

  /** Ends the current goal, if any, as failed. */
  fail(reason: string): void {
    if (!this.current) return;
    this.end({ status: 'failed', progress: this.state.progress, reason, ...(this.state.remaining !== undefined ? { remaining: this.state.remaining } : {}) });
  }

  failAtOnce(reason: string): void {
    this.current = null;
    this.state = { status: 'failed', progress: 0, reason };
  }

  private end(state: MotionState): void {
    this.current = null;
    this.state = state;
    this.notify();
  }
}
