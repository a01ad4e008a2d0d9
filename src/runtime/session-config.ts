import type { ConfirmationPolicy } from '../agent/tool-host.js';
import type { ServerConfig } from '../config/config-file.js';
import type { ServerStatusChange } from '../mcp/client/hub.js';
import type { Scenario } from '../sim/scenario.js';
import type { CreateDetectorOptions, ObjectDetector } from '../vision/detector.js';
import { MissionRuntime } from './mission-runtime.js';
import type { RobotSource } from './robot-assembly.js';
import type { RobotServerExtension } from '../mcp/server-extension.js';
import type { ProviderChoice } from './provider-choice.js';

/** What a mission session is opened with: its first world, its missions' provider and limits, where they are recorded. */
export interface SessionConfig {
  scenario: Scenario;
  seed: number;
  realtime?: boolean;
  detector?: CreateDetectorOptions;
  /** One loaded detector for every world of the session (tests and benches pass theirs). */
  sharedDetector?: ObjectDetector;
  servers?: ServerConfig[];
  /** Limit for each external server's connect and initialize, ms (`--mcp-timeout`, the config's `mcpTimeout`). */
  mcpTimeoutMs?: number;
  provider: ProviderChoice;
  maxSteps: number;
  maxTokens?: number;
  /** Directory for the recordings, or null not to record. */
  recordDir: string | null;
  version: string;
  env: NodeJS.ProcessEnv;
  /** Epoch ms for get_time and recording names (default Date.now). */
  wallClock?: () => number;
  /** How tools that need approval are approved; by default the operator answers through `respond`. */
  confirmation?: ConfirmationPolicy;
  /**
   * One mission and done, as `robot-agent run`: its recording says nothing of a session (it is a
   * standalone mission from the scenario's initial world), and what keeps the mission from
   * ending — a provider that cannot start, a recording that cannot be created (RecordingError),
   * an internal error — is thrown to the caller instead of becoming a note.
   */
  oneShot?: boolean;
  /** The robot, when not the simulator of `scenario` (`run --robot ros`); `scenario` is then its map. */
  robot?: RobotSource;
  /** More tools and resources on the robot server (`--ros-config`'s primitives), and how to let
   *  them go when the session ends (the caller does). */
  extensions?: { list: readonly RobotServerExtension[]; close(): Promise<void> };
}

/** One world of the session, its detector loaded, its external servers connecting in the background: each change of their status is told to `onServerStatus`. */
export function openSessionWorld(config: SessionConfig, scenario: Scenario, onServerStatus: (change: ServerStatusChange) => void): Promise<MissionRuntime> {
  return MissionRuntime.open({
    scenario,
    seed: config.seed,
    realtime: config.realtime,
    detector: config.detector,
    sharedDetector: config.sharedDetector,
    servers: config.servers,
    preloadDetector: true,
    wallClock: config.wallClock ?? Date.now,
    version: config.version,
    onServerStatus,
    ...(config.mcpTimeoutMs === undefined ? {} : { mcpTimeoutMs: config.mcpTimeoutMs }),
    ...(config.robot ? { robot: config.robot } : {}),
    ...(config.extensions ? { extensions: config.extensions.list } : {}),
  });
}
