import type { Vec2 } from '../core/geometry.js';
import { normalizeAngle } from '../core/geometry.js';

/**
 * Controllers for the differential-drive base. Each physics step they read the base's pose and
 * achieved velocities and write a velocity command; the engine applies acceleration limits.
 * They are deliberately conservative about leaving the planned path, because the planner only
 * keeps a few centimetres of margin: corners that turn more than a little are taken by
 * stopping on the vertex and turning in place, so the robot never cuts toward the obstacle the
 * corner wraps around.
 */

/** Final heading accuracy, radians. */
export const HEADING_TOLERANCE = 0.02;
/** Slowest commanded speeds, so the base never stalls just short of a goal. */
const CREEP_LINEAR = 0.04;
const CREEP_ANGULAR = 0.08;
/** Share of the acceleration limit planned for braking; the rest absorbs step discreteness. */
const BRAKE_SHARE = 0.8;
/** Pure-pursuit lookahead along the current segment, metres. */
const LOOKAHEAD = 0.3;
/** Vertices turning more than this are stopped on and turned in place. */
const STOP_TURN = 0.12;
/** Speed through a vertex that is driven through. */
const PASS_SPEED = 0.4;
/** Heading error that makes the base stop and turn in place: while crawling, while driving. */
const ALIGN_SLOW = 0.1;
const ALIGN_FAST = 0.6;
/** Alignment is done when the error is below this. */
const ALIGN_DONE = 0.03;
/** A stop vertex counts as reached this far before it. */
const VERTEX_REACHED = 0.005;

export interface DriveLimits {
  maxLinear: number;
  maxAngular: number;
  linearAccel: number;
  angularAccel: number;
}

export interface DriveCommand {
  linear: number;
  angular: number;
}

/** What a controller reads of the base each step (the world's RobotBody satisfies it). */
export interface BaseState {
  x: number;
  y: number;
  heading: number;
  linear: number;
  angular: number;
}

export interface MotionController {
  /** Writes the next command into `out`; true once the goal is reached and the base is still. */
  update(base: BaseState, out: DriveCommand): boolean;
  /** Metres (paths) or radians (rotations) still to go. */
  remaining(): number;
  /** 0..1. */
  progress(): number;
}

/** Angular speed that turns through `error` radians and stops, never slower than a creep. */
function turnRate(error: number, limits: DriveLimits): number {
  const speed = Math.min(limits.maxAngular, Math.sqrt(2 * BRAKE_SHARE * limits.angularAccel * Math.abs(error)));
  return Math.sign(error) * Math.max(speed, CREEP_ANGULAR);
}

function isStill(base: BaseState): boolean {
  return base.linear === 0 && base.angular === 0;
}

type FollowMode = 'align' | 'track' | 'settle' | 'heading' | 'done';

/** Follows a polyline to its end within `tolerance`, then turns to an optional heading. */
export class PathFollower implements MotionController {
  private readonly points: Vec2[];
  private readonly length: number[] = [];
  private readonly dirX: number[] = [];
  private readonly dirY: number[] = [];
  /** Whether the vertex ending segment i must be stopped on. */
  private readonly stopAtEnd: boolean[] = [];
  /** Path length after segment i up to the next stop vertex (or the goal). */
  private readonly toStopAfter: number[] = [];
  /** Path length after segment i up to the goal. */
  private readonly toGoalAfter: number[] = [];
  private readonly total: number;
  private segment = 0;
  private along = 0;
  private mode: FollowMode = 'track';

