import { performance } from 'node:perf_hooks';
import { buildSystemPrompt } from '../agent/system-prompt.js';
import { runMission, type MissionResult } from '../agent/mission-loop.js';
import type { MissionEventListener } from '../agent/mission-events.js';
import type { ModelProvider } from '../agent/model-provider.js';
import type { ConfirmationPolicy } from '../agent/tool-host.js';
import type { ServerConfig } from '../config/config-file.js';
import { McpHub, type ServerStatusChange } from '../mcp/client/hub.js';
import { embeddedOutputValidator } from '../mcp/embedded-output-validator.js';
import { createRobotMcpServer } from '../mcp/robot-server.js';
import type { RobotServerExtension } from '../mcp/server-extension.js';
import { connectInProcess, type InProcessConnection } from '../mcp/transports/in-process.js';
import { createSimulatedRobot, simulatedAssembly, type SimulatedRobot, type SimulatedRobotOptions } from './simulated-robot.js';
import type { RobotAssembly, RobotFacts, RobotSource } from './robot-assembly.js';
import { createDetector } from '../vision/detector.js';
import { round } from '../core/geometry.js';
import type { MissionRecorder } from '../replay/recorder.js';
import type { Scenario } from '../sim/scenario.js';
import type { WorldReport } from './world-report.js';

export interface RuntimeOptions extends Omit<SimulatedRobotOptions, 'scenario'> {
  scenario: Scenario;
  /** External MCP servers from the config file. */
  servers?: ServerConfig[];
  /** Wall clock for get_time (epoch ms): the one injection point for "now". */
  wallClock: () => number;
  version: string;
  /** Told every change of an external server's status (connecting, connected, failed, ...), as it happens. */
  onServerStatus?: (change: ServerStatusChange) => void;
  /** Limit for each external server's connect and initialize, ms (the hub's default otherwise). */
  mcpTimeoutMs?: number;
  /** Load the detector now, so a missing or mismatched model fails before the mission starts. */
  preloadDetector?: boolean;
  /** The robot, when not the simulator of `scenario` (a ROS robot); `scenario` then describes
   *  its map as the robot reported it. */
  robot?: RobotSource;
  /** More tools and resources on the embedded robot server (the ROS primitives). */
  extensions?: readonly RobotServerExtension[];
}

export interface MissionOptions {
  instruction: string;
  provider: ModelProvider;
  maxSteps: number;
  maxTotalTokens?: number;
  confirmation: ConfirmationPolicy;
  alsoConfirm?: readonly string[];
  signal?: AbortSignal;
  onEvent: MissionEventListener;
  /** Wall clock for durations, ms (default performance.now); wall times are informative and never replayed. */
  wallMs?: () => number;
  /** Records this mission (see openMissionRecording); closed when the mission ends. */
  recorder?: MissionRecorder;
}

/** What a recording's header says about the runtime a mission ran in. */
export interface RuntimeFacts {
  seed: number;
  version: string;
  /** The detector model file, when not the committed one. */
  detectorModelPath?: string;
  /** Names of the external MCP servers offered to the model. */
  externalServers: string[];
  /** Set when the robot is not the simulator. */
  robot?: RobotFacts;
}

export interface MissionRun extends MissionResult {
  world: WorldReport;
}

/**
 * One world with its robot, the embedded robot MCP server, the hub with any external servers —
 * everything a mission runs in. A replay opens one for a single mission; the mission session
 * (`run`'s one mission, the TUI's many) keeps one open across missions so the world persists. The
 * running mission's recorder gets its events and its get_time readings here, whoever started it.
 */
export class MissionRuntime {
  private constructor(
    readonly scenario: Scenario,
    readonly assembly: RobotAssembly,
    private readonly simulated: SimulatedRobot | undefined,
    private readonly embedded: InProcessConnection,
    readonly hub: McpHub,
    readonly facts: RuntimeFacts,
    private readonly live: { recorder?: MissionRecorder },
    /** Whether the detector is this runtime's own (not shared), to release when it closes. */
    private readonly ownsDetector: boolean,
  ) {}

