import { performance } from 'node:perf_hooks';
import { round } from '../core/geometry.js';
import { obstaclesBlock } from '../core/planning/collision.js';
import { SeededRng, type Rng } from '../core/rng.js';
import { Robot } from '../robot/robot.js';
import { connectRosBackend } from '../ros/backend/connect.js';
import type { RobotProfile } from '../ros/backend/robot-profile.js';
import type { RosRobotBackend } from '../ros/backend/ros-backend.js';
import { connectRos } from '../ros/transport/rosnodejs-transport.js';
import type { Scenario } from '../sim/scenario.js';
import type { ObjectDetector } from '../vision/detector.js';
import { asPerception, VisionPipeline } from '../vision/pipeline.js';
import type { RobotAssembly, RobotSource } from './robot-assembly.js';

export interface RosRobotOptions {
  profile: RobotProfile;
  /** --master; else the profile's, then ROS_MASTER_URI. */
  masterUri?: string;
  /** Seeds the tools' dice, as on the simulator. */
  seed: number;
  env: NodeJS.ProcessEnv;
  /** Where the ROS library's warnings go (--verbose). */
  log?: (line: string) => void;
}

/** A ROS robot joined for a session: the source its worlds are opened from, and how to leave. */
export interface RosRobotConnection {
  readonly backend: RosRobotBackend;
  /** The robot's map as it reported it, in the shape recordings and views know (no objects: a
   *  real robot knows none until it looks). */
  readonly scenario: Scenario;
  readonly source: RobotSource;
  /** Stops the base and leaves the ROS graph. */
  close(): Promise<void>;
}

/**
 * Joins a ROS robot through its profile: the transport, the backend (which waits for the map,
 * move_base and the first messages), and a source whose worlds put the same ONNX vision
 * pipeline and robot core on it as `simulated-robot.ts` puts on the simulator.
 */
export async function connectRosRobot(opts: RosRobotOptions): Promise<RosRobotConnection> {
  const { profile } = opts;
  const transport = await connectRos({ masterUri: opts.masterUri ?? profile.master, env: opts.env, ...(opts.log ? { log: opts.log } : {}) });
  let connected;
  try {
    connected = await connectRosBackend(transport, profile, () => performance.now());
  } catch (e) {
    await transport.shutdown();
    throw e;
  }
  const { backend } = connected;
  const toolRng = new SeededRng(opts.seed).fork('tools');
  const close = async () => {
    await connected.close();
    await transport.shutdown();
  };
  return {
    backend,
    scenario: scenarioOfRobot(profile, backend),
    source: {
      facts: { backend: backend.kind, profile: profile.name, master: transport.masterUri },
      open: (detector) => rosAssembly(backend, detector, toolRng),
      close,
    },
    close,
  };
}

function rosAssembly(backend: RosRobotBackend, detector: ObjectDetector, toolRng: Rng): RobotAssembly {
  const map = backend.staticMap();
  const vision = new VisionPipeline(detector, { occluded: (from, to) => obstaclesBlock(map, from, to) });
  const robot = new Robot(backend, asPerception(vision));
  return {
    backendKind: backend.kind,
    robot,
    detector,
    toolRng,
    robotTime: () => backend.clock.now(),
    report: () => {
      const s = backend.readState();
      return {
        robot: { x: round(s.pose.x), y: round(s.pose.y), heading: round(s.pose.heading), battery: round(s.battery, 4), holding: robot.holding, armed: robot.armed, state: robot.state, zone: robot.currentZone() },
        objects: [],
        parameters: robot.parameters.snapshot(),
      };
    },
    close: () => void robot.stop('session closed'),
  };
}

/** The robot's map and start as a scenario: what its recordings carry in place of a simulated world. */
function scenarioOfRobot(profile: RobotProfile, backend: RosRobotBackend): Scenario {
  const map = backend.staticMap();
  const s = backend.readState();
  const centred = (r: { minX: number; maxX: number; minY: number; maxY: number }) => ({ x: (r.minX + r.maxX) / 2, y: (r.minY + r.maxY) / 2, width: r.maxX - r.minX, depth: r.maxY - r.minY });
  return {
    name: `ros-${profile.name}`,
    summary: `the ROS robot of profile ${profile.name}: its map, zones and starting pose as it reported them`,
    room: { width: map.width, depth: map.depth },
    lighting: { brightness: 1, ambient: 0.45, wallColor: '#c9c4b8', floorColor: '#9c9a94' },
    obstacles: map.obstacles.map((o) => ({ id: o.id, ...centred(o), height: o.height, color: o.color })),
    zones: map.zones.map((z) => ({ name: z.name, ...centred(z), color: z.color })),
    objects: [],
    robot: { x: s.pose.x, y: s.pose.y, heading: s.pose.heading, battery: s.battery },
  };
}
