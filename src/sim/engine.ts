import type { Vec2 } from '../core/geometry.js';
import { normalizeAngle, round } from '../core/geometry.js';
import { VirtualClock } from '../core/clock.js';
import { isDockZone, type Zone } from '../core/map.js';
import type { World } from './world.js';
import { PHYSICS_DT } from './robot-config.js';
import type { GripperState, MotionGoal, MotionState, PathPlan } from '../core/motion-types.js';
import { PathPlanner } from '../core/planning/path-planner.js';
import { InPlaceRotation, PathFollower, type DriveCommand, type DriveLimits, type MotionController } from './drive-controller.js';
import { clearanceAt, describeSurface, nearestSurface } from '../core/planning/collision.js';
import { Gripper } from './gripper.js';
import { batteryAfterStep } from './battery.js';

export interface EngineOptions {
  /** The clock the engine advances; a fresh one at 0 by default. */
  clock?: VirtualClock;
  /** Fixed step, seconds. */
  dt?: number;
  /** A planner of this world's map to share (another engine's), instead of building one. */
  planner?: PathPlanner;
}

/** Smallest arrival tolerance honoured, metres. */
const MIN_TOLERANCE = 0.005;

function approach(current: number, target: number, maxDelta: number): number {
  const delta = target - current;
  return delta > maxDelta ? current + maxDelta : delta < -maxDelta ? current - maxDelta : target;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * The physics engine, in the manner of matter-js's `Engine.update`: a pure fixed-step update of
 * the world, knowing nothing of real time (runners decide how fast steps happen). It holds the
 * current motion goal and gripper action; each `step()` runs the controller, applies speed and
 * acceleration limits, integrates the unicycle model, refuses steps that would collide, carries
 * the held object, drains or charges the battery and advances the clock.
 */
export class SimEngine {
  readonly clock: VirtualClock;
  readonly dt: number;
  readonly planner: PathPlanner;
  private readonly gripper: Gripper;
  private controller: MotionController | null = null;
  private limits: DriveLimits;
  private motion: MotionState = { status: 'idle', progress: 0 };
  private path: Vec2[] | undefined;
  private readonly command: DriveCommand = { linear: 0, angular: 0 };
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly world: World,
    options: EngineOptions = {},
  ) {
    this.clock = options.clock ?? new VirtualClock();
    this.dt = options.dt ?? PHYSICS_DT;
    this.planner = options.planner ?? new PathPlanner(world.map, { robotRadius: world.config.radius });
    this.gripper = new Gripper(world);
    this.limits = this.driveLimits(world.config.maxLinearSpeed, world.config.maxAngularSpeed);
  }

  /** Calls `listener` after every step; returns the unsubscribe function. */
  onStep(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Whether the base centre is inside a charging dock zone. */
  onDock(): boolean {
    const { x, y } = this.world.robot;
    return this.world.map.zones.some((z) => isDockZone(z.name) && z.minX <= x && x <= z.maxX && z.minY <= y && y <= z.maxY);
  }

  planPath(target: Vec2, avoid?: readonly Zone[], from: Vec2 = this.world.robot): PathPlan {
    return this.planner.plan(from, target, this.world.objects, avoid);
  }

  /** Starts a goal, replacing any in progress. A goal that cannot start fails at once. */
  startMotion(goal: MotionGoal): void {
    const { world } = this;
    const robot = world.robot;
    this.controller = null;
    this.path = undefined;
    robot.charging = false; // driving off unplugs
    const l = goal.limits;
    if (![l.maxLinear, l.maxAngular, l.tolerance].every((v) => Number.isFinite(v) && v > 0)) {
      return this.fail('motion limits must be positive numbers');
    }
    if (robot.battery <= 0) return this.fail('battery empty');
    this.limits = this.driveLimits(l.maxLinear, l.maxAngular);
    if (goal.kind === 'rotate') {
      if (!Number.isFinite(goal.angle)) return this.fail('the rotation angle is not a finite number');
      this.controller = new InPlaceRotation(goal.angle, this.limits);
    } else {
      if (goal.heading !== undefined && !Number.isFinite(goal.heading)) return this.fail('the final heading is not a finite number');
      const plan = this.planPath(goal.target, goal.avoid);
      if (!plan.ok) return this.fail(plan.reason);
      this.path = plan.path;
      this.controller = new PathFollower(plan.path, Math.max(l.tolerance, MIN_TOLERANCE), this.limits, goal.heading);
    }
    this.motion = { status: 'active', progress: 0 };
  }

  /**
   * Drives under an outside controller (ros-sim's /cmd_vel) at the base's own limits, replacing
   * any goal, with the same acceleration limits and collision checks as a goal.
   */
  startControlled(controller: MotionController): void {
    this.controller = null;
    this.path = undefined;
    this.world.robot.charging = false;
    if (this.world.robot.battery <= 0) return this.fail('battery empty');
    this.limits = this.driveLimits(Infinity, Infinity);
    this.controller = controller;
    this.motion = { status: 'active', progress: 0 };
  }

  /** Ends the current goal; the base then brakes at its acceleration limit. */
  stopMotion(reason = 'stopped'): void {
    if (this.motion.status === 'active') this.fail(reason);
    this.controller = null;
  }

  motionState(): MotionState {
    const m = this.motion;
    const state: MotionState = { status: m.status, progress: m.progress };
    if (m.reason !== undefined) state.reason = m.reason;
    if (this.controller) {
      state.progress = this.controller.progress();
      state.remaining = this.controller.remaining();
    } else if (m.remaining !== undefined) state.remaining = m.remaining;
    if (this.path) state.path = this.path;
    return state;
  }

  startGripper(action: 'grasp' | 'release'): void {
    this.gripper.start(action);
  }

  gripperState(): GripperState {
    return this.gripper.state();
  }

  setCharging(on: boolean): { ok: true } | { ok: false; reason: string } {
    const robot = this.world.robot;
    if (!on) {
      robot.charging = false;
      return { ok: true };
    }
    if (!this.onDock()) {
      const dock = this.world.map.zones.find((z) => isDockZone(z.name));
      const where = dock ? `: drive into the ${dock.name} zone (x ${round(dock.minX, 2)}..${round(dock.maxX, 2)}, y ${round(dock.minY, 2)}..${round(dock.maxY, 2)}) first` : ' (this map has no charging_dock zone)';
      return { ok: false, reason: `not on a charging dock${where}` };
    }
    if (this.motion.status === 'active') return { ok: false, reason: 'the base is moving: stop it before charging' };
    robot.charging = true;
    return { ok: true };
  }

  /** One fixed physics step. */
  step(): void {
    const { world, dt } = this;
    const robot = world.robot;
    const config = world.config;
    const cmd = this.command;
    cmd.linear = 0;
    cmd.angular = 0;
    if (this.controller) {
      if (robot.battery <= 0) this.fail('battery empty');
      else if (this.controller.update(robot, cmd)) this.succeed();
    }
    let v = 0;
    let w = 0;
    if (robot.battery > 0) {
      const maxV = this.controller ? this.limits.maxLinear : config.maxLinearSpeed;
      const maxW = this.controller ? this.limits.maxAngular : config.maxAngularSpeed;
      v = approach(robot.linear, clamp(cmd.linear, -maxV, maxV), config.maxLinearAccel * dt);
      w = approach(robot.angular, clamp(cmd.angular, -maxW, maxW), config.maxAngularAccel * dt);
    }
    if (v !== 0 || w !== 0) {
      const mid = robot.heading + w * dt * 0.5;
      const nx = robot.x + v * dt * Math.cos(mid);
      const ny = robot.y + v * dt * Math.sin(mid);
      // A disc turning in place cannot hit anything; a move may not end overlapping something
      // unless it gets the robot out of an overlap it was already in.
      const c = v === 0 ? Infinity : clearanceAt(world.map, world.objects, nx, ny);
      if (c < config.radius && c < clearanceAt(world.map, world.objects, robot.x, robot.y)) {
        const hit = nearestSurface(world.map, world.objects, { x: nx, y: ny });
        this.fail(`blocked by ${describeSurface(hit)}`);
        v = 0;
        w = 0;
      } else {
        robot.x = nx;
        robot.y = ny;
        robot.heading = normalizeAngle(robot.heading + w * dt);
      }
    }
    robot.linear = v;
    robot.angular = w;
    robot.odometer += Math.abs(v) * dt;
    if (robot.charging && !this.onDock()) robot.charging = false;
    robot.battery = batteryAfterStep(robot.battery, config, dt, Math.abs(v) * dt, Math.abs(w) * dt, robot.charging);
    this.gripper.step(dt);
    this.clock.advance(dt);
    for (const listener of this.listeners) listener();
  }

  private driveLimits(maxLinear: number, maxAngular: number): DriveLimits {
    const c = this.world.config;
    return {
      maxLinear: Math.min(maxLinear, c.maxLinearSpeed),
      maxAngular: Math.min(maxAngular, c.maxAngularSpeed),
      linearAccel: c.maxLinearAccel,
      angularAccel: c.maxAngularAccel,
    };
  }

  private succeed(): void {
    this.controller = null;
    this.motion = { status: 'succeeded', progress: 1, remaining: 0 };
  }

  private fail(reason: string): void {
    const progress = this.controller?.progress() ?? 0;
    const remaining = this.controller?.remaining();
    this.controller = null;
    this.motion = { status: 'failed', progress, reason, ...(remaining !== undefined ? { remaining } : {}) };
  }
}
