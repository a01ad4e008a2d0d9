import type { BackendState, GripperGeometry, GripperState, MotionGoal, MotionState, PathPlan, RobotBackend } from '../robot/backend.js';
import type { Pose, Vec2 } from '../core/geometry.js';
import type { StaticMap, Zone } from '../core/map.js';
import { World } from './world.js';
import type { CameraFrame } from '../core/camera-frame.js';
import type { VirtualClock } from '../core/clock.js';
import { SeededRng, type Rng } from '../core/rng.js';
import { loadScenario, type Scenario } from './scenario.js';
import { DEFAULT_ROBOT_CONFIG, type RobotConfig } from './robot-config.js';
import { SimEngine } from './engine.js';
import { RealtimeRunner, VirtualRunner, type RealtimeRunnerOptions, type SimRunner } from './runner.js';
import { estimateTripDrain } from './battery.js';
import { MotionPreview } from './motion-preview.js';

/** Draws what the robot's camera sees; supplied by the camera renderer (src/sim/camera). */
export type FrameRenderer = (world: World, pose: Pose, time: number) => CameraFrame;
/** Does ahead of time what a FrameRenderer can, for a frame from `pose` (no noise drawn). */
export type FramePreparer = (world: World, pose: Pose) => void;

export interface SimulatorBackendOptions {
  world: World;
  engine: SimEngine;
  runner: SimRunner;
  renderFrame?: FrameRenderer;
  prepareFrame?: FramePreparer;
}

/** The simulator behind the robot's backend interface. */
export class SimulatorBackend implements RobotBackend {
  readonly kind = 'simulator';
  /** The engine drives the planner's path. */
  readonly followsPlannedPaths = true;
  readonly world: World;
  readonly engine: SimEngine;
  readonly runner: SimRunner;
  private readonly renderFrame: FrameRenderer | undefined;
  private readonly prepareFrame: FramePreparer | undefined;
  private preview: MotionPreview | undefined;

  constructor(options: SimulatorBackendOptions) {
    this.world = options.world;
    this.engine = options.engine;
    this.runner = options.runner;
    this.renderFrame = options.renderFrame;
    this.prepareFrame = options.prepareFrame;
  }

  get clock(): VirtualClock {
    return this.runner.clock;
  }

  get gripper(): GripperGeometry {
    return { reach: this.world.config.gripper.dropDistance };
  }

  sleep(seconds: number): Promise<void> {
    return this.runner.sleep(seconds);
  }

  onUpdate(listener: () => void): () => void {
    return this.engine.onStep(listener);
  }

  staticMap(): StaticMap {
    return this.world.map;
  }

  readState(): BackendState {
    const r = this.world.robot;
    return {
      pose: { x: r.x, y: r.y, heading: r.heading },
      linear: r.linear,
      angular: r.angular,
      battery: r.battery,
      charging: r.charging,
      onDock: this.engine.onDock(),
      holding: r.holding,
    };
  }

  planPath(target: Vec2, avoid?: readonly Zone[], from?: Vec2): PathPlan {
    return this.engine.planPath(target, avoid, from);
  }

  estimateDrain(pathLengthM: number): number {
    return estimateTripDrain(this.world.config, pathLengthM);
  }

  startMotion(goal: MotionGoal): void {
    this.engine.startMotion(goal);
  }

  motionState(): MotionState {
    return this.engine.motionState();
  }

  stopMotion(reason?: string): void {
    this.engine.stopMotion(reason);
  }

  startGripper(action: 'grasp' | 'release'): void {
    this.engine.startGripper(action);
  }

  gripperState(): GripperState {
    return this.engine.gripperState();
  }

  setCharging(on: boolean): { ok: true } | { ok: false; reason: string } {
    return this.engine.setCharging(on);
  }

  captureFrame(): CameraFrame {
    if (!this.renderFrame) throw new Error('the simulator backend has no camera renderer: pass renderFrame in its options (createSimulation({ renderFrame }))');
    const r = this.world.robot;
    return this.renderFrame(this.world, { x: r.x, y: r.y, heading: r.heading }, this.clock.now());
  }

  /** Renders the frame the goal would end looking at (see RobotBackend.prepareFrameAfter): the
   *  engine is deterministic, so a preview of the goal tells the pose exactly. */
  prepareFrameAfter(goal: MotionGoal): void {
    if (!this.prepareFrame) return;
    const pose = (this.preview ??= new MotionPreview(this.engine)).poseAfter(goal);
    if (pose) this.prepareFrame(this.world, pose);
  }
}

export interface SimulationOptions {
  /** A loaded scenario, or a built-in name / path to a scenario file. */
  scenario: Scenario | string;
  seed: number;
  /** Pace to the wall clock instead of running as fast as possible. */
  realtime?: boolean | RealtimeRunnerOptions;
  config?: RobotConfig;
  /** Camera renderer (the composition root passes the simulated camera of src/sim/camera);
   *  without one, captureFrame() throws. */
  renderFrame?: FrameRenderer;
  /** Its ahead-of-time half (src/sim/camera's prepareFrame), used for a scan's next view. */
  prepareFrame?: FramePreparer;
}

export interface Simulation {
  world: World;
  engine: SimEngine;
  runner: SimRunner;
  backend: SimulatorBackend;
  clock: VirtualClock;
  rng: Rng;
}

/** Builds a ready simulated robot: world, engine, runner and backend on one virtual clock. */
export function createSimulation(options: SimulationOptions): Simulation {
  const scenario = typeof options.scenario === 'string' ? loadScenario(options.scenario) : options.scenario;
  const world = new World(scenario, options.config ?? DEFAULT_ROBOT_CONFIG);
  const engine = new SimEngine(world);
  const runner = options.realtime
    ? new RealtimeRunner(engine, typeof options.realtime === 'object' ? options.realtime : {})
    : new VirtualRunner(engine);
  const backend = new SimulatorBackend({ world, engine, runner, renderFrame: options.renderFrame, prepareFrame: options.prepareFrame });
  return { world, engine, runner, backend, clock: engine.clock, rng: new SeededRng(options.seed) };
}
