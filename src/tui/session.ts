import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MissionEvent } from '../agent/mission-events.js';
import type { ModelProvider } from '../agent/model-provider.js';
import type { ServerConfig } from '../config/config-file.js';
import { recordingPath } from '../replay/file-sink.js';
import type { HeaderFacts } from '../replay/replay-header.js';
import type { MissionRuntime } from '../runtime/mission-runtime.js';
import { chooseProvider, type ProviderChoice, type ProviderRequest } from '../runtime/provider-choice.js';
import { loadScenario, type Scenario } from '../sim/scenario.js';
import type { CreateDetectorOptions, ObjectDetector } from '../vision/detector.js';
import { recordSessionMission } from './session-recording.js';
import { openRuntime, type LiveHooks } from './session-runtime.js';
import type { NoteLevel, TranscriptAction } from './transcript.js';

export interface SessionConfig {
  scenario: Scenario;
  seed: number;
  realtime?: boolean;
  detector?: CreateDetectorOptions;
  /** One loaded detector for every world of the session (tests and benches pass theirs). */
  sharedDetector?: ObjectDetector;
  servers?: ServerConfig[];
  provider: ProviderChoice;
  maxSteps: number;
  maxTokens?: number;
  /** Directory for the recordings, or null not to record. */
  recordDir: string | null;
  version: string;
  env: NodeJS.ProcessEnv;
  /** Epoch ms for get_time and recording names (default Date.now). */
  wallClock?: () => number;
}

export interface PendingConfirmation {
  name: string;
  args: Record<string, unknown>;
}

export interface SessionState {
  runtime: MissionRuntime;
  scenario: string;
  seed: number;
  realtime: boolean;
  provider: string;
  /** The model of the last mission's provider (known once one has run). */
  model: string | null;
  running: boolean;
  confirmation: PendingConfirmation | null;
  recordDir: string | null;
  recordings: string[];
}

/**
 * An interactive session: one world that persists across missions, each mission run through the
 * shared MissionRuntime and recorded to its own file. No React here — the UI subscribes to the
 * state (for flags) and to the transcript actions (the MissionEvent stream plus session notes).
 */
export class TuiSession {
  private state: SessionState;
  private readonly stateListeners = new Set<() => void>();
  private readonly actionListeners = new Set<(action: TranscriptAction) => void>();
  private abort: AbortController | null = null;
  private mission: Promise<unknown> | null = null;
  private respondTo: ((approved: boolean) => void) | null = null;
  /** Recordings made since this world was built, in order: a later mission starts where they left it. */
  private chain: string[] = [];
  /** The operator changed the world outside any recorded mission (the e-stop key). */
  private touched = false;
  private readonly sessionId: string;

  private constructor(
    private readonly config: SessionConfig,
    runtime: MissionRuntime,
    private readonly live: LiveHooks,
    private choice: ProviderChoice,
  ) {
    live.note = (level, text) => this.note(level, text);
    this.sessionId = stamp(new Date(this.now()));
    this.state = {
      runtime,
      scenario: config.scenario.name,
      seed: config.seed,
      realtime: config.realtime === true,
      provider: choice.name,
      model: null,
      running: false,
      confirmation: null,
      recordDir: config.recordDir,
      recordings: [],
    };
  }

  static async open(config: SessionConfig): Promise<TuiSession> {
    const live: LiveHooks = {};
    const runtime = await openRuntime(config, config.scenario, live);
    return new TuiSession(config, runtime, live, config.provider);
  }

  getState = (): SessionState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  onAction(listener: (action: TranscriptAction) => void): () => void {
    this.actionListeners.add(listener);
    return () => this.actionListeners.delete(listener);
  }

  note(level: NoteLevel, text: string): void {
    this.publish({ type: 'note', level, text });
  }

  /** Runs one mission in the current world; resolves when it has ended and the robot is safe. */
  async runMission(instruction: string): Promise<void> {
    const text = instruction.trim();
    if (!text) return;
    if (this.state.running) return this.note('warning', 'a mission is already running; press Esc to cancel it first');
    const abort = new AbortController();
    this.abort = abort;
    this.update({ running: true });
    let provider: ModelProvider;
    try {
      provider = await this.choice.create();
    } catch (e) {
      this.abort = null;
      this.update({ running: false });
      return this.note('error', `cannot start the ${this.choice.name} provider: ${(e as Error).message}`);
    }
    this.update({ model: provider.model });
    const recording = this.startRecording(text, provider);
    const onEvent = (e: MissionEvent) => {
      this.live.recorder?.onEvent(e);
      this.publish(e);
    };
    try {
      this.mission = this.state.runtime.runMission({
        instruction: text,
        provider,
        maxSteps: this.config.maxSteps,
        maxTotalTokens: this.config.maxTokens,
        confirmation: { mode: 'ask', ask: (call) => this.ask(call) },
        signal: abort.signal,
        onEvent,
        wallMs: () => performance.now(),
      });
      await this.mission;
    } catch (e) {
      this.publish({ type: 'interrupted', text: `the mission stopped with an internal error: ${(e as Error).message}` });
    } finally {
      this.live.recorder?.close();
      this.live.recorder = undefined;
      this.abort = null;
      this.mission = null;
      if (recording) {
        this.chain.push(basename(recording));
        this.note('info', `recorded to ${recording}`);
      }
      this.update({ running: false, confirmation: null, recordings: recording ? [...this.state.recordings, recording] : this.state.recordings });
    }
  }

