import { normalizeAngle, type Pose, type Vec2 } from '../../core/geometry.js';

/**
 * The follower's control law, free of ROS and of time: given where the base is (from odometry)
 * it says what velocity to command next. Rotate-then-drive with pure pursuit: the base turns on
 * the spot to face each segment of the planned path, drives it tracking a point ahead on the
 * segment's line (never cutting a corner: the planner keeps only a few centimetres of margin),
 * slows so that it can stop at corners and at the goal, turns to the final heading, and is done
 * once odometry shows it at rest.
 *
 * Written for a real base commanded over ROS, not the simulator's exact physics: odometry and
 * commands arrive some tens of milliseconds late, so near a target the command falls off
 * proportionally (no overshoot and hunting), and "at rest" is odometry below small thresholds.
 */

export interface TrackerLimits {
  maxLinear: number;
  maxAngular: number;
  /** Accelerations the base can brake at, m/s² and rad/s²; the tracker plans on most of them. */
  linearAccel: number;
  angularAccel: number;
  /** Arrival tolerance, metres, and final heading tolerance, radians. */
  tolerance: number;
  headingTolerance: number;
}

export interface BaseReading {
  pose: Pose;
  linear: number;
  angular: number;
}

export interface TrackerCommand {
  linear: number;
  angular: number;
  /** The goal is reached and the base is at rest (the command is then zero). */
  done: boolean;
}

/** Share of the braking capability planned for; the rest absorbs command latency. */
const BRAKE_SHARE = 0.6;
/** Near a target the command is at most this gain times the error (1/s): it settles instead of hunting. */
const LINEAR_GAIN = 1.5;
const ANGULAR_GAIN = 2.5;
/** Slowest commanded speeds, so the base never stalls just short of a target. */
const CREEP_LINEAR = 0.03;
const CREEP_ANGULAR = 0.06;
/** Pure-pursuit lookahead along the current segment, metres. */
const LOOKAHEAD = 0.35;
/** Corners turning more than this are stopped on and turned in place; gentler ones are driven through. */
const STOP_TURN = 0.15;
/** Speed through a corner that is driven through. */
const PASS_SPEED = 0.3;
/** Facing the carrot within this ends a turn on the spot; off by more than this while driving starts one. */
const ALIGNED = 0.05;
const MISALIGNED = 0.6;
/** A corner counts as reached this far before it. */
const CORNER_REACHED = 0.01;
/** How close to the goal the base aims to stop (within the tolerance, it stops there or once past the goal). */
const ARRIVAL_AIM = 0.01;
/** Odometry below these is at rest. */
const STILL_LINEAR = 0.01;
const STILL_ANGULAR = 0.02;

type Mode = 'align' | 'track' | 'heading' | 'turn' | 'settle' | 'done';

function approachSpeed(error: number, max: number, accel: number, gain: number, creep: number): number {
  const e = Math.abs(error);
  return Math.sign(error) * Math.max(creep, Math.min(max, Math.sqrt(2 * BRAKE_SHARE * accel * e), gain * e));
}

function isStill(base: BaseReading): boolean {
  return Math.abs(base.linear) < STILL_LINEAR && Math.abs(base.angular) < STILL_ANGULAR;
}

export class PathTracker {
  private readonly points: Vec2[] = [];
  private readonly stopAtEnd: boolean[] = [];
  private segment = 0;
  private mode: Mode;
  private turned = 0;
  private lastHeading: number | undefined;

  /**
   * `path` runs from where the base stands to the goal; `finalHeading` is turned to at the end;
   * `turn` instead makes the goal a relative turn on the spot (any size: 2π is a full turn).
   */
  constructor(
    path: readonly Vec2[],
    private readonly limits: TrackerLimits,
    private readonly finalHeading?: number,
    private readonly turn?: number,
  ) {
    for (const p of path) {
      const q = this.points[this.points.length - 1];
      if (!q || Math.hypot(p.x - q.x, p.y - q.y) > 1e-6) this.points.push({ x: p.x, y: p.y });
    }
    for (let i = 1; i < this.points.length - 1; i++) this.stopAtEnd.push(Math.abs(normalizeAngle(this.heading(i) - this.heading(i - 1))) > STOP_TURN);
    this.stopAtEnd.push(true);
    this.mode = turn !== undefined ? 'turn' : this.points.length > 1 ? 'align' : 'heading';
  }

  step(base: BaseReading): TrackerCommand {
    const cmd = { linear: 0, angular: 0, done: false };
    const goal = this.points[this.points.length - 1];
    if (this.turn !== undefined) {
      if (this.lastHeading !== undefined) this.turned += normalizeAngle(base.pose.heading - this.lastHeading);
      this.lastHeading = base.pose.heading;
    }
    if (this.mode === 'turn') {
      const error = this.turn! - this.turned;
      if (Math.abs(error) > this.limits.headingTolerance) cmd.angular = this.turnRate(error);
      else this.mode = 'settle';
    }
    if ((this.mode === 'align' || this.mode === 'track') && goal && this.arrived(base.pose, goal)) this.mode = 'heading';
    if (this.mode === 'align' || this.mode === 'track') this.drive(base, cmd);
    if (this.mode === 'heading') {
      const error = this.finalHeading === undefined ? 0 : normalizeAngle(this.finalHeading - base.pose.heading);
      if (Math.abs(error) > this.limits.headingTolerance) cmd.angular = this.turnRate(error);
      else this.mode = 'settle';
    }
    // At rest, check again: a late command (odometry and commands lag) may have carried the base
    // past the tolerance; then it goes back, slowly, instead of reporting an arrival it missed.
    if (this.mode === 'settle' && isStill(base)) this.mode = this.recheck(base.pose, goal);
    cmd.done = this.mode === 'done';
    return cmd;
  }

