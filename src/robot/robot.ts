import type { RobotBackend, MotionGoal } from './backend.js';
import type { CameraFrame } from '../core/camera-frame.js';
import { normalizeAngle, rectContains, round, type Vec2 } from '../core/geometry.js';
import { EventLog, type RobotEventKind } from './event-log.js';
import { OperationTracker, isFinished, type Operation, type OperationKind } from './operations.js';
import { ParameterStore, type ConflictPolicy, type ParameterValue } from './parameters.js';
import { StateMachine, type RobotState } from './robot-state.js';
import { RobotCommandError } from './robot-errors.js';
import type { Detection, Perception, SeenObject } from './perception.js';

/** Topics a watcher (MCP resource subscriptions, the TUI) can be told have changed. */
export type RobotTopic = 'state' | 'pose' | 'safety' | 'operations' | 'detections' | 'parameters' | 'events';

export interface WaitOptions {
  /** Robot-time seconds after which the operation is cancelled and the robot stopped. */
  timeoutS?: number;
  /** Aborting cancels the operation and stops the robot. */
  signal?: AbortSignal;
  onProgress?: (op: Operation) => void | Promise<void>;
  /** How often progress is reported, robot seconds. */
  pollS?: number;
}

const STATE_OF_KIND: Record<OperationKind, RobotState> = {
  navigate: 'NAVIGATING',
  rotate: 'NAVIGATING',
  grasp: 'MANIPULATING',
  release: 'MANIPULATING',
  charge: 'CHARGING',
};

/**
 * The robot core: a state machine over a backend. Goals are set here — never on the backend
 * directly — and run as operations; safety (arming, latched e-stop, battery reserve) is
 * enforced here for every caller alike.
 */
export class Robot {
  readonly events = new EventLog();
  readonly operations = new OperationTracker();
  readonly parameters: ParameterStore;
  private readonly machine: StateMachine;
  private armedFlag = false;
  private estopped = false;
  private heldObject: string | null = null;
  private lastDetectionList: Detection[] = [];
  private lastFrame: CameraFrame | null = null;
  private readonly watchers = new Set<(topic: RobotTopic) => void>();
  private warnedLowBattery = false;

  constructor(
    readonly backend: RobotBackend,
    private readonly perception?: Perception,
    parameters?: ParameterStore,
  ) {
    this.parameters = parameters ?? new ParameterStore();
    this.machine = new StateMachine((from, to, reason) => {
      this.log('state', `${from} -> ${to}: ${reason}`, { from, to });
      this.notify('state');
    });
    this.events.subscribe(() => this.notify('events'));
    backend.onUpdate(() => this.onBackendUpdate());
  }

  // ── reading ────────────────────────────────────────────────────────────────

  get state(): RobotState {
    return this.machine.state;
  }
  get armed(): boolean {
    return this.armedFlag;
  }
  get emergencyStopped(): boolean {
    return this.estopped;
  }
  /** Tracker id of the held object ("red_cube#1"), "unidentified object", or null. */
  get holding(): string | null {
    return this.heldObject;
  }
  get lastDetections(): readonly Detection[] {
    return this.lastDetectionList;
  }
  get latestFrame(): CameraFrame | null {
    return this.lastFrame;
  }
  now(): number {
    return this.backend.clock.now();
  }
  /** Objects the robot has seen, from the perception memory (never ground truth). */
  seenObjects(): SeenObject[] {
    return this.perception?.objects() ?? [];
  }
  /** The id a seen object goes by now, when further sightings changed its label and so its id. */
  renamedObject(id: string): string | undefined {
    return this.perception?.renamedTo(id);
  }
  currentOperation(): Operation | undefined {
    return this.operations.running();
  }
  /** Name of the zone the robot stands in, from the static map. */
  currentZone(): string | null {
    const { pose } = this.backend.readState();
    return this.backend.staticMap().zones.find((z) => rectContains(z, pose))?.name ?? null;
  }

