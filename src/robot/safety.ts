import { rectCenter, rectContains, round, type Vec2 } from '../core/geometry.js';
import type { BackendState, PathPlan } from './backend.js';
import type { RobotContext } from './robot-context.js';
import { RobotCommandError } from './robot-errors.js';
import type { Zone } from '../core/map.js';
import { planFailureCode } from './keep-out.js';

/**
 * The robot's safety rules, the same for every caller: arming, the latched emergency stop, the
 * battery reserve on every trip, and the fault state an empty battery causes.
 */
export class Safety {
  private armedFlag = false;
  private estopped = false;
  private warnedLowBattery = false;

  constructor(
    private readonly ctx: RobotContext,
    /** Stops motion and cancels operations; returns how many were cancelled. */
    private readonly stopEverything: (reason: string, emergency?: boolean) => number,
  ) {}

  get armed(): boolean {
    return this.armedFlag;
  }
  get emergencyStopped(): boolean {
    return this.estopped;
  }

  arm(): void {
    const { machine, backend } = this.ctx;
    if (this.estopped) throw new RobotCommandError('the emergency stop is latched; call reset_emergency_stop first, then arm', 'estopped');
    if (machine.state === 'ERROR') {
      if (backend.readState().battery <= 0) throw new RobotCommandError('the battery is empty; the robot cannot be armed until it is charged', 'battery_empty');
      machine.transition('IDLE', 'fault cleared on arm');
    }
    if (this.armedFlag) return;
    this.armedFlag = true;
    this.changed('armed');
  }

  disarm(): void {
    this.stopEverything('disarmed');
    if (!this.armedFlag) return;
    this.armedFlag = false;
    this.changed('disarmed');
  }

  emergencyStop(reason: string): void {
    // Latched before the stop, so the robot never reads IDLE between the stop and the latch.
    const latching = !this.estopped;
    this.estopped = true;
    this.armedFlag = false;
    this.stopEverything(`emergency stop: ${reason}`, true);
    if (latching) {
      this.settle(reason);
      this.ctx.log('safety', `EMERGENCY STOP: ${reason}`);
    }
    this.ctx.notify('safety');
  }

  resetEmergencyStop(): void {
    if (!this.estopped) throw new RobotCommandError('the emergency stop is not engaged; nothing to reset', 'not_estopped');
    this.estopped = false;
    this.settle('emergency stop reset');
    this.changed('emergency stop reset; the robot stays disarmed until armed again');
  }

  /**
   * Puts a robot with nothing left to do in its resting state: STOPPING while the base still
   * moves (braking after a stop, a cancel or an e-stop), then ESTOPPED while the e-stop is
   * latched, else IDLE. A fault (ERROR) stays until it is cleared.
   */
  settle(reason: string): void {
    const { machine, backend } = this.ctx;
    if (machine.state === 'ERROR') return;
    if (!isAtRest(backend.readState())) machine.transition('STOPPING', reason);
    else machine.transition(this.estopped ? 'ESTOPPED' : 'IDLE', reason);
  }

  /** Called on every backend update: STOPPING ends when the base is at rest. */
  watchBraking(): void {
    if (this.ctx.machine.state === 'STOPPING' && isAtRest(this.ctx.backend.readState())) this.settle('the base is at rest');
  }

  requireNotEstopped(message = 'the emergency stop is latched; reset it first'): void {
    if (this.estopped) throw new RobotCommandError(message, 'estopped');
  }

  /** Motion and manipulation need: no e-stop, no fault, armed. */
  requireMotionAllowed(what: string): void {
    this.requireNotEstopped(`cannot ${what}: the emergency stop is latched; call reset_emergency_stop, then arm`);
    if (this.ctx.machine.state === 'ERROR') throw new RobotCommandError(`cannot ${what}: the robot is in ERROR (${this.lastErrorMessage()}); fix the cause and arm again`, 'error_state');
    if (!this.armedFlag) throw new RobotCommandError(`cannot ${what}: the robot is disarmed; call arm first`, 'not_armed');
  }

  /** A trip the robot may take: inside the room, with a path (around `avoid`'s zones), leaving the battery reserve. */
  checkTrip(target: Vec2, avoid: readonly Zone[] = []): PathPlan & { ok: true } {
    const { backend } = this.ctx;
    const map = backend.staticMap();
    if (!(target.x > 0 && target.x < map.width && target.y > 0 && target.y < map.depth)) {
      throw new RobotCommandError(`(${target.x}, ${target.y}) is outside the room; x must be between 0 and ${map.width} and y between 0 and ${map.depth} metres, walls excluded`, 'out_of_workspace');
    }
    const plan = avoid.length ? backend.planPath(target, avoid) : backend.planPath(target);
    if (!plan.ok) {
      const code = planFailureCode(plan);
      throw new RobotCommandError(`cannot reach (${target.x}, ${target.y}): ${plan.reason}`, code, code === 'unreachable' ? undefined : { avoid_zones: avoid.map((z) => z.name) });
    }
    this.checkBatteryReserve(target, plan.lengthM);
    return plan;
  }

