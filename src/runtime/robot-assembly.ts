import type { Rng } from '../core/rng.js';
import type { Robot } from '../robot/robot.js';
import type { ObjectDetector } from '../vision/detector.js';
import type { WorldReport } from './world-report.js';

/**
 * A robot ready for missions, whatever drives it: the robot core on a backend with the vision
 * pipeline, and what the runtime needs besides (the tools' dice, robot time, the end-of-mission
 * report). `simulated-robot.ts` and `ros-robot.ts` make one each.
 */
export interface RobotAssembly {
  /** The backend's kind ("simulator", "ros"): recordings name it. */
  readonly backendKind: string;
  readonly robot: Robot;
  readonly detector: ObjectDetector;
  /** Seeded randomness for tools (dice). */
  readonly toolRng: Rng;
  /** Seconds of robot time (virtual on the simulator, wall time on a real robot). */
  robotTime(): number;
  /** Where things are now: ground truth on the simulator; on a real robot only what it knows of itself. */
  report(): WorldReport;
  /** Stops the robot and whatever paces it; a connection the assembly was given stays open. */
  close(): void;
}

/** What a recording says of a robot that is not the simulator, so a replay can refuse it in words. */
export interface RobotFacts {
  backend: string;
  /** The robot profile's name, and the master it was reached on. */
  profile?: string;
  master?: string;
}

/** Opens a robot for a runtime; each world of a session opens its own (the TUI's reset). */
export interface RobotSource {
  readonly facts: RobotFacts;
  open(detector: ObjectDetector): RobotAssembly;
  /** Leaves the robot for good (a ROS robot: stops the base, leaves the graph). */
  close(): Promise<void>;
}