  constructor(
    path: readonly Vec2[],
    private readonly tolerance: number,
    private readonly limits: DriveLimits,
    private readonly finalHeading?: number,
  ) {
    const points: Vec2[] = [];
    for (const p of path) {
      const q = points[points.length - 1];
      if (!q || Math.hypot(p.x - q.x, p.y - q.y) > 1e-9) points.push({ x: p.x, y: p.y });
    }
    this.points = points;
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i]!;
      const b = points[i + 1]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      this.length.push(len);
      this.dirX.push((b.x - a.x) / len);
      this.dirY.push((b.y - a.y) / len);
    }
    const n = this.length.length;
    for (let i = 0; i < n; i++) {
      const last = i === n - 1;
      const turn = last ? 0 : Math.abs(normalizeAngle(Math.atan2(this.dirY[i + 1]!, this.dirX[i + 1]!) - Math.atan2(this.dirY[i]!, this.dirX[i]!)));
      this.stopAtEnd.push(last || turn > STOP_TURN);
    }
    let toStop = 0;
    let toGoal = 0;
    for (let i = n - 1; i >= 0; i--) {
      this.toStopAfter[i] = toStop;
      this.toGoalAfter[i] = toGoal;
      toGoal += this.length[i]!;
      toStop = this.stopAtEnd[i - 1] ? 0 : toStop + this.length[i]!;
    }
    this.total = toGoal;
    if (n === 0) this.mode = 'settle';
  }

  remaining(): number {
    if (this.mode === 'settle' || this.mode === 'heading' || this.mode === 'done' || this.length.length === 0) return 0;
    return Math.max(0, this.length[this.segment]! - Math.max(0, this.along)) + this.toGoalAfter[this.segment]!;
  }

  progress(): number {
    return this.total > 0 ? Math.min(1, Math.max(0, 1 - this.remaining() / this.total)) : 1;
  }

  update(base: BaseState, out: DriveCommand): boolean {
    out.linear = 0;
    out.angular = 0;
    const goal = this.points[this.points.length - 1];
    if (this.mode === 'align' || this.mode === 'track') {
      if (goal && Math.hypot(goal.x - base.x, goal.y - base.y) <= this.tolerance) this.mode = 'settle';
      else this.drive(base, out);
    }
    if (this.mode === 'settle') {
      if (!isStill(base)) return false;
      if (goal && Math.hypot(goal.x - base.x, goal.y - base.y) > this.tolerance) {
        this.mode = 'track'; // slid out of tolerance while braking (rare): go back
        return false;
      }
      this.mode = this.finalHeading === undefined ? 'done' : 'heading';
    }
    if (this.mode === 'heading') {
      const error = normalizeAngle(this.finalHeading! - base.heading);
      if (Math.abs(error) > HEADING_TOLERANCE) out.angular = turnRate(error, this.limits);
      else if (isStill(base)) this.mode = 'done';
    }
    return this.mode === 'done';
  }

  private drive(base: BaseState, out: DriveCommand): void {
    const last = this.length.length - 1;
    // Move on to the next segment once this one's end vertex is reached (or passed).
    for (;;) {
      const a = this.points[this.segment]!;
      this.along = (base.x - a.x) * this.dirX[this.segment]! + (base.y - a.y) * this.dirY[this.segment]!;
      if (this.segment === last) break;
      const reach = this.stopAtEnd[this.segment] ? this.length[this.segment]! - VERTEX_REACHED : this.length[this.segment]!;
      if (this.along < reach) break;
      if (this.stopAtEnd[this.segment]) this.mode = 'align';
      this.segment++;
    }
    const i = this.segment;
    const a = this.points[i]!;
    const len = this.length[i]!;
    const goal = this.points[last + 1]!;
    // The carrot: a lookahead point on the line of the current segment; straight at the goal
    // once the final segment's end has been passed.
    let cx: number;
    let cy: number;
    if (i === last && this.along >= len) {
      cx = goal.x;
      cy = goal.y;
    } else {
      const s = Math.max(this.along, 0) + LOOKAHEAD;
      cx = a.x + this.dirX[i]! * s;
      cy = a.y + this.dirY[i]! * s;
    }
    const dx = cx - base.x;
    const dy = cy - base.y;
    const alpha = normalizeAngle(Math.atan2(dy, dx) - base.heading);

    if (this.mode === 'track' && Math.abs(alpha) > (Math.abs(base.linear) < 0.1 ? ALIGN_SLOW : ALIGN_FAST)) this.mode = 'align';
    if (this.mode === 'align') {
      if (Math.abs(alpha) >= ALIGN_DONE) {
        out.angular = turnRate(alpha, this.limits);
        return;
      }
      this.mode = 'track';
    }

    const brake = 2 * BRAKE_SHARE * this.limits.linearAccel;
    const toEnd = Math.max(0, len - this.along);
    const toStop = i === last ? Math.hypot(goal.x - base.x, goal.y - base.y) : toEnd + this.toStopAfter[i]!;
    let v = Math.min(this.limits.maxLinear, Math.sqrt(brake * toStop));
    if (!this.stopAtEnd[i]) v = Math.min(v, Math.sqrt(PASS_SPEED * PASS_SPEED + brake * toEnd));
    v = Math.max(v, CREEP_LINEAR);
    // Pure pursuit: the arc through the carrot; keep the arc when the turn rate saturates.
    const curvature = (2 * Math.sin(alpha)) / Math.max(Math.hypot(dx, dy), 1e-6);
    let w = v * curvature;
    if (Math.abs(w) > this.limits.maxAngular) {
      v = this.limits.maxAngular / Math.abs(curvature);
      w = Math.sign(w) * this.limits.maxAngular;
    }
    out.linear = v;
    out.angular = w;
  }
}

/** Turns in place by a relative angle (any size: a full scan turn is 2π). */
export class InPlaceRotation implements MotionController {
  private turned = 0;
  private lastHeading: number | null = null;
  private done = false;

  constructor(
    private readonly angle: number,
    private readonly limits: DriveLimits,
  ) {}

  remaining(): number {
    return this.done ? 0 : Math.abs(this.angle - this.turned);
  }

  progress(): number {
    return this.angle === 0 ? 1 : Math.min(1, Math.max(0, this.turned / this.angle));
  }

  update(base: BaseState, out: DriveCommand): boolean {
    // Heading changes by well under π per step, so the wrapped difference is the true turn.
    if (this.lastHeading !== null) this.turned += normalizeAngle(base.heading - this.lastHeading);
    this.lastHeading = base.heading;
    out.linear = 0;
    out.angular = 0;
    const error = this.angle - this.turned;
    if (Math.abs(error) > HEADING_TOLERANCE) out.angular = turnRate(error, this.limits);
    else if (isStill(base)) this.done = true;
    return this.done;
  }
}
