/**
 * ROS action goals as operations: ids `ros-N`, status from actionlib, progress from feedback
 * (goal-progress.ts), the latest feedback, the result, cancel, a timeout, and each group's
 * conflict policy (error: refuse while one runs; cancel: preempt it; queue: start after it). Read and cancelled through the robot's
 * get_operation / list_operations / cancel_operation (ExternalOperations).
 */
import type { FailureCode } from '../../core/failure.js';
import type { ExternalOperations, OperationView } from '../../mcp/server-extension.js';
import { toolFailure, type ToolCallExtra, type ToolFailure } from '../../mcp/tool-declaration.js';
import type { RosActionClient, RosGoalHandle, RosGoalOutcome, RosMessage } from '../transport/ros-transport.js';
import type { GroupPolicy } from './config.js';
import { GoalProgress } from './goal-progress.js';

/** What a goal needs from its primitive. */
export interface GoalSpec {
  /** The primitive's name, shown as the operation's kind (`ros:<name>`). */
  name: string;
  action: string;
  client: RosActionClient;
  cancellable: boolean;
  timeoutMs: number;
  serverTimeoutMs: number;
  group?: string;
  /** JSON of the result and feedback messages, flattened to dotted leaf paths. */
  resultJson(result: RosMessage): Record<string, string | number | boolean | null>;
  feedbackJson(feedback: RosMessage): Record<string, string | number | boolean | null>;
}

interface Goal {
  view: OperationView;
  spec: GoalSpec;
  message: RosMessage;
  handle?: RosGoalHandle;
  timer?: NodeJS.Timeout;
  /** Ends the goal if the server does not answer a cancel in time. */
  graceTimer?: NodeJS.Timeout;
  /** Why we asked the server to cancel it: decides the ending's code. */
  cancelReason?: { code: FailureCode; message: string };
  ended: Promise<void>;
  end: () => void;
}

const ACTIVE = new Set<OperationView['status']>(['pending', 'running']);

/** Finished goals kept for get_operation / list_operations; older ones are forgotten so a
 *  long-running server's goal map stays bounded. Active goals are always kept. */
export const KEPT_FINISHED_GOALS = 100;

/** How long a cancelled goal waits for the action server to confirm before it ends anyway: a
 *  server that died or hangs must not keep an operation running past its timeout forever. */
export const CANCEL_GRACE_MS = 2000;

export class RosGoalOperations implements ExternalOperations {
  private readonly goals = new Map<string, Goal>();
  private counter = 0;
  private readonly changeListeners = new Set<() => void>();

  constructor(
    private readonly groups: Record<string, GroupPolicy>,
    private readonly wallMs: () => number,
  ) {}

  /** Applies the group's policy, then sends the goal or queues it. */
  async request(spec: GoalSpec, message: RosMessage): Promise<OperationView | ToolFailure> {
    const inGroup = spec.group === undefined ? [] : [...this.goals.values()].filter((g) => g.spec.group === spec.group && ACTIVE.has(g.view.status));
    const policy = spec.group === undefined ? undefined : this.groups[spec.group];
    if (inGroup.length && policy === 'error') {
      const busy = inGroup[0]!.view;
      return toolFailure('busy', `operation ${busy.id} (${busy.kind}) of group ${spec.group} is still running; wait for it, cancel it with cancel_operation, or give the group the policy cancel or queue`, { operation_id: busy.id });
    }
    const startNow = !inGroup.length || policy === 'cancel';
    if (startNow && !(await spec.client.waitForServer(spec.serverTimeoutMs))) {
      return toolFailure('unavailable', `no action server at ${spec.action} after ${spec.serverTimeoutMs} ms: is its node running? (rostopic list | grep ${spec.action})`);
    }
    if (policy === 'cancel') for (const g of inGroup) this.stop(g, { code: 'cancelled', message: `preempted by a new ${spec.name} goal` });
    const goal = this.create(spec, message);
    if (startNow) this.send(goal);
    this.changed();
    return { ...goal.view };
  }

  get(id: string): OperationView | undefined {
    const goal = this.goals.get(id);
    return goal && { ...goal.view };
  }

  list(activeOnly: boolean): OperationView[] {
    return [...this.goals.values()].filter((g) => !activeOnly || ACTIVE.has(g.view.status)).map((g) => ({ ...g.view }));
  }

  /** Any session may cancel any goal, as with the robot's own operations: stopping is always
   *  allowed on a shared robot. Only a non-cancellable running goal refuses. */
  cancel(id: string, reason = 'cancelled on request'): OperationView | ToolFailure | undefined {
    const goal = this.goals.get(id);
    if (!goal) return undefined;
    if (!goal.spec.cancellable && goal.view.status === 'running') {
      return toolFailure('conflict', `${goal.view.kind} goals are not cancellable (cancellable: false in the ROS config); wait for ${id} to end`);
    }
    this.stop(goal, { code: 'cancelled', message: reason });
    return { ...goal.view };
  }

