/**
 * What happened, with robot-time stamps: state changes, operations, safety, parameters and
 * notable perception. Queried by time window ("the last 30 seconds") and kind.
 */
export const EVENT_KINDS = ['state', 'operation', 'safety', 'parameter', 'battery', 'perception', 'motion'] as const;
export type RobotEventKind = (typeof EVENT_KINDS)[number];

export interface RobotEvent {
  /** Sequence number, from 1. */
  seq: number;
  /** Robot time, seconds. */
  t: number;
  kind: RobotEventKind;
  /** For people; programs read `data`. */
  message: string;
  /** Facts for programs, e.g. an operation event's id and kind, and `status` when it ended
   *  (`internal: true` marks a programming error inside an operation). */
  data?: Record<string, unknown>;
}

export class EventLog {
  private readonly entries: RobotEvent[] = [];
  private seq = 0;
  private readonly listeners = new Set<(e: RobotEvent) => void>();

  constructor(private readonly capacity = 5000) {}

  append(t: number, kind: RobotEventKind, message: string, data?: Record<string, unknown>): RobotEvent {
    const event: RobotEvent = { seq: ++this.seq, t, kind, message, ...(data ? { data } : {}) };
    this.entries.push(event);
    if (this.entries.length > this.capacity) this.entries.shift();
    for (const l of this.listeners) l(event);
    return event;
  }

  /** Events at or after `now - sinceSeconds` (all when omitted), optionally of some kinds only. */
  query(now: number, sinceSeconds?: number, kinds?: readonly RobotEventKind[], limit = 200): RobotEvent[] {
    const from = sinceSeconds === undefined ? -Infinity : now - sinceSeconds;
    const matches = this.entries.filter((e) => e.t >= from && (!kinds || kinds.includes(e.kind)));
    return matches.slice(-limit);
  }

  subscribe(listener: (e: RobotEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
