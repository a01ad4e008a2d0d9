import { isFinished, type Operation } from './operations.js';
import type { ProcedureIo } from './procedure.js';
import type { RobotContext } from './robot-context.js';
import { RobotCommandError } from './robot-errors.js';
import type { Step, StepEnd } from './steps.js';

/** How often waits and procedures look at an operation, robot seconds. */
export const POLL_S = 0.25;

/** The operation occupying the robot, and the step it is running now (none between steps). */
export interface Active {
  op: Operation;
  step?: Step;
  /** Where a step's progress lands within the operation's (multi-step operations). */
  span: readonly [number, number];
  /** Set for a multi-step operation. */
  procedure?: ProcedureRun;
}

/** Raised inside a procedure when its operation ended under it (cancelled, preempted). */
export class Interrupted extends Error {}

/** A multi-step operation in progress: its procedure waits in robot time and ticks every poll,
 *  which is when waiters report progress and apply their timeout or cancellation. */
export class ProcedureRun {
  stepEnd: StepEnd | undefined;
  /** The last step's closing message ("arrived", "release done"): the operation's own. */
  lastMessage = 'done';
  private readonly tickers = new Set<() => void | Promise<void>>();
  private finished!: () => void;
  readonly done = new Promise<void>((resolve) => (this.finished = resolve));

  onTick(ticker: () => void | Promise<void>): () => void {
    this.tickers.add(ticker);
    return () => this.tickers.delete(ticker);
  }
  async tick(): Promise<void> {
    for (const t of [...this.tickers]) await t();
  }
  end(): void {
    this.finished();
  }
}

/**
 * What a running procedure does through: each step puts the robot in its state and runs until
 * the runner sees it end (OperationRunner.onBackendUpdate sets `run.stepEnd`); a look is
 * SENSING. Every wait checks that the operation is still running, and stops the procedure with
 * Interrupted when it is not.
 */
export function procedureIo(active: Active, run: ProcedureRun, ctx: RobotContext, detect: () => Promise<unknown>): ProcedureIo {
  const { op } = active;
  const live = () => {
    if (isFinished(op)) throw new Interrupted();
  };
  return {
    run: async (label, state, step, span) => {
      live();
      op.step = label;
      ctx.machine.transition(state, `${op.id} ${label}`);
      await run.tick();
      live();
      Object.assign(active, { step, span });
      run.stepEnd = step.start();
      if (run.stepEnd && !run.stepEnd.ok) step.halt(run.stepEnd.message);
      while (!run.stepEnd) {
        await ctx.backend.sleep(POLL_S);
        live();
        if (!run.stepEnd) await run.tick();
        live();
      }
      const end = run.stepEnd;
      run.stepEnd = undefined;
      run.lastMessage = end.message;
      active.step = undefined;
      if (!end.ok) throw new RobotCommandError(end.message, end.code);
      return end.result ?? {};
    },
    detect: async () => {
      live();
      ctx.machine.transition('SENSING', `${op.id} looking`);
      await detect();
      live();
    },
  };
}
