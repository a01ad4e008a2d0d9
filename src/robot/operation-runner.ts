import type { FailureCode } from '../core/failure.js';
import { round } from '../core/geometry.js';
import { OPERATION_KIND_TABLE } from './operation-kinds.js';
import type { KindDeps, Procedure } from './procedure.js';
import { Interrupted, POLL_S, ProcedureRun, procedureIo, type Active } from './procedure-run.js';
import { OperationTracker, isFinished, type Operation, type OperationKind } from './operations.js';
import type { ConflictPolicy } from './parameters.js';
import type { RobotContext } from './robot-context.js';
import { RobotCommandError } from './robot-errors.js';

export interface WaitOptions {
  /** Robot-time seconds after which the operation is cancelled and the robot stopped. */
  timeoutS?: number;
  /** Aborting cancels the operation and stops the robot. */
  signal?: AbortSignal;
  /** Aborting ends the wait and leaves the operation running (its caller went away and asked
   *  for it to go on without them). */
  stopWaiting?: AbortSignal;
  /** Called every poll (POLL_S of robot time) while the operation runs. */
  onProgress?: (op: Operation) => void | Promise<void>;
}

type Ending = { status: 'succeeded'; message: string; result?: Record<string, unknown> } | { status: 'failed' | 'cancelled'; message: string; code: FailureCode };

/**
 * Runs operations: the conflict policy, one operation on the robot at a time (others queue),
 * each kind's step or procedure from OPERATION_KIND_TABLE, endings with a code, and waits.
 */
export class OperationRunner {
  readonly tracker = new OperationTracker();
  private active: Active | null = null;

  constructor(
    private readonly ctx: RobotContext,
    private readonly deps: KindDeps,
    private readonly isArmed: () => boolean,
  ) {}

  /** Applies the conflict policy, then starts the operation or queues it. */
  request(kind: OperationKind, goal: Record<string, unknown>): Operation {
    const running = this.tracker.running();
    const policy = this.ctx.parameters.get('conflict_policy') as ConflictPolicy;
    if (running) {
      if (policy === 'error') {
        throw new RobotCommandError(
          `operation ${running.id} (${running.kind}) is still running; wait for it, cancel it with cancel_operation, or set conflict_policy to cancel or queue`,
          'busy',
          { operation_id: running.id },
        );
      }
      if (policy === 'cancel') this.endRunning({ status: 'cancelled', message: `preempted by a new ${kind} request`, code: 'cancelled' });
    }
    const op = this.tracker.create(kind, goal, this.ctx.now());
    this.ctx.log('operation', `${op.id} ${kind} requested`, { id: op.id, kind, goal });
    if (!this.tracker.running()) this.start(op);
    this.ctx.notify('operations');
    return op;
  }

  cancel(id: string, reason?: string): Operation {
    const op = this.tracker.get(id);
    if (!op) throw new RobotCommandError(`no operation "${id}"; list_operations shows the known ids`, 'unknown_operation');
    if (isFinished(op)) return op;
    if (op.status === 'running') this.endRunning({ status: 'cancelled', message: reason ?? 'cancelled on request', code: 'cancelled' });
    else this.finish(op, { status: 'cancelled', message: reason ? `${reason} (before it started)` : 'cancelled before it started', code: 'cancelled' });
    return op;
  }

  /** Cancels the running and queued operations; returns how many. */
  cancelAll(reason: string): number {
    let cancelled = 0;
    for (const op of this.tracker.pending()) {
      this.finish(op, { status: 'cancelled', message: reason, code: 'cancelled' });
      cancelled++;
    }
    if (this.active) {
      this.endRunning({ status: 'cancelled', message: reason, code: 'cancelled' });
      cancelled++;
    }
    return cancelled;
  }

  /** Called on every backend update: the running step's progress and ending. */
  onBackendUpdate(): void {
    const active = this.active;
    if (!active?.step) return;
    const [from, to] = active.span;
    const end = active.step.watch((progress, message) => {
      active.op.progress = round(from + (to - from) * progress, 3);
      if (message) active.op.message = message;
    });
    if (!end) return;
    if (!active.procedure) {
      this.endRunning(end.ok ? { status: 'succeeded', message: end.message, result: end.result } : { status: 'failed', message: end.message, code: end.code });
      return;
    }
    // A multi-step operation sees the ending at its next poll; the robot stops now, as it would
    // for a simple operation.
    if (!end.ok) active.step.halt(end.message);
    active.step = undefined;
    active.procedure.stepEnd = end;
  }

  /** Waits in robot time until the operation ends, is cancelled through `signal`, or times out. */
  async waitFor(op: Operation, opts: WaitOptions = {}): Promise<Operation> {
    const start = this.ctx.now();
    while (!isFinished(op) && !opts.stopWaiting?.aborted) {
      const procedure = this.active?.op === op ? this.active.procedure : undefined;
      if (procedure) {
        await this.follow(procedure, op, opts, start);
        break;
      }
      if (this.stoppedByWaiter(op, opts, start)) break;
      await this.ctx.backend.sleep(POLL_S);
      if (!isFinished(op)) await opts.onProgress?.(op);
    }
    return op;
  }

