import type { SessionConfig } from '../runtime/session-config.js';
import { chooseProvider } from '../runtime/provider-choice.js';
import { loadScenario } from '../sim/scenario.js';
import { EXIT_USAGE, UserError, type CliIo } from './io.js';
import { loadCliConfig, recordingsDir } from './recordings-dir.js';
import { PROGRAM_VERSION } from './version.js';

/** The mission options `run` and `tui` share. */
export interface MissionFlags {
  scenario: string;
  seed: number;
  provider?: 'planner' | 'anthropic';
  model?: string;
  maxSteps: number;
  maxTokens?: number;
  realtime?: boolean;
  config?: string;
  detectorModel?: string;
  detectorLabels?: string;
  /** `--robot ros --robot-profile FILE [--master URL]` (run and tui): a ROS robot instead of the simulator. */
  robot?: 'sim' | 'ros';
  /** ROS topics, services and actions (YAML) offered as tools next to the robot's. */
  rosConfig?: string;
  robotProfile?: string;
  master?: string;
  verbose?: boolean;
  /** `--mcp-timeout MS`: each external server's connect and initialize limit (else the config's `mcpTimeout`). */
  mcpTimeout?: number;
}

/**
 * A mission session's configuration from the command line: the scenario, the MCP servers of the
 * config file, the provider and where recordings go (`record`: false for --no-record, else the
 * --record-dir flag if given). A bad scenario, config or provider choice propagates for main
 * to word (cli/user-errors.ts).
 */
export async function sessionConfigFrom(io: CliIo, flags: MissionFlags, record: false | { dir?: string }): Promise<SessionConfig> {
  // Everything that can be wrong on the command line first: a ROS connection, once open, keeps
  // the process alive, so what is joined after it is closed again if it fails.
  const config = await loadCliConfig(io, flags.config);
  const provider = chooseProvider(io.env, flags);
  const recordDir = record === false ? null : recordingsDir(io, record.dir, config);
  const simScenario = flags.robot === 'ros' ? undefined : loadScenario(flags.scenario);
  const robot = flags.robot === 'ros' ? await joinRosRobot(io, flags) : undefined;
  const ros = flags.rosConfig === undefined ? undefined : await openRosConfig(io, flags.rosConfig, flags.verbose === true).catch(async (e: unknown) => {
    await robot?.close();
    throw e;
  });
  const mcpTimeoutMs = flags.mcpTimeout ?? config.mcpTimeoutMs;
  return {
    ...(ros ? { extensions: { list: [ros.primitives], close: ros.close } } : {}),
    scenario: robot?.scenario ?? simScenario!,
    ...(robot ? { robot: robot.source } : {}),
    seed: flags.seed,
    realtime: flags.realtime === true,
    detector: { modelPath: flags.detectorModel, labelsPath: flags.detectorLabels },
    servers: config.servers,
    ...(mcpTimeoutMs === undefined ? {} : { mcpTimeoutMs }),
    provider,
    maxSteps: flags.maxSteps,
    maxTokens: flags.maxTokens,
    recordDir,
    version: PROGRAM_VERSION,
    env: io.env,
  };
}

/** Leaves what sessionConfigFrom joined once the session is closed: the ROS robot (its base
 *  stopped) and the --ros-config primitives (their goals cancelled). */
export async function releaseSessionConfig(config: SessionConfig): Promise<void> {
  try {
    await config.robot?.close();
  } finally {
    await config.extensions?.close();
  }
}

/** `--ros-config`'s primitives, their types checked and the master joined before the session opens.
 *  rosnodejs is loaded only here. */
async function openRosConfig(io: CliIo, path: string, verbose: boolean) {
  const { openRosPrimitivesFile } = await import('../ros/primitives/open-primitives.js');
  return openRosPrimitivesFile(path, { env: io.env, ...(verbose ? { log: (line: string) => io.stderr.write(`${line}\n`) } : {}) });
}

/** The ROS robot of `--robot-profile`, joined before the session (or server) opens (an unreachable
 *  master or a silent topic is one line, exit 1). rosnodejs is loaded only here. */
export async function joinRosRobot(io: CliIo, flags: Pick<MissionFlags, 'robotProfile' | 'master' | 'seed' | 'verbose'>) {
  if (!flags.robotProfile) throw new UserError('--robot ros needs --robot-profile FILE (see examples/ros/ros-sim-robot.yaml)', EXIT_USAGE);
  const [{ loadRobotProfile }, { connectRosRobot }] = await Promise.all([import('../ros/backend/robot-profile.js'), import('../runtime/ros-robot.js')]);
  const profile = loadRobotProfile(flags.robotProfile);
  const log = (line: string) => io.stderr.write(`${line}\n`);
  return connectRosRobot({ profile, masterUri: flags.master, seed: flags.seed, env: io.env, ...(flags.verbose ? { log } : {}) });
}
