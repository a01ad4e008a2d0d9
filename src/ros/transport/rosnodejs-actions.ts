import type { RosActionClient, RosGoalEnd, RosGoalHandle, RosGoalOutcome, RosGoalState, RosMessage, RosServerGoal } from './ros-transport.js';
import type { RnActionClient, RnClientGoalHandle, RnServerGoalHandle } from './rosnodejs-api.js';

/** actionlib_msgs/GoalStatus codes, by value. */
const GOAL_STATES: readonly RosGoalState[] = ['pending', 'active', 'preempted', 'succeeded', 'aborted', 'rejected', 'preempting', 'recalling', 'recalled', 'lost'];
const TERMINAL = new Set<RosGoalState>(['preempted', 'succeeded', 'aborted', 'rejected', 'recalled', 'lost']);
/** ClientGoalHandle's CommState.DONE. */
const COMM_DONE = 7;
const SERVER_POLL_MS = 50;

export function goalState(code: number | undefined): RosGoalState {
  return GOAL_STATES[code ?? 9] ?? 'lost';
}

/** actionlib's client over rosnodejs's ActionClient. */
export function wrapActionClient(client: RnActionClient): RosActionClient {
  return {
    async waitForServer(timeoutMs) {
      // rosnodejs's own waitForActionServerToStart inverts its deadline check; poll instead.
      const until = Date.now() + timeoutMs;
      while (!client.isServerConnected()) {
        if (Date.now() >= until) return false;
        await new Promise((resolve) => setTimeout(resolve, SERVER_POLL_MS));
      }
      return true;
    },
    sendGoal(goal, callbacks = {}) {
      let settle!: (outcome: RosGoalOutcome) => void;
      const done = new Promise<RosGoalOutcome>((resolve) => (settle = resolve));
      let lastState: RosGoalState | undefined;
      let handle: RnClientGoalHandle | undefined = undefined;
      // rosnodejs 3.1 throws from its status handler (an uncaught TypeError that would end the
      // process) when a goal cancelled before the server acknowledged it is missing from the next
      // status list; so a cancel waits for the goal's first status.
      let cancelWanted = false;
      const onTransition = () => {
        if (!handle) return;
        const status = handle.getGoalStatus();
        if (cancelWanted && status) {
          cancelWanted = false;
          handle.cancel();
        }
        const state = goalState(status?.status);
        if (status && state !== lastState) {
          lastState = state;
          callbacks.onStatus?.(state, status.text ?? '');
        }
        if (handle.getCommState() === COMM_DONE) {
          const end = goalState(handle.getTerminalState());
          settle({ status: (TERMINAL.has(end) ? end : 'lost') as RosGoalEnd, text: status?.text ?? '', result: handle.getResult() ?? {} });
        }
      };
      // rosnodejs hands over the whole ActionFeedback (header, status, feedback).
      handle = client.sendGoal(goal, onTransition, (message) => callbacks.onFeedback?.((message.feedback ?? {}) as RosMessage));
      const cancel = () => {
        if (handle.getGoalStatus()) handle.cancel();
        else cancelWanted = true;
      };
      const goalHandle: RosGoalHandle = { done, cancel };
      return goalHandle;
    },
    close: () => client.shutdown(),
  };
}

/** A goal as our action-server handlers see it; ends at most once. */
export function wrapServerGoal(handle: RnServerGoalHandle): RosServerGoal {
  let ended = false;
  const end = (fn: () => void) => {
    if (ended) return;
    ended = true;
    fn();
  };
  const goal: RosMessage = handle.getGoal();
  return {
    goal,
    publishFeedback: (feedback) => {
      if (!ended) handle.publishFeedback(feedback);
    },
    succeed: (result, text) => end(() => handle.setSucceeded(result, text)),
    abort: (result, text) => end(() => handle.setAborted(result, text)),
    preempted: (result, text) => end(() => handle.setCanceled(result, text)),
  };
}
