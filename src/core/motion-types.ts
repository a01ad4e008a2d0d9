import type { Vec2 } from './geometry.js';
import type { Zone } from './map.js';

/**
 * Goals and their progress: what the robot core asks of a backend and reads back. Core types,
 * so the robot layer and every backend (the simulator, a real robot) share them.
 */
export interface MotionLimits {
  maxLinear: number;
  maxAngular: number;
  /** Arrival tolerance, metres. */
  tolerance: number;
}

export type MotionGoal =
  | {
      kind: 'goto';
      target: Vec2;
      heading?: number;
      limits: MotionLimits;
      /** Zones of the map to keep out of on this drive only: planned around as obstacles. */
      avoid?: readonly Zone[];
    }
  | { kind: 'rotate'; angle: number; limits: MotionLimits };

export type ActivityStatus = 'idle' | 'active' | 'succeeded' | 'failed';

export interface MotionState {
  status: ActivityStatus;
  progress: number;
  reason?: string;
  path?: Vec2[];
  remaining?: number;
}

export interface GripperState {
  status: ActivityStatus;
  action?: 'grasp' | 'release';
  reason?: string;
  objectId?: string;
  zone?: string | null;
}

/** A failed plan with avoided zones says when they are the cause: `goal`, the goal is in (or its
 *  footprint reaches into) one; `route`, every route crosses one (or the robot starts in one). */
export type PathPlan = { ok: true; path: Vec2[]; lengthM: number } | { ok: false; reason: string; avoided?: 'goal' | 'route' };
