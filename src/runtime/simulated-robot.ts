import { prepareFrame, renderFrame } from '../sim/camera/render.js';
import { NoiseStream } from '../sim/camera/noise-stream.js';
import { obstaclesBlock } from '../core/planning/collision.js';
import type { Scenario } from '../sim/scenario.js';
import type { Rng } from '../core/rng.js';
import { createDetector, type CreateDetectorOptions, type ObjectDetector } from '../vision/detector.js';
import { VisionPipeline, asPerception } from '../vision/pipeline.js';
import { Robot } from '../robot/robot.js';
import { createSimulation, type Simulation } from '../sim/sim-backend.js';
import { RealtimeRunner } from '../sim/runner.js';
import type { RobotAssembly } from './robot-assembly.js';
import { reportWorld } from './world-report.js';

export interface SimulatedRobotOptions {
  scenario: Scenario | string;
  seed: number;
  realtime?: boolean;
  /** Model, labels and threads of the object detector (default: the committed model). */
  detector?: CreateDetectorOptions;
  /** Share one loaded detector across robots (tests, benches, the TUI's world resets). */
  sharedDetector?: ObjectDetector;
}

export interface SimulatedRobot {
  sim: Simulation;
  robot: Robot;
  vision: VisionPipeline;
  detector: ObjectDetector;
  /** Seeded randomness for tools (dice), separate from the simulator's own streams. */
  toolRng: Rng;
}

/**
 * A robot on the simulator with the full vision pipeline: camera renderer → ONNX detector →
 * localization → tracker. The composition root for `run`, `serve`, the TUI and tests. The ONNX
 * session itself is created on the first detection, so building a robot is cheap.
 */
export function createSimulatedRobot(opts: SimulatedRobotOptions): SimulatedRobot {
  // The camera's noise stream forks from the simulation's rng, which exists only once the
  // simulation is built: the renderer asks for it on the first frame.
  let noise: NoiseStream | undefined;
  const cameraNoise = () => (noise ??= new NoiseStream(sim.rng.fork('camera')));
  const sim: Simulation = createSimulation({
    scenario: opts.scenario,
    seed: opts.seed,
    realtime: opts.realtime,
    renderFrame: (world, pose, time) => renderFrame(world, pose, { rng: cameraNoise(), time }),
    prepareFrame: (world, pose) => prepareFrame(world, pose, cameraNoise()),
  });
  const detector = opts.sharedDetector ?? createDetector(opts.detector);
  const map = sim.backend.staticMap();
  const vision = new VisionPipeline(detector, {
    // Obstacles hide objects: an object behind a box is not forgotten for being unseen.
    occluded: (from, to) => obstaclesBlock(map, from, to),
  });
  const robot = new Robot(sim.backend, asPerception(vision));
  return { sim, robot, vision, detector, toolRng: sim.rng.fork('tools') };
}

/** The simulated robot as a runtime's robot: robot time is the simulator's clock, the report its ground truth. */
export function simulatedAssembly(sr: SimulatedRobot): RobotAssembly {
  return {
    backendKind: sr.sim.backend.kind,
    robot: sr.robot,
    detector: sr.detector,
    toolRng: sr.toolRng,
    robotTime: () => sr.sim.clock.now(),
    report: () => reportWorld(sr.sim.world, sr.robot),
    close: () => {
      sr.robot.stop('session closed');
      if (sr.sim.runner instanceof RealtimeRunner) sr.sim.runner.stop();
    },
  };
}
