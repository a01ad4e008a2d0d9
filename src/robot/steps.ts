import type { FailureCode } from '../core/failure.js';
import { normalizeAngle, round, type Vec2 } from '../core/geometry.js';
import type { MotionGoal, RobotBackend } from './backend.js';
import type { HeldObject } from './held-object.js';

/** How a step ended: its result, or why it failed. */
export type StepEnd = { ok: true; message: string; result?: Record<string, unknown> } | { ok: false; message: string; code: FailureCode };

/** Progress (0..1 within the step) and a short message, reported on every backend update. */
export type ReportProgress = (progress: number, message?: string) => void;

/**
 * One backend activity — a motion, a gripper action, charging — started once and then watched
 * on every backend update until it ends. A simple operation is one step; `approach` and
 * `deliver` run several in turn.
 */
export interface Step {
  /** Starts it; returns an ending when it fails at once. */
  start(): StepEnd | undefined;
  watch(report: ReportProgress): StepEnd | undefined;
  /** Stops what it started (the operation was cancelled or failed). */
  halt(reason: string): void;
}

/** Farther than this from its goal, a base that says it arrived did not: goal tolerances (move_base's
 *  default 0.1–0.25 m, the simulator's a few mm) are well under it. */
const ARRIVED_WITHIN_M = 0.5;

/** A step whose backend activity is started without a refusal and halted by stopping the base
 *  (a motion, a gripper action); `watch` reads how the activity is going. */
function backendActivityStep(backend: RobotBackend, begin: () => void, watch: Step['watch']): Step {
  return {
    start() {
      begin();
      return undefined;
    },
    watch,
    halt: (reason) => backend.stopMotion(reason),
  };
}

export function motionStep(backend: RobotBackend, goal: MotionGoal): Step {
  const unit = goal.kind === 'goto' ? 'm' : 'rad';
  return backendActivityStep(
    backend,
    () => backend.startMotion(goal),
    (report) => {
      const m = backend.motionState();
      report(m.progress, m.status === 'active' ? `${round(m.remaining ?? 0, 2)} ${unit} to go` : undefined);
      if (m.status === 'succeeded') {
        const { pose } = backend.readState();
        const arrived = { x: round(pose.x), y: round(pose.y), heading: round(normalizeAngle(pose.heading)) };
        if (goal.kind !== 'goto') return { ok: true, message: 'arrived', result: arrived };
        const errorM = distance(pose, goal.target);
        // The base's word is checked against its own pose: a move_base that reports success
        // without having moved would otherwise have the robot believe it stands at the goal.
        if (errorM > ARRIVED_WITHIN_M) {
          const target = `(${round(goal.target.x, 2)}, ${round(goal.target.y, 2)})`;
          return { ok: false, code: 'failed', message: `the base reported arriving at ${target}, but its pose puts it ${round(errorM, 2)} m away, at (${round(pose.x, 2)}, ${round(pose.y, 2)})` };
        }
        return { ok: true, message: 'arrived', result: { ...arrived, errorM: round(errorM, 4) } };
      }
      if (m.status === 'failed' || m.status === 'idle') return { ok: false, message: m.reason ?? 'motion stopped', code: 'failed' };
      return undefined;
    },
  );
}

export function gripperStep(backend: RobotBackend, action: 'grasp' | 'release', held: HeldObject): Step {
  return backendActivityStep(
    backend,
    () => backend.startGripper(action),
    (report) => {
      const g = backend.gripperState();
      if (g.status === 'active') report(0.5);
      if (g.status === 'succeeded') return { ok: true, message: `${action} done`, result: action === 'grasp' ? held.grasped() : held.released(g.zone) };
      if (g.status === 'failed' || g.status === 'idle') return { ok: false, message: g.reason ?? `${action} did not complete`, code: action === 'grasp' ? 'grasp_missed' : 'failed' };
      return undefined;
    },
  );
}

/** Charges until the battery reaches `target` (0..1). */
export function chargeStep(backend: RobotBackend, target: number): Step {
  return {
    start() {
      const on = backend.setCharging(true);
      return on.ok ? undefined : { ok: false, message: on.reason, code: 'failed' };
    },
    watch(report) {
      const s = backend.readState();
      report(Math.min(1, s.battery / target), `battery ${Math.round(s.battery * 100)}%`);
      if (s.battery >= target) {
        backend.setCharging(false);
        return { ok: true, message: 'charged', result: { battery: round(s.battery, 3) } };
      }
      if (!s.charging) return { ok: false, message: 'charging stopped (the robot left the dock?)', code: 'failed' };
      return undefined;
    },
    halt: () => backend.setCharging(false),
  };
}

function distance(a: Vec2, b: Vec2): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