  watch(listener: (topic: RobotTopic) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  // ── safety ─────────────────────────────────────────────────────────────────

  arm(): void {
    if (this.estopped) throw new RobotCommandError('the emergency stop is latched; call reset_emergency_stop first, then arm', 'estopped');
    if (this.state === 'ERROR') {
      if (this.backend.readState().battery <= 0) throw new RobotCommandError('the battery is empty; the robot cannot be armed until it is charged', 'battery_empty');
      this.machine.transition('IDLE', 'fault cleared on arm');
    }
    if (this.armedFlag) return;
    this.armedFlag = true;
    this.log('safety', 'armed');
    this.notify('safety');
  }

  disarm(): void {
    this.stopEverything('disarmed');
    if (!this.armedFlag) return;
    this.armedFlag = false;
    this.log('safety', 'disarmed');
    this.notify('safety');
  }

  emergencyStop(reason = 'emergency stop requested'): void {
    this.stopEverything(`emergency stop: ${reason}`);
    this.armedFlag = false;
    if (!this.estopped) {
      this.estopped = true;
      this.machine.transition('ESTOPPED', reason);
      this.log('safety', `EMERGENCY STOP: ${reason}`);
    }
    this.notify('safety');
  }

  resetEmergencyStop(): void {
    if (!this.estopped) throw new RobotCommandError('the emergency stop is not engaged; nothing to reset', 'not_estopped');
    this.estopped = false;
    this.machine.transition('IDLE', 'emergency stop reset');
    this.log('safety', 'emergency stop reset; the robot stays disarmed until armed again');
    this.notify('safety');
  }

  /** Stops motion and cancels the running and queued operations: the safe state. */
  stop(reason = 'stop requested'): number {
    return this.stopEverything(reason);
  }

  // ── goals ──────────────────────────────────────────────────────────────────

  navigateTo(target: Vec2 & { heading?: number }): Operation {
    this.requireMotionAllowed('navigate');
    const map = this.backend.staticMap();
    if (!(target.x > 0 && target.x < map.width && target.y > 0 && target.y < map.depth)) {
      throw new RobotCommandError(`(${target.x}, ${target.y}) is outside the room; x must be in 0..${map.width} and y in 0..${map.depth} metres`, 'out_of_workspace');
    }
    const plan = this.backend.planPath(target);
    if (!plan.ok) throw new RobotCommandError(`cannot reach (${target.x}, ${target.y}): ${plan.reason}`, 'unreachable');
    this.checkBatteryReserve(target, plan.lengthM);
    return this.request('navigate', { x: target.x, y: target.y, ...(target.heading !== undefined ? { heading: target.heading } : {}), pathLengthM: round(plan.lengthM) });
  }

  rotate(angleRad: number): Operation {
    this.requireMotionAllowed('rotate');
    return this.request('rotate', { angleRad });
  }

  grasp(): Operation {
    this.requireMotionAllowed('grasp');
    if (this.backend.readState().holding) throw new RobotCommandError(`the gripper already holds ${this.heldObject ?? 'an object'}; release it first`, 'holding');
    return this.request('grasp', {});
  }

  release(): Operation {
    this.requireMotionAllowed('release');
    if (!this.backend.readState().holding) throw new RobotCommandError('the gripper is empty; there is nothing to release', 'not_holding');
    return this.request('release', {});
  }

  charge(): Operation {
    if (this.estopped) throw new RobotCommandError('the emergency stop is latched; reset it first', 'estopped');
    if (!this.backend.readState().onDock) {
      throw new RobotCommandError('the robot is not on the charging dock; navigate to the charging_dock zone first', 'not_on_dock');
    }
    return this.request('charge', { target: this.parameters.number('charge_target') });
  }

  cancelOperation(id: string): Operation {
    const op = this.operations.get(id);
    if (!op) throw new RobotCommandError(`no operation "${id}"; list_operations shows the known ids`, 'unknown_operation');
    if (isFinished(op)) return op;
    if (op.status === 'running') this.endRunning('cancelled', 'cancelled on request');
    else this.finish(op, 'cancelled', 'cancelled before it started');
    return op;
  }

  /** Waits in robot time until the operation ends, is cancelled through `signal`, or times out. */
  async waitFor(op: Operation, opts: WaitOptions = {}): Promise<Operation> {
    const start = this.now();
    const poll = opts.pollS ?? 0.25;
    while (!isFinished(op)) {
      if (opts.signal?.aborted) {
        this.cancelAndStop(op, 'cancelled by the client');
        break;
      }
      if (opts.timeoutS !== undefined && this.now() - start >= opts.timeoutS) {
        this.cancelAndStop(op, `timed out after ${opts.timeoutS} s`);
        break;
      }
      await this.backend.sleep(poll);
      if (!isFinished(op)) await opts.onProgress?.(op);
    }
    return op;
  }

  // ── perception ─────────────────────────────────────────────────────────────

  /** Captures a frame and runs the vision pipeline on it. */
  async detect(labels?: string[]): Promise<Detection[]> {
    if (this.estopped) throw new RobotCommandError('the emergency stop is latched; reset it first', 'estopped');
    if (!this.perception) throw new RobotCommandError('no object detector is configured for this robot', 'no_detector');
    const wasIdle = this.state === 'IDLE';
    if (wasIdle) this.machine.transition('SENSING', 'detecting objects');
    try {
      const frame = this.captureFrame();
      const found = await this.perception.process(frame, { confidence: this.parameters.number('detection_confidence') });
      const wanted = labels?.length ? found.filter((d) => labels.some((l) => matchesLabel(d, l))) : found;
      this.lastDetectionList = found;
      this.log('perception', `detected ${found.length} object(s)${found.length ? `: ${found.map((d) => d.id).join(', ')}` : ''}`, { count: found.length });
      this.notify('detections');
      return wanted;
    } finally {
      if (wasIdle && (this.state as RobotState) === 'SENSING') this.machine.transition('IDLE', 'detection done');
    }
  }

  captureFrame(): CameraFrame {
    const frame = this.backend.captureFrame();
    this.lastFrame = frame;
    return frame;
  }

  // ── parameters ─────────────────────────────────────────────────────────────

  setParameter(name: string, value: unknown): { previous: ParameterValue; value: ParameterValue } {
    try {
      const change = this.parameters.set(name, value);
      this.log('parameter', `${name}: ${String(change.previous)} -> ${String(change.value)}`, { name, ...change });
      this.notify('parameters');
      return change;
    } catch (e) {
      throw new RobotCommandError((e as Error).message, 'invalid_parameter');
    }
  }

  // ── internals ──────────────────────────────────────────────────────────────

  private requireMotionAllowed(what: string): void {
    if (this.estopped) throw new RobotCommandError(`cannot ${what}: the emergency stop is latched; call reset_emergency_stop, then arm`, 'estopped');
    if (this.state === 'ERROR') throw new RobotCommandError(`cannot ${what}: the robot is in ERROR (${this.lastErrorMessage()}); fix the cause and arm again`, 'error_state');
    if (!this.armedFlag) throw new RobotCommandError(`cannot ${what}: the robot is disarmed; call arm first`, 'disarmed');
  }

  private lastErrorMessage(): string {
    return this.events.query(this.now(), undefined, ['state']).at(-1)?.message ?? 'fault';
  }

  private checkBatteryReserve(target: Vec2, lengthM: number): void {
    const dock = this.backend.staticMap().zones.find((z) => z.name === 'charging_dock');
    if (dock && rectContains(dock, target)) return; // going to charge is always allowed
    const battery = this.backend.readState().battery;
    const reserve = this.parameters.number('battery_reserve');
    const after = battery - this.backend.estimateDrain(lengthM);
    if (after < reserve) {
      throw new RobotCommandError(
        `refused: the ${round(lengthM, 1)} m trip would leave the battery at ${Math.round(Math.max(after, 0) * 100)}%, below the ${Math.round(reserve * 100)}% reserve (now ${Math.round(battery * 100)}%); navigate to the charging_dock zone and charge first`,
        'battery_reserve',
      );
    }
  }

  /** Applies the conflict policy, then starts the operation or queues it. */
  private request(kind: OperationKind, goal: Record<string, unknown>): Operation {
    const running = this.operations.running();
    const policy = this.parameters.get('conflict_policy') as ConflictPolicy;
    if (running) {
      if (policy === 'error') {
        throw new RobotCommandError(
          `operation ${running.id} (${running.kind}) is still running; wait for it, cancel it with cancel_operation, or set conflict_policy to cancel or queue`,
          'busy',
        );
      }
      if (policy === 'cancel') this.endRunning('cancelled', `preempted by a new ${kind} request`);
    }
    const op = this.operations.create(kind, goal, this.now());
    this.log('operation', `${op.id} ${kind} requested`, { id: op.id, kind, goal });
    if (!this.operations.running()) this.start(op);
    this.notify('operations');
    return op;
  }

  private start(op: Operation): void {
    op.status = 'running';
    op.startedAt = this.now();
    op.message = 'started';
    this.machine.transition(STATE_OF_KIND[op.kind], `${op.id} ${op.kind}`);
    const limits = {
      maxLinear: this.parameters.number('max_linear_speed'),
      maxAngular: this.parameters.number('max_angular_speed'),
      tolerance: this.parameters.number('arrival_tolerance'),
    };
    const g = op.goal;
    if (op.kind === 'navigate') {
      const goal: MotionGoal = { kind: 'goto', target: { x: g.x as number, y: g.y as number }, limits, ...(g.heading !== undefined ? { heading: g.heading as number } : {}) };
      this.backend.startMotion(goal);
    } else if (op.kind === 'rotate') {
      this.backend.startMotion({ kind: 'rotate', angle: g.angleRad as number, limits });
    } else if (op.kind === 'grasp' || op.kind === 'release') {
      this.backend.startGripper(op.kind);
    } else {
      const on = this.backend.setCharging(true);
      if (!on.ok) return this.endRunning('failed', on.reason);
    }
    this.log('operation', `${op.id} ${op.kind} started`, { id: op.id });
  }

  private onBackendUpdate(): void {
    this.notify('pose');
    this.watchBattery();
    const op = this.operations.running();
    if (!op) return;
    if (op.kind === 'navigate' || op.kind === 'rotate') {
      const m = this.backend.motionState();
      op.progress = round(m.progress, 3);
      op.message = m.status === 'active' ? `${round(m.remaining ?? 0, 2)} ${op.kind === 'navigate' ? 'm' : 'rad'} to go` : op.message;
      if (m.status === 'succeeded') {
        const { pose } = this.backend.readState();
        const errorM = op.kind === 'navigate' ? Math.hypot(pose.x - (op.goal.x as number), pose.y - (op.goal.y as number)) : 0;
        this.endRunning('succeeded', 'arrived', { x: round(pose.x), y: round(pose.y), heading: round(normalizeAngle(pose.heading)), ...(op.kind === 'navigate' ? { errorM: round(errorM, 4) } : {}) });
      } else if (m.status === 'failed' || m.status === 'idle') {
        this.endRunning('failed', m.reason ?? 'motion stopped');
      }
    } else if (op.kind === 'grasp' || op.kind === 'release') {
      const g = this.backend.gripperState();
      op.progress = g.status === 'active' ? 0.5 : op.progress;
      if (g.status === 'succeeded') this.endRunning('succeeded', `${op.kind} done`, this.gripperResult(op.kind, g.zone));
      else if (g.status === 'failed' || g.status === 'idle') this.endRunning('failed', g.reason ?? `${op.kind} did not complete`);
    } else {
      const s = this.backend.readState();
      const target = op.goal.target as number;
      op.progress = round(Math.min(1, s.battery / target), 3);
      op.message = `battery ${Math.round(s.battery * 100)}%`;
      if (s.battery >= target) {
        this.backend.setCharging(false);
        this.endRunning('succeeded', 'charged', { battery: round(s.battery, 3) });
      } else if (!s.charging) this.endRunning('failed', 'charging stopped (the robot left the dock?)');
    }
  }

  /** Which remembered object is now in the gripper: the seen object nearest the jaws. */
  private gripperResult(kind: 'grasp' | 'release', zone: string | null | undefined): Record<string, unknown> {
    if (kind === 'release') {
      const released = this.heldObject;
      this.heldObject = null;
      return { released, zone: zone ?? null };
    }
    const { pose } = this.backend.readState();
    const reach = this.parameters.number('approach_standoff');
    const jaws = { x: pose.x + reach * Math.cos(pose.heading), y: pose.y + reach * Math.sin(pose.heading) };
    const candidates = this.seenObjects()
      .map((o) => ({ o, d: Math.hypot(o.x - jaws.x, o.y - jaws.y) }))
      .filter((c) => c.d < 0.35)
      .sort((a, b) => a.d - b.d);
    const seen = candidates[0]?.o;
    if (seen) this.perception?.forget(seen.id); // it rides in the gripper now, not on the floor
    this.heldObject = seen?.id ?? 'unidentified object';
    return { holding: this.heldObject, ...(seen ? { label: seen.label } : {}) };
  }

  private endRunning(status: 'succeeded' | 'failed' | 'cancelled', message: string, result?: Record<string, unknown>): void {
    const op = this.operations.running();
    if (!op) return;
    if (status !== 'succeeded') {
      if (op.kind === 'charge') this.backend.setCharging(false);
      else this.backend.stopMotion(message);
    }
    this.finish(op, status, message, result);
    if (this.state !== 'ESTOPPED' && this.state !== 'ERROR') this.machine.transition('IDLE', `${op.id} ${status}`);
    const next = this.operations.pending()[0];
    if (next && this.state === 'IDLE') {
      if (this.armedFlag || next.kind === 'charge') this.start(next);
      else this.finish(next, 'cancelled', 'the robot was disarmed before it started');
    }
    this.notify('operations');
  }

  private finish(op: Operation, status: 'succeeded' | 'failed' | 'cancelled', message: string, result?: Record<string, unknown>): void {
    op.status = status;
    op.message = message;
    op.endedAt = this.now();
    if (status === 'succeeded') op.progress = 1;
    if (result) op.result = result;
    if (status !== 'succeeded') op.error = message;
    this.log('operation', `${op.id} ${op.kind} ${status}: ${message}`, { id: op.id, status });
  }

  private cancelAndStop(op: Operation, reason: string): void {
    if (op.status === 'running') this.endRunning('cancelled', reason);
    else if (!isFinished(op)) this.finish(op, 'cancelled', reason);
  }

  private stopEverything(reason: string): number {
    let cancelled = 0;
    for (const op of this.operations.pending()) {
      this.finish(op, 'cancelled', reason);
      cancelled++;
    }
    if (this.operations.running()) {
      this.endRunning('cancelled', reason);
      cancelled++;
    }
    this.backend.stopMotion(reason);
    if (this.backend.readState().charging) this.backend.setCharging(false);
    if (this.state === 'CHARGING' || this.state === 'NAVIGATING' || this.state === 'MANIPULATING') this.machine.transition('IDLE', reason);
    this.log('motion', `stopped: ${reason}`, { cancelled });
    this.notify('operations');
    return cancelled;
  }

  private watchBattery(): void {
    const battery = this.backend.readState().battery;
    const reserve = this.parameters.number('battery_reserve');
    if (battery < reserve && !this.warnedLowBattery) {
      this.warnedLowBattery = true;
      this.log('battery', `battery low: ${Math.round(battery * 100)}% is below the ${Math.round(reserve * 100)}% reserve`, { battery: round(battery, 3) });
    } else if (battery >= reserve + 0.02) this.warnedLowBattery = false;
    if (battery <= 0 && this.state !== 'ERROR' && this.state !== 'ESTOPPED' && this.state !== 'CHARGING') {
      this.stopEverything('battery empty');
      this.machine.transition('ERROR', 'battery empty');
    }
  }

  private log(kind: RobotEventKind, message: string, data?: Record<string, unknown>): void {
    this.events.append(this.now(), kind, message, data);
  }

  private notify(topic: RobotTopic): void {
    for (const w of this.watchers) w(topic);
  }
}

/** "red cube", "red_cube", "cube", "red" and a tracker id all select a detection. */
export function matchesLabel(d: { id: string; label: string; color: string; shape: string }, wanted: string): boolean {
  const w = wanted.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return w === d.id || w === d.label || w === d.color || w === d.shape || w === `${d.shape}s`;
}