  async wait(id: string, seconds: number, extra: ToolCallExtra): Promise<OperationView | undefined> {
    const goal = this.goals.get(id);
    if (!goal) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const off = this.onChange(() => void extra.reportProgress(goal.view.progress * 100, 100, goal.view.message));
    await Promise.race([
      goal.ended,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, seconds * 1000);
        extra.signal.addEventListener('abort', () => resolve(), { once: true });
      }),
    ]);
    clearTimeout(timer);
    off();
    return { ...goal.view };
  }

  /** Whether the goal is still pending or running. */
  isActive(id: string): boolean {
    const goal = this.goals.get(id);
    return goal !== undefined && ACTIVE.has(goal.view.status);
  }

  /** Called whenever any goal changes (status, feedback). */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Cancels every pending and running goal (shutting down: nothing keeps moving). */
  cancelAll(reason: string): number {
    const active = [...this.goals.values()].filter((g) => ACTIVE.has(g.view.status));
    for (const g of active) this.stop(g, { code: 'cancelled', message: reason });
    return active.length;
  }

  /** Resolves when no goal is pending or running. */
  async settled(): Promise<void> {
    await Promise.all([...this.goals.values()].map((g) => g.ended));
  }

  private create(spec: GoalSpec, message: RosMessage): Goal {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const view: OperationView = { id: `ros-${++this.counter}`, kind: `ros:${spec.name}`, status: 'pending', progress: 0, message: 'waiting for the group to be free' };
    const goal: Goal = { view, spec, message, ended, end };
    this.goals.set(view.id, goal);
    return goal;
  }

  private send(goal: Goal): void {
    const { view, spec } = goal;
    view.status = 'running';
    view.message = 'sent to the action server';
    view.started_at = this.seconds();
    const progress = new GoalProgress(goal.message);
    goal.handle = spec.client.sendGoal(goal.message, {
      onStatus: (state, text) => {
        view.message = text ? `${state}: ${text}` : state;
        this.changed();
      },
      onFeedback: (feedback) => {
        if (!ACTIVE.has(view.status)) return; // feedback and result travel on separate topics
        view.feedback = spec.feedbackJson(feedback);
        view.progress = progress.update(feedback);
        this.changed();
      },
    });
    goal.timer = setTimeout(() => this.stop(goal, { code: 'timeout', message: `timed out after ${spec.timeoutMs} ms; the goal was cancelled` }), spec.timeoutMs);
    void goal.handle.done.then((outcome) => this.finish(goal, outcome));
  }

  /** Cancels a running goal (its ending comes from the server) or drops a pending one. */
  private stop(goal: Goal, reason: { code: FailureCode; message: string }): void {
    if (!ACTIVE.has(goal.view.status)) return;
    goal.cancelReason ??= reason;
    if (!goal.handle) return this.settle(goal, { status: 'cancelled', message: reason.message, code: reason.code });
    goal.handle.cancel();
    const why = goal.cancelReason;
    goal.graceTimer ??= setTimeout(
      () => this.settle(goal, { status: 'cancelled', message: `${why.message} (the action server did not confirm the cancel within ${CANCEL_GRACE_MS} ms)`, code: why.code }),
      CANCEL_GRACE_MS,
    );
  }

  private finish(goal: Goal, outcome: RosGoalOutcome): void {
    const text = outcome.text ? `: ${outcome.text}` : '';
    const result = { goal_status: outcome.status, ...goal.spec.resultJson(outcome.result) };
    if (outcome.status === 'succeeded') return this.settle(goal, { status: 'succeeded', message: `succeeded${text}`, result });
    if (goal.cancelReason && (outcome.status === 'preempted' || outcome.status === 'recalled')) {
      return this.settle(goal, { status: 'cancelled', message: `${goal.cancelReason.message} (${outcome.status}${text})`, code: goal.cancelReason.code, result });
    }
    const code: FailureCode = outcome.status === 'preempted' || outcome.status === 'recalled' ? 'cancelled' : 'failed';
    this.settle(goal, { status: code === 'cancelled' ? 'cancelled' : 'failed', message: `${outcome.status} by the action server${text}`, code, result });
  }

  private settle(goal: Goal, ending: { status: 'succeeded' | 'failed' | 'cancelled'; message: string; code?: FailureCode; result?: OperationView['result'] }): void {
    if (!ACTIVE.has(goal.view.status)) return;
    clearTimeout(goal.timer);
    clearTimeout(goal.graceTimer);
    const { view } = goal;
    view.status = ending.status;
    view.message = ending.message;
    view.ended_at = this.seconds();
    if (ending.result) view.result = ending.result;
    if (ending.status === 'succeeded') view.progress = 1;
    else {
      view.error = ending.message;
      view.error_code = ending.code;
    }
    goal.end();
    this.forgetOldFinished();
    this.startNextOf(goal.spec.group);
    this.changed();
  }

  private forgetOldFinished(): void {
    const finished = [...this.goals.values()].filter((g) => !ACTIVE.has(g.view.status));
    for (const g of finished.slice(0, Math.max(0, finished.length - KEPT_FINISHED_GOALS))) this.goals.delete(g.view.id);
  }

  /** Queue policy: the group's oldest pending goal starts when the group is free. */
  private startNextOf(group: string | undefined): void {
    if (group === undefined) return;
    const inGroup = [...this.goals.values()].filter((g) => g.spec.group === group);
    if (inGroup.some((g) => g.view.status === 'running')) return;
    const next = inGroup.find((g) => g.view.status === 'pending');
    if (next) this.send(next);
  }

  private seconds(): number {
    return Math.round(this.wallMs()) / 1000;
  }

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }
}
