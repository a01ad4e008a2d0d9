import type { MissionEvent } from '../agent/mission-events.js';
import type { ReplayEvent } from '../replay/replay-format.js';
import type { RobotAssembly } from './robot-assembly.js';

type Cancelled = Extract<ReplayEvent, { type: 'cancelled' }>;

/**
 * Re-applies a recorded cancellation (Ctrl-C, Esc, the operator's e-stop) where it came: during
 * the same tool call, at the same robot time, or between the same two calls. Returns the
 * MissionEvent listener that watches for that point, or undefined when the mission was not
 * cancelled. `cancel` aborts the replayed mission.
 */
export function replayCancellation(events: readonly ReplayEvent[], assembly: RobotAssembly, cancel: () => void): ((e: MissionEvent) => void) | undefined {
  const at = events.findIndex((e) => e.type === 'cancelled');
  if (at < 0) return undefined;
  const { robotTime, estop } = events[at] as Cancelled;
  const before = events.slice(0, at);
  const started = before.filter((e) => e.type === 'tool_call_started').length;
  const finished = before.filter((e) => e.type === 'tool_call_finished').length;
  const apply = () => {
    // The session latches the e-stop before it cancels; a robot the mission itself e-stopped stays as it is.
    if (estop && !assembly.robot.emergencyStopped) assembly.robot.emergencyStop('operator pressed the e-stop key');
    cancel();
  };
  const betweenCalls = started === finished;
  let startedNow = 0;
  let finishedNow = 0;
  return (e) => {
    if (e.type === 'mission_started' && started === 0) return apply();
    if (e.type === 'tool_call_finished' && ++finishedNow === finished && betweenCalls) return apply();
    if (e.type !== 'tool_call_started' || ++startedNow !== started || betweenCalls) return;
    // Cancelled during this call: let the robot's own time run to the recorded moment, then cancel.
    // Sleeping on the backend makes the simulator stop its steps exactly there.
    const wait = robotTime - assembly.robotTime();
    // No robot time passed: the cancel came (as Ctrl-C does) once the call was on its way, not before it was sent.
    if (wait <= 0) return void setImmediate(apply);
    void assembly.robot.backend.sleep(wait).then(apply);
  };
}