  private drive(base: BaseReading, cmd: TrackerCommand): void {
    const last = this.points.length - 2;
    const { pose } = base;
    let along: number;
    // Move on past a corner once it is reached (or passed); a corner to stop on means a turn first.
    for (;;) {
      along = this.along(this.segment, pose);
      const len = this.length(this.segment);
      if (this.segment === last || along < len - (this.stopAtEnd[this.segment] ? CORNER_REACHED : 0)) break;
      if (this.stopAtEnd[this.segment]) this.mode = 'align';
      this.segment++;
    }
    const i = this.segment;
    const a = this.points[i]!;
    const len = this.length(i);
    const dir = this.heading(i);
    // The carrot: ahead on the current segment's line; the goal itself once the last segment is passed.
    const s = Math.max(along, 0) + LOOKAHEAD;
    const carrot = i === last && along >= len ? this.points[last + 1]! : { x: a.x + s * Math.cos(dir), y: a.y + s * Math.sin(dir) };
    const dx = carrot.x - pose.x;
    const dy = carrot.y - pose.y;
    const alpha = normalizeAngle(Math.atan2(dy, dx) - pose.heading);
    if (this.mode === 'track' && Math.abs(alpha) > MISALIGNED) this.mode = 'align';
    if (this.mode === 'align') {
      if (Math.abs(alpha) > ALIGNED) {
        cmd.angular = this.turnRate(alpha);
        return;
      }
      this.mode = 'track';
    }
    // Distance to the next stop (a corner to turn on, or the goal), and to a corner driven through.
    let toStop = Math.max(0, len - along);
    for (let j = i; !this.stopAtEnd[j]; j++) toStop += this.length(j + 1);
    if (i === last) toStop = Math.hypot(this.points[last + 1]!.x - pose.x, this.points[last + 1]!.y - pose.y);
    const { maxLinear, maxAngular, linearAccel } = this.limits;
    let v = approachSpeed(toStop, maxLinear, linearAccel, LINEAR_GAIN, CREEP_LINEAR);
    if (!this.stopAtEnd[i]) v = Math.min(v, Math.sqrt(PASS_SPEED * PASS_SPEED + 2 * BRAKE_SHARE * linearAccel * Math.max(0, len - along)));
    // Pure pursuit: the arc through the carrot; keep the arc when the turn rate saturates.
    const curvature = (2 * Math.sin(alpha)) / Math.max(Math.hypot(dx, dy), 1e-6);
    let w = v * curvature;
    if (Math.abs(w) > maxAngular) {
      v = maxAngular / Math.abs(curvature);
      w = Math.sign(w) * maxAngular;
    }
    cmd.linear = v;
    cmd.angular = w;
  }

  private recheck(pose: Pose, goal: Vec2 | undefined): Mode {
    const { tolerance, headingTolerance } = this.limits;
    if (this.turn !== undefined) return Math.abs(this.turn - this.turned) > headingTolerance ? 'turn' : 'done';
    if (goal && this.points.length > 1 && Math.hypot(goal.x - pose.x, goal.y - pose.y) > tolerance) return 'align';
    if (this.finalHeading !== undefined && Math.abs(normalizeAngle(this.finalHeading - pose.heading)) > headingTolerance) return 'heading';
    return 'done';
  }

  /** Within the tolerance, and either on the goal or past it: the tolerance is a bound, not the aim. */
  private arrived(pose: Pose, goal: Vec2): boolean {
    const off = Math.hypot(goal.x - pose.x, goal.y - pose.y);
    if (off > this.limits.tolerance) return false;
    const last = this.points.length - 2;
    return off <= ARRIVAL_AIM || (this.segment === last && this.along(last, pose) >= this.length(last));
  }

  private turnRate(error: number): number {
    return approachSpeed(error, this.limits.maxAngular, this.limits.angularAccel, ANGULAR_GAIN, CREEP_ANGULAR);
  }

  private length(i: number): number {
    const a = this.points[i]!;
    const b = this.points[i + 1]!;
    return Math.hypot(b.x - a.x, b.y - a.y);
  }

  private heading(i: number): number {
    const a = this.points[i]!;
    const b = this.points[i + 1]!;
    return Math.atan2(b.y - a.y, b.x - a.x);
  }

  private along(i: number, p: Vec2): number {
    const a = this.points[i]!;
    const dir = this.heading(i);
    return (p.x - a.x) * Math.cos(dir) + (p.y - a.y) * Math.sin(dir);
  }
}
