import type { Beliefs } from './beliefs.js';
import { DriveLog, type KeepOut } from './drive-log.js';
import type { PlannerIo, ToolReply } from './planner-session.js';
import { fail, ok, pct, type Step } from './step.js';

/**
 * The planner's line to the robot. Every tool call goes through here, so what each result says
 * (pose, battery, armed, emergency stop; objects seen and held, into `beliefs`) is kept in step,
 * and `act` adds the standard recoveries: arm when disarmed, charge when the battery reserve
 * refuses a trip. Both are chosen by the failure's code, never by its wording.
 */
export class RobotLink {
  private state = { pose: { x: 0, y: 0 }, heading: 0, battery: 1, armed: false, estopped: false };
  private startPose: { x: number; y: number } | null = null;
  /** charge_battery calls made on this mission: a "don't charge" constraint is checked against it. */
  chargeCalls = 0;
  /** The zones every drive keeps out of, and what the robot said of its drives and poses. */
  readonly driveLog: DriveLog;

  constructor(
    private readonly io: PlannerIo,
    private readonly beliefs: Beliefs,
    /** False when the instruction says not to charge: no charging first, none to recover. */
    private readonly mayCharge = true,
    keepOut: readonly KeepOut[] = [],
  ) {
    this.driveLog = new DriveLog(keepOut);
  }

  /** Where the robot was when the mission began (its first status), for "bring it back". */
  get start(): { x: number; y: number } {
    return this.startPose ?? this.state.pose;
  }

  get pose(): { x: number; y: number } {
    return this.state.pose;
  }
  /** Degrees, as the last result with a pose said. */
  get heading(): number {
    return this.state.heading;
  }
  get battery(): number {
    return this.state.battery;
  }
  get armed(): boolean {
    return this.state.armed;
  }
  get estopped(): boolean {
    return this.state.estopped;
  }

  /** One tool call, its result observed. */
  async call(name: string, args: Record<string, unknown>, say: string): Promise<ToolReply> {
    const sent = this.driveLog.argsFor(name, args);
    const r = await this.io.call(name, sent, say);
    this.observe(name, r);
    this.driveLog.record(name, sent, r);
    return forThePerson(name, r);
  }

  /** One tool call, with the standard recoveries: arm when disarmed, charge when the reserve refuses a trip. */
  async act(name: string, args: Record<string, unknown>, say: string): Promise<ToolReply> {
    let r = await this.call(name, args, say);
    if (r.error?.code === 'not_armed') {
      const armed = await this.ensureArmed(true);
      if (armed.ok) r = await this.call(name, args, `Retrying ${name}.`);
    }
    if (r.error?.code === 'battery_reserve' && name !== 'navigate_to_zone' && this.mayCharge) {
      const charged = await this.charge('Not enough battery for that trip: charging first.');
      // Charging impossible too (the dock out of the battery's range): the refusal says both.
      r = charged.ok ? await this.call(name, args, `Retrying ${name}.`) : { ...r, text: `${r.text.replace(/[.;\s]+$/, '')}; and ${charged.message}` };
    }
    return r;
  }

  async ensureArmed(force = false): Promise<Step> {
    if (this.armed && !force) return ok('armed');
    const r = await this.call('arm', {}, 'Arming the robot.');
    return r.ok ? ok('armed') : fail(`I cannot move: ${r.text}`);
  }

  async charge(say: string): Promise<Step> {
    if (!this.mayCharge) return fail('I was told not to charge, and the battery is too low for this without charging.');
    const armed = await this.ensureArmed();
    if (!armed.ok) return armed;
    const go = await this.call('navigate_to_zone', { zone: 'charging_dock' }, say);
    if (!go.ok) return fail(`I could not reach the charging dock: ${go.text}`);
    this.chargeCalls++;
    const r = await this.call('charge_battery', {}, 'Charging.');
    if (!r.ok) return fail(`Charging failed: ${r.text}`);
    this.state.battery = r.data?.battery ?? this.state.battery;
    return ok(`Charged the battery to ${pct(this.battery)}.`);
  }

  /** The reserve, when the battery is within 5 points of it (asked only when the battery is under half). */
  async batteryBelowReserve(): Promise<{ reserve: number } | null> {
    if (this.battery >= 0.5) return null;
    // Not observed: a parameter read says nothing about the robot's state.
    const r = await this.io.call('get_parameter', { name: 'battery_reserve' }, 'The battery is low: checking the reserve.');
    const reserve = typeof r.data?.value === 'number' ? r.data.value : 0.15;
    return this.battery < reserve + 0.05 ? { reserve } : null;
  }

  /** Keeps beliefs in step with what every result says. */
  private observe(name: string, r: ToolReply): void {
    const s = this.state;
    if (r.error?.code === 'estopped') s.estopped = true;
    if (!r.ok || !r.data) return;
    const d = r.data;
    if (d.pose) s.pose = { x: d.pose.x, y: d.pose.y };
    if (typeof d.pose?.heading_deg === 'number') s.heading = d.pose.heading_deg;
    if (name === 'get_robot_status' && d.pose) this.startPose ??= { x: d.pose.x, y: d.pose.y };
    if (typeof d.battery === 'number') s.battery = d.battery;
    if (typeof d.armed === 'boolean') s.armed = d.armed;
    if (typeof d.emergency_stop === 'boolean') s.estopped = d.emergency_stop;
    if (name === 'get_robot_status') this.beliefs.holding = d.holding ?? null;
    this.beliefs.absorb(d); // detections, and where a released object was put down
  }
}

/** A refusal's text is written for the model ("do not retry it"); the planner's summaries go to
 *  a person, so confirmation refusals are reworded here, chosen by code. */
function forThePerson(name: string, r: ToolReply): ToolReply {
  if (r.error?.code === 'confirmation_required') {
    return { ...r, text: `${name} needs a person's confirmation and nobody was there to give it (re-run with --yes to allow it)` };
  }
  if (r.error?.code === 'confirmation_declined') return { ...r, text: `you declined ${name}` };
  return r;
}
