import type { MissionEvent } from '../agent/mission-events.js';
import type { WhichOneQuestion } from '../agent/outcome-tool.js';
import type { ModelProvider } from '../agent/model-provider.js';
import type { ServerStatus } from '../mcp/client/hub.js';
import type { MissionRecorder } from '../replay/recorder.js';
import { loadScenario, type Scenario } from '../sim/scenario.js';
import type { MissionOptions, MissionRun, MissionRuntime } from './mission-runtime.js';
import { chooseProvider, type ProviderChoice, type ProviderRequest } from './provider-choice.js';
import { openSessionWorld, type SessionConfig } from './session-config.js';
import { RecordingError, SessionRecordings, type StartedRecording } from './session-recordings.js';
import { mcpNote, type NoteLevel, type PendingConfirmation, type SessionAction } from './session-actions.js';

/** What one mission takes beyond its instruction. */
export interface MissionRequest {
  /** Record to this file rather than to a new one in the session's directory. */
  recordTo?: string;
  /** Cancels the mission, also when aborted before it starts; without a note (the caller says so itself). */
  signal?: AbortSignal;
}

/** How a mission ended, and where it was recorded. */
export interface MissionEnd extends MissionRun {
  recordedTo: string | null;
}

export type { NoteLevel, PendingConfirmation, SessionAction } from './session-actions.js';

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
  /** The MCP servers of the current world, as `runtime.hub.status()` read at their last change (a new snapshot each change). */
  mcpServers: readonly ServerStatus[];
  /** The last mission stopped to ask which of several objects was meant: its instruction and the question. */
  question: { instruction: string; question: WhichOneQuestion } | null;
}

type ActionListener = (action: SessionAction) => void;

/**
 * A mission session without a UI: one world that persists across missions, each run through the
 * MissionRuntime and recorded to its own file; cancel, e-stop, a fresh world, another provider.
 * A UI subscribes to the state (for flags) and to the actions (the MissionEvent stream plus notes).
 * `robot-agent run` is a one-shot session: one mission, its failures thrown rather than noted.
 */
