import type { Clock } from '../sim/clock.js';
import type { Vec2, Pose } from '../sim/geometry.js';
import type { StaticMap } from '../sim/world.js';
import type { CameraFrame } from '../sim/camera-frame.js';

/**
 * What the robot core knows of a robot: the only door to the simulator, and shaped so that a
 * real-robot backend (ROS 2 through rosbridge: nav2 action, gripper action, camera topic,
 * battery topic) could implement it. Commands start things and return at once; their progress
 * is read back from `motionState()` / `gripperState()` as time passes through `sleep()`.
 */
export interface MotionLimits {
  maxLinear: number;
  maxAngular: number;
  /** Arrival tolerance, metres (position) — heading tolerance is fixed by the backend. */
  tolerance: number;
}

export type MotionGoal =
  /** Plan a path to `target` on the map and follow it; turn to `heading` on arrival if given. */
  | { kind: 'goto'; target: Vec2; heading?: number; limits: MotionLimits }
  /** Turn in place by `angle` radians (positive is counter-clockwise). */
  | { kind: 'rotate'; angle: number; limits: MotionLimits };

export type ActivityStatus = 'idle' | 'active' | 'succeeded' | 'failed';

export interface MotionState {
  status: ActivityStatus;
  /** 0..1 share of the goal done. */
  progress: number;
  /** Why it failed (collision, blocked, stopped…). */
  reason?: string;
  /** The planned path being followed, for display. */
  path?: Vec2[];
  /** Metres (goto) or radians (rotate) still to go. */
  remaining?: number;
}

export interface GripperState {
  status: ActivityStatus;
  action?: 'grasp' | 'release';
  reason?: string;
  /** Object grasped or released by the last action (the backend's own identity for it). */
  objectId?: string;
  /** Zone the released object landed in, if any. */
  zone?: string | null;
}

export type PathPlan = { ok: true; path: Vec2[]; lengthM: number } | { ok: false; reason: string };

export interface BackendState {
  pose: Pose;
  linear: number;
  angular: number;
  /** State of charge 0..1. */
  battery: number;
  charging: boolean;
  /** Whether the base is on a charging dock. */
  onDock: boolean;
  /** Backend id of the held object, or null. */
  holding: string | null;
}

export interface RobotBackend {
  readonly kind: string;
  readonly clock: Clock;
  /** Lets robot time pass: the simulator steps its physics (virtually, or paced to the wall
   *  clock when real-time); a real robot just waits. */
  sleep(seconds: number): Promise<void>;
  /** Called after every state update (every physics step on the simulator). */
  onUpdate(listener: () => void): () => void;
  staticMap(): StaticMap;
  readState(): BackendState;
  /** Plans without moving: a path, or the reason none exists. */
  planPath(target: Vec2): PathPlan;
  /** Expected battery use (share of a full charge, 0..1) for driving a path of this length;
   *  the robot refuses trips that would end below its battery reserve. */
  estimateDrain(pathLengthM: number): number;
  startMotion(goal: MotionGoal): void;
  motionState(): MotionState;
  /** Stops the base now (the safe state). */
  stopMotion(reason?: string): void;
  startGripper(action: 'grasp' | 'release'): void;
  gripperState(): GripperState;
  setCharging(on: boolean): { ok: true } | { ok: false; reason: string };
  captureFrame(): CameraFrame;
}