  /** Called on every backend update: warns once below the reserve, faults when empty. */
  watchBattery(): void {
    const { backend, parameters, machine } = this.ctx;
    const battery = backend.readState().battery;
    const reserve = parameters.number('battery_reserve');
    if (battery < reserve && !this.warnedLowBattery) {
      this.warnedLowBattery = true;
      this.ctx.log('battery', `battery low: ${Math.round(battery * 100)}% is below the ${Math.round(reserve * 100)}% reserve`, { battery: round(battery, 3) });
    } else if (battery >= reserve + 0.02) this.warnedLowBattery = false;
    if (battery <= 0 && machine.state !== 'ERROR' && !this.estopped && machine.state !== 'CHARGING') {
      this.stopEverything('battery empty');
      machine.transition('ERROR', 'battery empty');
    }
  }

  private checkBatteryReserve(target: Vec2, lengthM: number): void {
    const { backend, parameters } = this.ctx;
    const battery = backend.readState().battery;
    const dock = backend.staticMap().zones.find((z) => z.name === 'charging_dock');
    if (dock && rectContains(dock, target)) return this.checkReachesDock(battery, lengthM); // charging is allowed below the reserve
    const reserve = parameters.number('battery_reserve');
    const after = battery - backend.estimateDrain(lengthM);
    if (after < reserve) {
      throw new RobotCommandError(
        `refused: the ${round(lengthM, 1)} m trip would leave the battery at ${Math.round(Math.max(after, 0) * 100)}%, below the ${Math.round(reserve * 100)}% reserve (now ${Math.round(battery * 100)}%); navigate to the charging_dock zone and charge first`,
        'battery_reserve',
        { battery: round(battery, 3), reserve },
      );
    }
    if (dock) this.checkWayBack(battery, after, target, dock);
  }

  /**
   * A fixed reserve covers the way home only near the dock: in a long room a run of trips, each
   * leaving the reserve, took the robot where the dock was out of the battery's reach, and the
   * charge it then needed was refused as sure to run flat. So a trip is refused, while the dock is
   * still within reach, that would end where it no longer is: the caller charges first.
   */
  private checkWayBack(battery: number, after: number, target: Vec2, dock: Zone): void {
    const { backend } = this.ctx;
    const home = rectCenter(dock);
    const needed = (from?: Vec2) => {
      const plan = backend.planPath(home, [], from);
      return plan.ok ? backend.estimateDrain(plan.lengthM) : null;
    };
    const fromThere = needed(target);
    if (fromThere === null || after >= fromThere) return;
    const fromHere = needed();
    if (fromHere === null || battery < fromHere) return; // out of reach already: the reserve alone rules
    throw new RobotCommandError(
      `refused: after this trip the battery (about ${Math.round(Math.max(after, 0) * 100)}%) could no longer bring the robot back to the charging dock (about ${Math.round(fromThere * 100)}% from there; now ${Math.round(battery * 100)}%); navigate to the charging_dock zone and charge first`,
      'battery_reserve',
      { battery: round(battery, 3), way_back: round(fromThere, 3) },
    );
  }

  /** No trip to the dock starts that the battery cannot finish: one that runs flat on the way
   *  strands the robot mid-room, in ERROR, where nothing can charge it. */
  private checkReachesDock(battery: number, lengthM: number): void {
    const needed = this.ctx.backend.estimateDrain(lengthM);
    if (needed * SURE_SHARE_OF_ESTIMATE <= battery) return;
    throw new RobotCommandError(
      `refused: the dock is a ${round(lengthM, 1)} m trip away, which needs about ${Math.round(needed * 100)}% of the battery, and ${Math.round(battery * 100)}% is left: it would run flat on the way; the robot has to be charged where it stands`,
      'battery_empty',
      { battery: round(battery, 3), trip_m: round(lengthM, 1), needed: round(needed, 3) },
    );
  }

  private lastErrorMessage(): string {
    return this.ctx.events.query(this.ctx.now(), undefined, ['state']).at(-1)?.message ?? 'fault';
  }

  private changed(message: string): void {
    this.ctx.log('safety', message);
    this.ctx.notify('safety');
  }
}

/** The trip estimate prices a cautious drive (half the top speed, half a radian of turning per
 *  metre) for the reserve; a drive uses less, so a dock trip is refused as sure to run flat only
 *  when this share of the estimate is more than the charge left. */
const SURE_SHARE_OF_ESTIMATE = 0.9;

/** The base has stopped moving: no linear or angular velocity left. */
export function isAtRest(state: Pick<BackendState, 'linear' | 'angular'>): boolean {
  return Math.abs(state.linear) < REST_EPSILON && Math.abs(state.angular) < REST_EPSILON;
}

/** Below this (m/s, rad/s) the base counts as stopped; backends that brake to exactly zero, like
 *  the simulator, never sit in between. */
const REST_EPSILON = 1e-6;