export class MissionSession {
  private state: SessionState;
  private readonly stateListeners = new Set<() => void>();
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
    private readonly actionListeners: Set<ActionListener>,
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
      mcpServers: runtime.hub.status(),
      question: null,
    };
  }

  /** Opens the session's first world; `listener` hears the actions from the start, notes while the world opens included. */
  static async open(config: SessionConfig, listener?: ActionListener): Promise<MissionSession> {
    const listeners = new Set<ActionListener>(listener ? [listener] : []);
    const opened: { session?: MissionSession } = {};
    // The servers start connecting while the world opens; the session's snapshot follows from then on.
    const runtime = await openSessionWorld(config, config.scenario, (change) => {
      publishTo(listeners, mcpNote(change));
      opened.session?.serversChanged();
    });
    const recordings = new SessionRecordings(config.recordDir, config.wallClock ?? Date.now, config.oneShot === true);
    opened.session = new MissionSession(config, runtime, config.provider, recordings, listeners);
    return opened.session;
  }

  getState = (): SessionState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  onAction(listener: ActionListener): () => void {
    this.actionListeners.add(listener);
    return () => this.actionListeners.delete(listener);
  }

  note(level: NoteLevel, text: string): void {
    this.publish({ type: 'note', level, text });
  }

  /**
   * Runs one mission in the current world; resolves when it has ended and the robot is safe,
   * with how it ended, or undefined when it did not run or ended without an outcome (a note says why).
   */
  async runMission(instruction: string, request: MissionRequest = {}): Promise<MissionEnd | undefined> {
    if (!instruction.trim()) return undefined;
    if (this.state.running) return void this.note('warning', 'a mission is already running; press Esc to cancel it first');
    const abort = new AbortController();
    this.abort = abort;
    // The caller's own cancel (Ctrl-C in `run`) is announced by the caller, so it stops without a note.
    const stopSilently = () => void this.stop(null);
    request.signal?.addEventListener('abort', stopSilently, { once: true });
    if (request.signal?.aborted) stopSilently();
    this.update({ running: true, question: null });
    let recording: StartedRecording | null = null;
    try {
      const provider = await this.createProvider();
      if (!provider) return undefined;
      this.update({ model: provider.model });
      const mission = this.missionOptions(instruction, provider, abort.signal);
      recording = this.startRecording(mission, request.recordTo);
      this.recorder = recording?.recorder;
      const running = this.state.runtime.runMission({ ...mission, recorder: this.recorder });
      this.mission = running;
      const run = await running;
      if (run.question) this.update({ question: { instruction, question: run.question } });
      this.recorded(recording);
      return { ...run, recordedTo: recording?.path ?? null };
    } catch (e) {
      if (this.config.oneShot) throw e;
      this.publish({ type: 'interrupted', text: `the mission stopped with an internal error: ${(e as Error).message}` });
      this.recorded(recording);
      return undefined;
    } finally {
      request.signal?.removeEventListener('abort', stopSilently);
      this.recorder = undefined;
      this.abort = null;
      this.mission = null;
      this.update({ running: false, confirmation: null, recordings: recording ? [...this.state.recordings, recording.path] : this.state.recordings });
    }
  }

  /** Cancels the running mission (the loop stops the robot); false when none runs. */
  cancel(reason = 'cancelling the mission; the robot is being stopped'): boolean {
    return this.stop(reason);
  }

  /** Latches the robot's emergency stop now, and cancels the running mission. */
  emergencyStop(): void {
    this.state.runtime.assembly.robot.emergencyStop('operator pressed the e-stop key');
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
    const runtime = await openSessionWorld({ ...this.config, sharedDetector: old.assembly.detector }, scenario, (change) => {
      this.publish(mcpNote(change));
      this.serversChanged();
    });
    await old.close();
    this.recordings.newWorld();
    this.update({ runtime, scenario: scenario.name, mcpServers: runtime.hub.status() });
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

  /** A server changed: the state's snapshot is the current world's (a world still opening is read once it is current). */
  private serversChanged(): void {
    this.update({ mcpServers: this.state.runtime.hub.status() });
  }

  /** Stops the running mission, saying why unless `reason` is null; false when none runs. */
  private stop(reason: string | null): boolean {
    if (!this.abort || this.abort.signal.aborted) return false;
    this.respond(false);
    if (reason !== null) this.note('warning', reason);
    this.abort.abort();
    return true;
  }

  /** A fresh provider for the mission; null (with a note) when it cannot start. */
  private async createProvider(): Promise<ModelProvider | null> {
    try {
      return await this.choice.create();
    } catch (e) {
      if (this.config.oneShot) throw e;
      this.note('error', `cannot start the ${this.choice.name} provider: ${(e as Error).message}`);
      return null;
    }
  }

  private missionOptions(instruction: string, provider: ModelProvider, signal: AbortSignal): MissionOptions {
    return {
      instruction,
      provider,
      maxSteps: this.config.maxSteps,
      maxTotalTokens: this.config.maxTokens,
      confirmation: this.config.confirmation ?? { mode: 'ask', ask: (call) => this.ask(call) },
      signal,
      onEvent: (e) => this.publish(e),
    };
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

  /** The mission's recording, or null when not recording (or, unless one-shot, when the file cannot be created: the mission runs anyway). */
  private startRecording(mission: MissionOptions, file: string | undefined): StartedRecording | null {
    try {
      return this.recordings.start(this.state.runtime, mission, this.choice.note, file);
    } catch (e) {
      if (this.config.oneShot || !(e instanceof RecordingError)) throw e;
      this.note('warning', `cannot record to ${e.path} (${e.message}); the mission runs unrecorded`);
      return null;
    }
  }

  private recorded(recording: StartedRecording | null): void {
    if (!recording) return;
    this.recordings.recorded(recording.path);
    this.note('info', `recorded to ${recording.path}`);
  }

  private publish(action: SessionAction): void {
    publishTo(this.actionListeners, action);
  }

  private update(change: Partial<SessionState>): void {
    this.state = { ...this.state, ...change };
    this.emitState();
  }

  private emitState(): void {
    for (const l of this.stateListeners) l();
  }
}

function publishTo(listeners: ReadonlySet<ActionListener>, action: SessionAction): void {
  for (const l of listeners) l(action);
}