  private start(op: Operation): void {
    op.status = 'running';
    op.startedAt = this.ctx.now();
    op.message = 'started';
    const kind = OPERATION_KIND_TABLE[op.kind];
    if ('step' in kind) {
      this.ctx.machine.transition(kind.state, `${op.id} ${op.kind}`);
      const step = kind.step(op, this.deps);
      this.active = { op, step, span: [0, 1] };
      const failed = step.start();
      if (failed && !failed.ok) return this.endRunning({ status: 'failed', message: failed.message, code: failed.code });
    } else {
      this.active = { op, span: [0, 1], procedure: new ProcedureRun() };
      void this.runProcedure(this.active, kind.procedure(op, this.deps));
    }
    this.ctx.log('operation', `${op.id} ${op.kind} started`, { id: op.id });
  }

  private async runProcedure(active: Active, procedure: Procedure): Promise<void> {
    const { op } = active;
    const run = active.procedure!;
    try {
      const result = await procedure(procedureIo(active, run, this.ctx, () => this.deps.detect()));
      if (!isFinished(op)) this.endRunning({ status: 'succeeded', message: run.lastMessage, result });
    } catch (e) {
      if (!isFinished(op)) {
        if (e instanceof RobotCommandError) this.endRunning({ status: 'failed', message: e.message, code: e.code }, e.details);
        else {
          this.ctx.log('operation', `${op.id} ${op.kind} failed inside: ${e instanceof Error ? e.message : String(e)}`, { id: op.id, internal: true });
          this.endRunning({ status: 'failed', message: `internal error in ${op.kind}`, code: 'internal' });
        }
      } else if (!(e instanceof Interrupted) && !(e instanceof RobotCommandError)) {
        this.ctx.log('operation', `${op.id} ${op.kind} failed after it ended: ${e instanceof Error ? e.message : String(e)}`, { id: op.id, internal: true });
      }
    } finally {
      run.end();
    }
  }

  /** Waits for a multi-step operation: it keeps its own time; this only watches its ticks. */
  private follow(procedure: ProcedureRun, op: Operation, opts: WaitOptions, start: number): Promise<void> {
    if (this.stoppedByWaiter(op, opts, start)) return procedure.done;
    const off = procedure.onTick(async () => {
      if (!this.stoppedByWaiter(op, opts, start)) await opts.onProgress?.(op);
    });
    const stopped = abortOf(opts.stopWaiting);
    return Promise.race([procedure.done, stopped.promise]).finally(() => {
      off();
      stopped.dispose();
    });
  }

  /** Applies a waiter's cancellation and timeout; true when it ended the operation. */
  private stoppedByWaiter(op: Operation, opts: WaitOptions, start: number): boolean {
    if (opts.signal?.aborted) {
      this.cancelAndStop(op, 'cancelled by the client', 'cancelled');
      return true;
    }
    if (opts.timeoutS !== undefined && this.ctx.now() - start >= opts.timeoutS) {
      this.cancelAndStop(op, `timed out after ${opts.timeoutS} s`, 'timeout');
      return true;
    }
    return false;
  }

  private cancelAndStop(op: Operation, reason: string, code: FailureCode): void {
    if (op.status === 'running') this.endRunning({ status: 'cancelled', message: reason, code });
    else if (!isFinished(op)) this.finish(op, { status: 'cancelled', message: reason, code });
  }

  private endRunning(ending: Ending, details?: Record<string, unknown>): void {
    const active = this.active;
    if (!active) return;
    if (ending.status !== 'succeeded') (active.step ?? { halt: (r: string) => this.ctx.backend.stopMotion(r) }).halt(ending.message);
    this.active = null;
    this.finish(active.op, ending, details);
    const { machine } = this.ctx;
    this.deps.safety.settle(`${active.op.id} ${ending.status}`);
    const next = this.tracker.pending()[0];
    // A queued operation may take over a base that is still braking.
    if (next && (machine.state === 'IDLE' || machine.state === 'STOPPING')) {
      if (this.isArmed() || next.kind === 'charge') this.start(next);
      else this.finish(next, { status: 'cancelled', message: 'the robot was disarmed before it started', code: 'cancelled' });
    }
    this.ctx.notify('operations');
  }

  private finish(op: Operation, ending: Ending, details?: Record<string, unknown>): void {
    op.status = ending.status;
    op.message = ending.message;
    op.endedAt = this.ctx.now();
    if (ending.status === 'succeeded') {
      op.progress = 1;
      if (ending.result) op.result = ending.result;
    } else {
      op.error = ending.message;
      op.errorCode = ending.code;
      if (details && Object.keys(details).length) op.errorDetails = details;
    }
    this.ctx.log('operation', `${op.id} ${op.kind} ${ending.status}: ${ending.message}`, { id: op.id, status: ending.status });
  }
}

/** A promise that resolves when the signal aborts (never without one), and a way to stop
 *  listening: one signal may outlive many waits. */
function abortOf(signal: AbortSignal | undefined): { promise: Promise<void>; dispose(): void } {
  let onAbort = () => {};
  const promise = new Promise<void>((resolve) => (onAbort = resolve));
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return { promise, dispose: () => signal?.removeEventListener('abort', onAbort) };
}