  static async open(opts: RuntimeOptions): Promise<MissionRuntime> {
    // A detector loaded ahead of the missions loads in a worker thread, beside the rest of the
    // start-up (`run` starts it before its modules load: vision/worker-detector.ts); one loaded on
    // first use would only wait for it there.
    const detector = opts.preloadDetector ? { thread: 'worker' as const, ...opts.detector } : opts.detector;
    const simulated = opts.robot ? undefined : createSimulatedRobot({ ...opts, detector });
    const assembly = simulated ? simulatedAssembly(simulated) : opts.robot!.open(opts.sharedDetector ?? createDetector(detector));
    const live: { recorder?: MissionRecorder } = {};
    // get_time reads go into the running mission's recording, so its replay restores them.
    const wallClock = () => {
      const now = opts.wallClock();
      live.recorder?.recordClock(now);
      return now;
    };
    const server = createRobotMcpServer({ robot: assembly.robot, wallClock, rng: assembly.toolRng, version: opts.version, ...(opts.extensions ? { extensions: opts.extensions } : {}) });
    const embedded = await connectInProcess(server, { name: 'robot-agent', version: opts.version }, { jsonSchemaValidator: embeddedOutputValidator() });
    const hub = new McpHub({
      embedded: embedded.client,
      servers: opts.servers ?? [],
      clientInfo: { name: 'robot-agent', version: opts.version },
      ...(opts.mcpTimeoutMs === undefined ? {} : { connectTimeoutMs: opts.mcpTimeoutMs }),
    });
    if (opts.onServerStatus) hub.onStatusChange(opts.onServerStatus);
    // External servers connect in the background: the world is ready without waiting for them.
    try {
      await Promise.all([hub.start(), opts.preloadDetector ? assembly.detector.load() : undefined]);
    } catch (e) {
      await hub.close();
      await embedded.close();
      throw e;
    }
    const facts: RuntimeFacts = {
      seed: opts.seed,
      version: opts.version,
      detectorModelPath: opts.detector?.modelPath,
      externalServers: (opts.servers ?? []).map((s) => s.name),
      ...(opts.robot ? { robot: opts.robot.facts } : {}),
    };
    return new MissionRuntime(opts.scenario, assembly, simulated, embedded, hub, facts, live, !opts.sharedDetector);
  }

  /** The simulated robot (tests and the TUI's views read its world); a runtime on a ROS robot has none. */
  get simRobot(): SimulatedRobot {
    if (!this.simulated) throw new Error(`this runtime drives a ${this.assembly.backendKind} robot, not the simulator`);
    return this.simulated;
  }

  /** Runs one mission; with a recorder, every event and clock reading goes into it and it is closed at the end. */
  async runMission(opts: MissionOptions): Promise<MissionRun> {
    const { recorder } = opts;
    this.live.recorder = recorder;
    try {
      return await this.run(recorder ? { ...opts, onEvent: (e) => (recorder.onEvent(e), opts.onEvent(e)) } : opts);
    } finally {
      recorder?.close();
      this.live.recorder = undefined;
    }
  }

  private async run(opts: MissionOptions): Promise<MissionRun> {
    const { robot } = this.assembly;
    const system = await buildSystemPrompt(this.embedded.client, opts.instruction);
    const result = await runMission({
      instruction: opts.instruction,
      system,
      provider: opts.provider,
      host: this.hub,
      confirmation: opts.confirmation,
      alsoConfirm: opts.alsoConfirm,
      maxSteps: opts.maxSteps,
      maxTotalTokens: opts.maxTotalTokens,
      signal: opts.signal,
      onEvent: opts.onEvent,
      clock: { wallMs: opts.wallMs ?? (() => performance.now()), simSeconds: () => this.assembly.robotTime() },
      makeSafe: async () => {
        robot.stop('mission interrupted');
      },
      telemetry: () => {
        const s = robot.backend.readState();
        return { simTime: round(this.assembly.robotTime()), x: round(s.pose.x), y: round(s.pose.y), heading: round(s.pose.heading), battery: round(s.battery, 4), state: robot.state, holding: robot.holding };
      },
    });
    return { ...result, world: this.assembly.report() };
  }

  async close(): Promise<void> {
    this.assembly.close();
    await this.hub.close();
    await this.embedded.close();
    // Its sessions, and a worker thread's, would otherwise outlive every world a TUI resets.
    if (this.ownsDetector) await this.assembly.detector.dispose();
  }
}
