/**
 * The audit trail of a robot server: who moved the robot, changed its safety state or its
 * parameters, and what the robot did about safety by itself. One JSON object a line
 * (`serve --audit-log FILE`), each with the wall time, the robot time, the MCP session and the
 * client's name from initialize (null for what the robot did by itself).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { round } from '../core/geometry.js';
import type { RobotEvent } from '../robot/event-log.js';
import type { Robot } from '../robot/robot.js';

/** Who an entry is about: an MCP session (null over stdio and in-process, which have one
 *  connection and no session id) and its client, or null for the robot itself. */
export interface Actor {
  session: string | null;
  client: string | null;
}

export type AuditEntry = { event: string } & Record<string, unknown>;

export class AuditLog {
  private readonly stopFollowing: () => void;
  private closed = false;
  private failed = false;

  /** `write` gets one line per entry, newline included. Follows the robot's own safety events
   *  (e-stop latched or reset, battery warnings, faults) until close(). A write that fails is
   *  reported once through `onError` and never fails the call it records: the robot's safety must
   *  not depend on a disk. */
  constructor(
    private readonly robot: Robot,
    private readonly wallClock: () => number,
    private readonly write: (line: string) => void,
    private readonly options: { onClose?: () => void; onError?: (error: Error) => void } = {},
  ) {
    this.stopFollowing = robot.events.subscribe((e) => {
      if (isSafetyEvent(e)) this.record({ session: null, client: null }, { event: 'robot', kind: e.kind, message: e.message, ...(e.data ? { data: e.data } : {}) });
    });
  }

  /** Appends to FILE (created when missing), writing each entry before the call that caused it
   *  is answered: an audit trail must not lose its last entries when the process dies. */
  static toFile(path: string, robot: Robot, wallClock: () => number, onError?: (error: Error) => void): AuditLog {
    const fd = openSync(path, 'a');
    return new AuditLog(robot, wallClock, (line) => void writeSync(fd, line), { onClose: () => closeSync(fd), ...(onError ? { onError } : {}) });
  }

  record(actor: Actor, entry: AuditEntry): void {
    if (this.closed) return;
    const line = { time: new Date(this.wallClock()).toISOString(), robot_time: round(this.robot.now(), 3), session: actor.session, client: actor.client, ...entry };
    try {
      this.write(`${JSON.stringify(line)}\n`);
    } catch (error) {
      if (!this.failed) this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
      this.failed = true;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopFollowing();
    this.options.onClose?.();
  }
}

/** The robot's own safety events: the e-stop, arming, battery warnings and faults. */
function isSafetyEvent(e: RobotEvent): boolean {
  return e.kind === 'safety' || e.kind === 'battery' || (e.kind === 'state' && e.data?.to === 'ERROR');
}
