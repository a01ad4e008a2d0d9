import { firstIssue } from '../../core/schema-issue.js';
import { flatten, fromRos, toRos } from '../primitives/conversion.js';
import { messageSchema, type Resolve } from '../primitives/message-schema.js';
import type { RosActionClient, RosGoalHandle, RosMessage, RosTransport } from '../transport/ros-transport.js';
import { RobotProfileError } from './robot-profile.js';
import type { SetBoolEnd } from './set-bool-activity.js';

/** What the backend asks of a gripper, by service (SetBoolActivity) or by action (below). */
export interface GripperDriver {
  /** true grasps, false releases; a newer call supersedes an older one. */
  call(grasp: boolean): void;
  state(): SetBoolEnd;
  /** Ends a grasp or release still running as failed with `reason` (a stop, an e-stop, leaving the graph). */
  abandon(reason: string): void;
}

/** The gripper as a profile names an action for it (robot-profile.ts's ActionGripper). */
export interface GripperActionSpec {
  action: string;
  type: string;
  grasp_goal: Record<string, unknown>;
  release_goal: Record<string, unknown>;
  /** A result field (dotted path) that must hold this value for the goal to count as done. */
  success_when?: { field: string; equals: string | number | boolean };
}

type Scalar = string | number | boolean | null;

/** The goal messages of a gripper action, and how to read its results, checked against its definitions. */
export interface PreparedGripperAction {
  goals: { grasp: RosMessage; release: RosMessage };
  readResult: (result: RosMessage) => Record<string, Scalar>;
}

/**
 * Checks the profile's goal templates and result check against the action's definitions (a
 * RobotProfileError naming the field when they do not fit) and makes the goal messages once.
 * Throws RosUnknownTypeError for an action type no installed package defines.
 */
export function prepareGripperAction(transport: RosTransport, spec: GripperActionSpec): PreparedGripperAction {
  const definition = transport.actionDefinition(spec.type);
  const resolve: Resolve = (type) => transport.messageDefinition(type);
  const goalType = definition.goal.type;
  const goal = (which: 'grasp_goal' | 'release_goal'): RosMessage => {
    const parsed = messageSchema(goalType, resolve, 'input').safeParse(spec[which]);
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      throw new RobotProfileError(`the robot profile's gripper.${which} does not fit ${goalType}: field "${field}" ${message}`);
    }
    return toRos(definition.goal, parsed.data as Record<string, unknown>, resolve);
  };
  const readResult = (result: RosMessage) => flatten(fromRos(definition.result, result, resolve));
  const check = spec.success_when;
  if (check && !(check.field in readResult(toRos(definition.result, {}, resolve)))) {
    throw new RobotProfileError(`the robot profile's gripper.success_when.field "${check.field}" is not a field of ${definition.result.type}`);
  }
  return { goals: { grasp: goal('grasp_goal'), release: goal('release_goal') }, readResult };
}

/**
 * A gripper behind an action server: control_msgs/GripperCommandAction where it is installed, or
 * any action, since the profile gives the goals as templates. Grasp and release send their goal;
 * the call succeeds when the goal ends SUCCEEDED and, if the profile asks, the result field has
 * the value it names (GripperCommand's `reached_goal` or `stalled`: a grasp that closed on
 * nothing is not a grasp). A goal that outlives `timeoutMs` is cancelled and fails.
 */
export class GripperActionActivity implements GripperDriver {
  private current: SetBoolEnd = { status: 'idle' };
  private running: { call: number; handle: RosGoalHandle; timer: NodeJS.Timeout } | undefined;
  private calls = 0;

  constructor(
    private readonly client: RosActionClient,
    private readonly spec: GripperActionSpec,
    private readonly prepared: PreparedGripperAction,
    private readonly timeoutMs: number,
    private readonly notify: () => void,
    private readonly onSuccess: (grasp: boolean) => void,
  ) {}

  call(grasp: boolean): void {
    this.cancelRunning();
    const call = ++this.calls;
    this.current = { status: 'active', data: grasp };
    const handle = this.client.sendGoal(grasp ? this.prepared.goals.grasp : this.prepared.goals.release);
    const timer = setTimeout(() => {
      if (this.running?.call !== call) return;
      this.cancelRunning();
      this.finish({ status: 'failed', data: grasp, message: `${this.spec.action} did not finish within ${this.timeoutMs / 1000} s` });
    }, this.timeoutMs);
    this.running = { call, handle, timer };
    void handle.done.then((outcome) => {
      if (this.running?.call !== call) return;
      clearTimeout(timer);
      this.running = undefined;
      const text = outcome.text ? `: ${outcome.text}` : '';
      if (outcome.status !== 'succeeded') return this.finish({ status: 'failed', data: grasp, message: `${this.spec.action} ${outcome.status} the goal${text}` });
      const unmet = this.unmetCheck(outcome.result);
      if (unmet) return this.finish({ status: 'failed', data: grasp, message: `${this.spec.action} succeeded but ${unmet}` });
      this.onSuccess(grasp);
      this.finish({ status: 'succeeded', data: grasp, message: `${this.spec.action} succeeded${text}` });
    });
  }

  state(): SetBoolEnd {
    return this.current;
  }

  abandon(reason: string): void {
    if (!this.running) return;
    this.cancelRunning();
    this.finish({ status: 'failed', data: this.current.data, message: `${this.spec.action} goal cancelled: ${reason}` });
  }

  /** Cancels the goal still running, if any (a newer call, the timeout, or abandon). */
  private cancelRunning(): void {
    if (!this.running) return;
    clearTimeout(this.running.timer);
    this.running.handle.cancel();
    this.running = undefined;
  }

  /** Why the result does not say the goal was met, or undefined when it does (or nothing is checked). */
  private unmetCheck(result: RosMessage): string | undefined {
    const check = this.spec.success_when;
    if (!check) return undefined;
    const value = this.prepared.readResult(result)[check.field];
    return value === check.equals ? undefined : `its result's ${check.field} is ${JSON.stringify(value)}, not ${JSON.stringify(check.equals)}`;
  }

  private finish(end: SetBoolEnd): void {
    this.current = end;
    this.notify();
  }
}
