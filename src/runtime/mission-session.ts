import { performance } from 'node:perf_hooks';
import type { MissionEvent } from '../agent/mission-events.js';
import type { ModelProvider } from '../agent/model-provider.js';
import type { ServerConfig } from '../config/config-file.js';
import type { MissionRecorder } from '../replay/recorder.js';
import { loadScenario, type Scenario } from '../sim/scenario.js';
import type { CreateDetectorOptions, ObjectDetector } from '../vision/detector.js';
import { openMissionRecording } from './mission-recording.js';
import { MissionRuntime, type MissionOptions } from './mission-runtime.js';
import { chooseProvider, type ProviderChoice, type ProviderRequest } from './provider-choice.js';
import { SessionRecordings } from './session-recordings.js';

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

export type NoteLevel = 'info' | 'warning' | 'error';

/** What the session tells whoever shows it: the running mission's events and its own notes. */
export type SessionAction =
  | MissionEvent
  | { type: 'note'; level: NoteLevel; text: string }
  /** The mission ended without its own mission_finished (it threw). */
  | { type: 'interrupted'; text: string }
  /** A tool waits for the operator's approval. */
  | { type: 'awaiting_approval'; name: string };

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
 * A mission session without a UI: one world that persists across missions, each run through the
 * MissionRuntime and recorded to its own file; cancel, e-stop, a fresh world, another provider.
 * A UI subscribes to the state (for flags) and to the actions (the MissionEvent stream plus notes).
 */
export class MissionSession {
  private state: SessionState;
  private readonly stateListeners = new Set<() => void>();
  private readonly actionListeners = new Set<(action: SessionAction) => void>();
  private abort: AbortController | null = null;
  private mission: Promise<unknown> | null = null;
  private respondTo: ((approved: boolean) => void) | null = null;
  /** The running mission's recorder: an operator e-stop is noted in it. */
  private recorder: MissionRecorder | undefined;

  private constructor(
    private readonly config: SessionConfig,
    runtime: MissionRuntime,
    private choice: ProviderChoice,
    private readonly recordings: SessionRecordings,
  ) {
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

  static async open(config: SessionConfig): Promise<MissionSession> {
    // Notes from the world reach the session once it exists (a server lost while starting is an error anyway).
    const notes: { to?: MissionSession } = {};
    const runtime = await openWorld(config, config.scenario, (level, text) => notes.to?.note(level, text));
    const recordings = new SessionRecordings(config.recordDir, config.wallClock ?? Date.now);
    return (notes.to = new MissionSession(config, runtime, config.provider, recordings));
  }

  getState = (): SessionState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  onAction(listener: (action: SessionAction) => void): () => void {
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
    const mission: MissionOptions = {
      instruction: text,
      provider,
      maxSteps: this.config.maxSteps,
      maxTotalTokens: this.config.maxTokens,
      confirmation: { mode: 'ask', ask: (call) => this.ask(call) },
      signal: abort.signal,
      onEvent: (e) => this.publish(e),
      wallMs: () => performance.now(),
    };
    const recording = this.startRecording(mission);
    this.recorder = recording?.recorder;
    try {
      this.mission = this.state.runtime.runMission({ ...mission, recorder: this.recorder });
      await this.mission;
    } catch (e) {
      this.publish({ type: 'interrupted', text: `the mission stopped with an internal error: ${(e as Error).message}` });
    } finally {
      this.recorder = undefined;
      this.abort = null;
      this.mission = null;
      if (recording) {
        this.recordings.recorded(recording.path);
        this.note('info', `recorded to ${recording.path}`);
      }
      this.update({ running: false, confirmation: null, recordings: recording ? [...this.state.recordings, recording.path] : this.state.recordings });
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
      this.recorder?.onEvent(notice);
      this.publish(notice);
      this.cancel('emergency stop: cancelling the mission');
    } else {
      this.recordings.touchedByOperator();
      this.note('warning', 'EMERGENCY STOP latched. To move again, ask "reset the emergency stop" (you will be asked to approve it).');
    }
    this.emitState();
  }

  /** Answers the pending confirmation: approve once, or deny. */
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
    const runtime = await openWorld({ ...this.config, sharedDetector: old.simRobot.detector }, scenario, (level, text) => this.note(level, text));
    await old.close();
    this.recordings.newWorld();
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

  /** The mission's recorder and file, or null when not recording (or the file cannot be written: the mission runs anyway). */
  private startRecording(mission: MissionOptions): { path: string; recorder: MissionRecorder } | null {
    const plan = this.recordings.next(mission.instruction, this.choice.note);
    if (!plan) return null;
    try {
      return { path: plan.path, recorder: openMissionRecording(this.state.runtime, mission, plan) };
    } catch (e) {
      this.note('warning', `cannot record to ${plan.path} (${(e as Error).message}); the mission runs unrecorded`);
      return null;
    }
  }

  private publish(action: SessionAction): void {
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

/** One world of the session; a server that goes away is a note, and its tools are withdrawn. */
function openWorld(config: SessionConfig, scenario: Scenario, note: (level: NoteLevel, text: string) => void): Promise<MissionRuntime> {
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
    onServerLost: (message) => note('warning', message),
  });
}
