import type { Clock } from '../core/clock.js';
import type { Vec2, Pose } from '../core/geometry.js';
import type { StaticMap, Zone } from '../core/map.js';
import type { CameraFrame } from '../core/camera-frame.js';

/** Goals and their progress, in the core's vocabulary shared by every backend. */
export type { ActivityStatus, GripperState, MotionGoal, MotionLimits, MotionState, PathPlan } from '../core/motion-types.js';
import type { GripperState, MotionGoal, MotionState, PathPlan } from '../core/motion-types.js';

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

/** The gripper's build, as far as the robot core needs it. */
export interface GripperGeometry {
  /** Where the gripper holds and puts down objects, metres ahead of the base centre. */
  reach: number;
}

/**
 * What the robot core knows of a robot: the only door to the simulator, and shaped so that a
 * real-robot backend (ROS 2 through rosbridge: nav2 action, gripper action, camera topic,
 * battery topic) could implement it. Commands start things and return at once; their progress
 * is read back from `motionState()` / `gripperState()` as time passes through `sleep()`.
 */
export interface RobotBackend {
  readonly kind: string;
  readonly clock: Clock;
  readonly gripper: GripperGeometry;
  /** Lets robot time pass: the simulator steps its physics (virtually, or paced to the wall
   *  clock when real-time); a real robot just waits. */
  sleep(seconds: number): Promise<void>;
  /** Called after every state update (every physics step on the simulator). */
  onUpdate(listener: () => void): () => void;
  staticMap(): StaticMap;
  readState(): BackendState;
  /** Plans without moving: a path (around `avoid`'s zones when given) from `from` (default: where
   *  the robot is), or the reason none exists. */
  planPath(target: Vec2, avoid?: readonly Zone[], from?: Vec2): PathPlan;
  /** Whether drives follow the path planPath gives, so a goal's avoided zones are kept out of
   *  (false for a base that plans its own routes, like move_base: the core then refuses them). */
  readonly followsPlannedPaths: boolean;
  /** Expected battery use (share of a full charge, 0..1) for driving a path of this length;
   *  the robot refuses trips that would end below its battery reserve. */
  estimateDrain(pathLengthM: number): number;
  startMotion(goal: MotionGoal): void;
  motionState(): MotionState;
  /** Stops the base now (the safe state). `emergency`: an e-stop, which a backend makes felt even
   *  when nothing is moving (a ROS base is sent a zero Twist whatever it was doing). */
  stopMotion(reason?: string, emergency?: boolean): void;
  startGripper(action: 'grasp' | 'release'): void;
  gripperState(): GripperState;
  setCharging(on: boolean): { ok: true } | { ok: false; reason: string };
  captureFrame(): CameraFrame;
  /** A hint: the robot is about to run `goal` and then capture a frame. A backend that can tell
   *  where the goal ends may get that frame ready now (the simulator renders it while the
   *  detector works on the previous one); the frame captured later is the same either way. */
  prepareFrameAfter?(goal: MotionGoal): void;
}
