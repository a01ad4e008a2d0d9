import { RealtimeRunner } from '../../sim/runner.js';
import type { Scenario } from '../../sim/scenario.js';
import type { RobotAssembly } from '../../runtime/robot-assembly.js';
import { createSimulatedRobot, simulatedAssembly } from '../../runtime/simulated-robot.js';
import { createDetector, type CreateDetectorOptions } from '../../vision/detector.js';
import type { CliIo } from '../io.js';
import { joinRosRobot } from '../session-options.js';

/** The one robot `serve` drives, for every session: the simulator, or a ROS robot (--robot ros). */
export interface ServedRobot {
  readonly assembly: RobotAssembly;
  /** For the start-up line: "scenario warehouse, seed 1" or "ROS robot ros-sim on http://…". */
  readonly description: string;
  /** Sets the simulator's clock going with the wall's (a ROS robot moves on its own). */
  start(): void;
  /** Once the robot is stopped: the simulator's pacing ends, or the base stops and the ROS graph
   *  is left; then the ONNX session goes, so nothing keeps the process alive. */
  close(): Promise<void>;
}

export interface ServedRobotOptions {
  robot?: 'sim' | 'ros';
  robotProfile?: string;
  master?: string;
  scenario: Scenario;
  seed: number;
  realtime: boolean;
  detector: CreateDetectorOptions;
  verbose?: boolean;
}

export async function openServedRobot(io: CliIo, opts: ServedRobotOptions): Promise<ServedRobot> {
  if (opts.robot === 'ros') {
    const connection = await joinRosRobot(io, opts);
    let assembly;
    try {
      assembly = connection.source.open(createDetector(opts.detector));
    } catch (e) {
      await connection.close(); // joined, it would keep the process alive
      throw e;
    }
    const { profile, master } = connection.source.facts;
    return {
      assembly,
      description: `ROS robot ${profile} on ${master}`,
      start: () => undefined,
      close: async () => {
        await connection.close();
        await assembly.detector.dispose().catch(() => undefined);
      },
    };
  }
  const sr = createSimulatedRobot({ scenario: opts.scenario, seed: opts.seed, realtime: opts.realtime, detector: opts.detector });
  const runner = sr.sim.runner instanceof RealtimeRunner ? sr.sim.runner : undefined;
  return {
    assembly: simulatedAssembly(sr),
    description: `scenario ${opts.scenario.name}, seed ${opts.seed}${opts.realtime ? '' : ', virtual time'}`,
    // A live server's world moves with the wall clock even when no tool is waiting (operations
    // started with wait: false, charging, battery drain).
    start: () => runner?.start(),
    close: async () => {
      runner?.stop();
      await sr.detector.dispose().catch(() => undefined);
    },
  };
}