  /** Cancels the running mission (the loop stops the robot); false when none runs. */
  cancel(reason = 'cancelling the mission; the robot is being stopped'): boolean {
    if (!this.abort || this.abort.signal.aborted) return false;
    this.respond(false);
    this.note('warning', reason);
    this.abort.abort();
    return true;
  }

  /** Latches the robot's emergency stop now, and cancels the running mission. */
  emergencyStop(): void {
    this.state.runtime.simRobot.robot.emergencyStop('operator pressed the e-stop key');
    if (this.abort && !this.abort.signal.aborted) {
      const notice: MissionEvent = { type: 'notice', level: 'warning', message: 'EMERGENCY STOP pressed by the operator' };
      this.live.recorder?.onEvent(notice);
      this.publish(notice);
      this.cancel('emergency stop: cancelling the mission');
    } else {
      this.touched = true;
      this.note('warning', 'EMERGENCY STOP latched. To move again, ask "reset the emergency stop" (you will be asked to approve it).');
    }
    this.emitState();
  }

  /** Answers the confirmation dialog: approve once, or deny. */
  respond(approved: boolean): void {
    this.respondTo?.(approved);
  }

  /** Builds a fresh world (the same scenario, or another one); the robot and what it saw start over. */
  async resetWorld(scenarioName?: string): Promise<void> {
    if (this.state.running) return this.note('warning', 'a mission is running; press Esc to cancel it before changing the world');
    let scenario: Scenario;
    try {
      scenario = scenarioName ? loadScenario(scenarioName) : this.state.runtime.scenario;
    } catch (e) {
      return this.note('error', (e as Error).message);
    }
    const old = this.state.runtime;
    const runtime = await openRuntime({ ...this.config, sharedDetector: old.simRobot.detector }, scenario, this.live);
    await old.close();
    this.chain = [];
    this.touched = false;
    this.update({ runtime, scenario: scenario.name });
    this.note('info', `new world: scenario ${scenario.name}, seed ${this.state.seed} — ${scenario.summary}`);
  }

  /** Switches the provider for the next missions. */
  setProvider(request: ProviderRequest): void {
    if (this.state.running) return this.note('warning', 'a mission is running; change the provider after it ends');
    try {
      this.choice = chooseProvider(this.config.env, request);
    } catch (e) {
      return this.note('error', (e as Error).message);
    }
    this.update({ provider: this.choice.name, model: null });
    this.note('info', `provider: ${this.choice.name}${request.model ? ` ${request.model}` : ''} from the next mission on`);
  }

  /** Cancels what runs, waits for the robot to be safe, closes the world. */
  async close(): Promise<void> {
    this.cancel('closing the session; the robot is being stopped');
    await this.mission?.catch(() => undefined);
    await this.state.runtime.close();
  }

  private ask(call: PendingConfirmation): Promise<boolean> {
    return new Promise((resolve) => {
      this.respondTo = (approved) => {
        this.respondTo = null;
        this.update({ confirmation: null });
        resolve(approved);
      };
      this.publish({ type: 'awaiting_approval', name: call.name });
      this.update({ confirmation: { name: call.name, args: call.args } });
    });
  }

  private startRecording(instruction: string, provider: ModelProvider): string | null {
    const dir = this.config.recordDir;
    if (!dir) return null;
    const { runtime } = this.state;
    const path = recordingPath(dir, instruction, new Date(this.now()));
    const facts: HeaderFacts = {
      programVersion: this.config.version,
      recordedAt: new Date(this.now()),
      scenario: runtime.scenario,
      seed: this.state.seed,
      provider: provider.name,
      model: provider.model,
      ...(this.choice.note ? { providerNote: this.choice.note } : {}),
      instruction,
      maxSteps: this.config.maxSteps,
      maxTotalTokens: this.config.maxTokens,
      parameters: runtime.simRobot.robot.parameters.snapshot(),
      detectorModelPath: this.config.detector?.modelPath,
      externalServers: (this.config.servers ?? []).map((s) => s.name),
    };
    const place = { id: this.sessionId, mission: this.chain.length + 1, initialWorld: this.chain.length === 0 && !this.touched, after: [...this.chain] };
    try {
      this.live.recorder = recordSessionMission(path, facts, place);
      return path;
    } catch (e) {
      this.note('warning', `cannot record to ${path} (${(e as Error).message}); the mission runs unrecorded`);
      return null;
    }
  }

  private now(): number {
    return (this.config.wallClock ?? Date.now)();
  }

  private publish(action: TranscriptAction): void {
    for (const l of this.actionListeners) l(action);
  }

  private update(change: Partial<SessionState>): void {
    this.state = { ...this.state, ...change };
    this.emitState();
  }

  private emitState(): void {
    for (const l of this.stateListeners) l();
  }
}

function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}
