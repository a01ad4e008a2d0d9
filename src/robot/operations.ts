/**
 * Long actions as operations (robot_mcp's operation tracker): an id, a kind, a status, progress
 * with a message, a result or an error. Ids come from a counter so replays see the same ids.
 */
import type { FailureCode } from '../core/failure.js';

/** `approach` (drive up to a seen object in stages, looking again on the way) and `deliver`
 *  (drive so the held object lands in a zone, then release it) are made of several steps. */
export const OPERATION_KINDS = ['navigate', 'rotate', 'grasp', 'release', 'charge', 'approach', 'deliver'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];
export type OperationStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface Operation {
  id: string;
  kind: OperationKind;
  status: OperationStatus;
  /** 0..1 */
  progress: number;
  message: string;
  /** What was asked, for display and for queued operations to start later. */
  goal: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: string;
  /** Why it did not succeed, for programs: timeout, cancelled, failed, grasp_missed… */
  errorCode?: FailureCode;
  /** What a program needs besides the code, e.g. `renamed_to` for `object_relabelled`. */
  errorDetails?: Record<string, unknown>;
  /** What a multi-step operation is doing now ("approach to red_cube#1"), for messages. */
  step?: string;
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
}

export function isFinished(op: Operation): boolean {
  return op.status === 'succeeded' || op.status === 'failed' || op.status === 'cancelled';
}

export class OperationTracker {
  private readonly ops = new Map<string, Operation>();
  private counter = 0;

  create(kind: OperationKind, goal: Record<string, unknown>, now: number): Operation {
    const op: Operation = { id: `op-${++this.counter}`, kind, status: 'pending', progress: 0, message: 'waiting to start', goal, createdAt: now };
    this.ops.set(op.id, op);
    return op;
  }

  get(id: string): Operation | undefined {
    return this.ops.get(id);
  }

  list(filter?: { status?: OperationStatus[] }): Operation[] {
    const all = [...this.ops.values()];
    return filter?.status ? all.filter((o) => filter.status!.includes(o.status)) : all;
  }

  /** The operation occupying the robot's base or gripper, if any. */
  running(): Operation | undefined {
    return [...this.ops.values()].find((o) => o.status === 'running');
  }

  pending(): Operation[] {
    return [...this.ops.values()].filter((o) => o.status === 'pending');
  }
}
