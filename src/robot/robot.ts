import type { RobotBackend } from './backend.js';
import type { CameraFrame } from '../core/camera-frame.js';
import type { Zone } from '../core/map.js';
import { round, type Vec2 } from '../core/geometry.js';
import { innermostZone } from '../core/zone-membership.js';
import { EventLog, type RobotEventKind } from './event-log.js';
import type { Operation } from './operations.js';
import { ParameterError, ParameterStore, type ParameterDefinition, type ParameterValue } from './parameters.js';
import { StateMachine, type RobotState } from './robot-state.js';
import { RobotCommandError } from './robot-errors.js';
import type { Detection, Perception, SeenObject } from './perception.js';
import type { RobotContext, RobotTopic } from './robot-context.js';
import { Safety } from './safety.js';
import { HeldObject } from './held-object.js';
import { OperationRunner, type WaitOptions } from './operation-runner.js';
import type { KindDeps } from './procedure.js';
import { approachTarget, firstApproachStand, type ApproachGoal } from './approach.js';
import { deliveryStand } from './delivery.js';
import { Looking } from './looking.js';
import { avoidedZones, avoidGoal, findZone } from './keep-out.js';
import { kindDeps } from './kind-deps.js';

export type { RobotTopic } from './robot-context.js';
export type { WaitOptions } from './operation-runner.js';

/**
 * The robot core: a state machine over a backend. Goals are set here — never on the backend
 * directly — and run as operations; safety (arming, latched e-stop, battery reserve) is
 * enforced here for every caller alike. A facade over its parts: Safety, OperationRunner (with
 * the table of operation kinds), HeldObject and Looking.
 */
export class Robot {
  readonly events = new EventLog();
  private readonly stopListeners = new Set<(reason: string) => void>();
  readonly parameters: ParameterStore;
  private readonly machine: StateMachine;
  private readonly safety: Safety;
  private readonly held: HeldObject;
  private readonly runner: OperationRunner;
  private readonly deps: KindDeps;
  private readonly looking: Looking;
  private readonly watchers = new Set<(topic: RobotTopic) => void>();

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
    const ctx: RobotContext = {
      backend,
      parameters: this.parameters,
      machine: this.machine,
      events: this.events,
      now: () => this.now(),
      log: (kind, message, data) => this.log(kind, message, data),
      notify: (topic) => this.notify(topic),
    };
    this.safety = new Safety(ctx, (reason, emergency) => this.stopEverything(reason, emergency));
    this.held = new HeldObject(backend, perception);
    this.looking = new Looking(ctx, this.safety, perception);
    this.deps = kindDeps(ctx, this.safety, this.held, perception, () => this.detect());
    this.runner = new OperationRunner(ctx, this.deps, () => this.safety.armed);
    this.events.subscribe(() => this.notify('events'));
    backend.onUpdate(() => {
      this.notify('pose');
      this.safety.watchBattery();
      this.runner.onBackendUpdate();
      this.safety.watchBraking();
    });
  }

  // ── reading ────────────────────────────────────────────────────────────────

  get state(): RobotState {
    return this.machine.state;
  }
  get armed(): boolean {
    return this.safety.armed;
  }
  get emergencyStopped(): boolean {
    return this.safety.emergencyStopped;
  }
  get operations() {
    return this.runner.tracker;
  }
  /** Tracker id of the held object ("red_cube#1"), "unidentified object", or null. */
  get holding(): string | null {
    return this.held.id;
  }
  get lastDetections(): readonly Detection[] {
    return this.looking.lastDetections;
  }
  get latestFrame(): CameraFrame | null {
    return this.looking.latestFrame;
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
    return this.runner.tracker.running();
  }
  /** Name of the zone the robot stands in, from the static map: the innermost, when zones nest. */
  currentZone(): string | null {
    const { pose } = this.backend.readState();
    return innermostZone(this.backend.staticMap().zones, pose)?.name ?? null;
  }
  /** The zone of this map with that name ("Bin A" finds bin_a), or the refusal listing them. */
  zone(name: string): Zone {
    return findZone(this.backend, name);
  }

  watch(listener: (topic: RobotTopic) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  // ── safety ─────────────────────────────────────────────────────────────────

  arm(): void {
    this.safety.arm();
  }
  disarm(): void {
    this.safety.disarm();
  }
  emergencyStop(reason = 'emergency stop requested'): void {
    this.safety.emergencyStop(reason);
  }
  resetEmergencyStop(): void {
    this.safety.resetEmergencyStop();
  }
  /** Stops motion and cancels the running and queued operations: the safe state. */
  stop(reason = 'stop requested'): number {
    return this.stopEverything(reason);
  }
  /** Told on every stop of everything, so what moves the robot outside the core stops too. */
  onStop(listener: (reason: string) => void): () => void {
    this.stopListeners.add(listener);
    return () => this.stopListeners.delete(listener);
  }

  // ── goals ──────────────────────────────────────────────────────────────────

  /** Drives to a point, keeping out of the zones named in `avoidZones` on the way (this drive only). */
  navigateTo(target: Vec2 & { heading?: number; avoidZones?: readonly string[] }): Operation {
    const avoid = avoidedZones(this.backend, target.avoidZones);
    this.safety.requireMotionAllowed('navigate');
    const plan = this.safety.checkTrip(target, avoid);
    const heading = target.heading !== undefined ? { heading: target.heading } : {};
    return this.runner.request('navigate', { x: target.x, y: target.y, ...heading, pathLengthM: round(plan.lengthM), ...avoidGoal(avoid) });
  }

  rotate(angleRad: number): Operation {
    this.safety.requireMotionAllowed('rotate');
    return this.runner.request('rotate', { angleRad });
  }

  /** Drives up to a seen object and stops facing it at the standoff (default: the
   *  approach_standoff parameter), looking again on the way when it starts far off. */
  approach(goal: { objectId?: string; label?: string; standoff?: number; avoidZones?: readonly string[] }): Operation {
    if (!goal.objectId && !goal.label) throw new RobotCommandError('give object_id (e.g. "red_cube#1") or label (e.g. "red cube")', 'invalid_argument');
    const avoid = avoidedZones(this.backend, goal.avoidZones);
    const what = goal.objectId ? { object_id: goal.objectId } : { label: goal.label! };
    const approachGoal: ApproachGoal = { ...what, standoff: goal.standoff ?? this.parameters.number('approach_standoff'), ...avoidGoal(avoid) };
    // Refuse now what the first drive would refuse, before any operation exists.
    const target = approachTarget(this.backend, this.perception, approachGoal);
    const first = firstApproachStand(this.backend, target, approachGoal.standoff, avoid).pose;
    this.safety.requireMotionAllowed('navigate');
    this.safety.checkTrip(first.stand, avoid);
    return this.runner.request('approach', { ...approachGoal });
  }

  /** Closes the gripper; with `expectedId`, first checks that this seen object is in reach. */
  grasp(expectedId?: string): Operation {
    if (expectedId) this.held.requireInReach(expectedId);
    this.safety.requireMotionAllowed('grasp');
    if (this.backend.readState().holding) throw new RobotCommandError(`the gripper already holds ${this.held.id ?? 'an object'}; release it first`, 'holding');
    return this.runner.request('grasp', {});
  }

  release(): Operation {
    this.safety.requireMotionAllowed('release');
    this.requireHolding();
    return this.runner.request('release', {});
  }

  /** Puts the held object down in a zone, driving first when the drop point is not in it. */
  deliver(zoneName: string, avoidZones?: readonly string[]): Operation {
    this.requireHolding();
    const zone = this.zone(zoneName);
    const avoid = avoidedZones(this.backend, avoidZones);
    // Refuse now what the delivery would refuse if it started now (it picks its stand when it starts).
    if (!deliveryStand(this.deps, zone, avoid)) this.safety.requireMotionAllowed('release');
    return this.runner.request('deliver', { zone: zone.name, ...avoidGoal(avoid) });
  }

  charge(): Operation {
    this.safety.requireNotEstopped();
    if (!this.backend.readState().onDock) {
      throw new RobotCommandError('the robot is not on the charging dock; navigate to the charging_dock zone first', 'not_on_dock');
    }
    return this.runner.request('charge', { target: this.parameters.number('charge_target') });
  }

  /** Cancels an operation (stopping the robot when it is running); `reason` is its message. */
  cancelOperation(id: string, reason?: string): Operation {
    return this.runner.cancel(id, reason);
  }

  /** Waits in robot time until the operation ends, is cancelled through `signal`, or times out. */
  waitFor(op: Operation, opts: WaitOptions = {}): Promise<Operation> {
    return this.runner.waitFor(op, opts);
  }

  // ── perception ─────────────────────────────────────────────────────────────

  /** Captures a frame and runs the vision pipeline on it. `thenRotate`: the turn in place the
   *  caller makes next (a scan's next heading), whose frame the backend may get ready while this
   *  one is detected (RobotBackend.prepareFrameAfter). */
  detect(labels?: string[], thenRotate?: number): Promise<Detection[]> {
    const { backend } = this;
    const prepare = thenRotate === undefined || !backend.prepareFrameAfter ? undefined : () => backend.prepareFrameAfter!({ kind: 'rotate', angle: thenRotate, limits: this.deps.limits() });
    return this.looking.detect(labels, prepare);
  }

  captureFrame(): CameraFrame {
    return this.looking.captureFrame();
  }

  // ── parameters ─────────────────────────────────────────────────────────────

  /** A parameter's definition; an unknown name is refused with the known ones. */
  parameterDefinition(name: string): ParameterDefinition {
    return asRefusal(() => this.parameters.definition(name));
  }

  setParameter(name: string, value: unknown): { previous: ParameterValue; value: ParameterValue } {
    const change = asRefusal(() => this.parameters.set(name, value));
    this.log('parameter', `${name}: ${String(change.previous)} -> ${String(change.value)}`, { name, ...change });
    this.notify('parameters');
    return change;
  }

  // ── internals ──────────────────────────────────────────────────────────────

  private requireHolding(): void {
    if (!this.backend.readState().holding) throw new RobotCommandError('the gripper is empty; there is nothing to release', 'not_holding');
  }

  private stopEverything(reason: string, emergency = false): number {
    const cancelled = this.runner.cancelAll(reason);
    this.backend.stopMotion(reason, emergency);
    for (const listener of this.stopListeners) listener(reason);
    if (this.backend.readState().charging) this.backend.setCharging(false);
    // A look (SENSING) outside an operation ends by itself; everything else settles now.
    if (this.state !== 'SENSING' || this.safety.emergencyStopped) this.safety.settle(reason);
    this.log('motion', `stopped: ${reason}`, { cancelled });
    this.notify('operations');
    return cancelled;
  }

  private log(kind: RobotEventKind, message: string, data?: Record<string, unknown>): void {
    this.events.append(this.now(), kind, message, data);
  }

  private notify(topic: RobotTopic): void {
    for (const w of this.watchers) w(topic);
  }
}

/** A parameter the store rejects (unknown name, value out of range) is a refusal with a code. */
function asRefusal<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ParameterError) throw new RobotCommandError(e.message, 'invalid_parameter');
    throw e;
  }
}
