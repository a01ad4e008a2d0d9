import type { MissionEvent } from '../agent/mission-events.js';
import { TOOL_NAME_SEPARATOR } from '../mcp/client/hub.js';
import type { ReplayEvent } from '../replay/replay-format.js';
import type { Scenario } from '../sim/scenario.js';
import { World } from '../sim/world.js';
import { innermostZone } from '../core/zone-membership.js';
import { type StaticMap } from '../core/map.js';
import type { RobotView } from './robot-view.js';
import type { ToolEntry, TranscriptState } from './transcript.js';

/** The room of a recording and the robot as the scenario starts it. */
export function recordedWorld(scenario: Scenario): { map: StaticMap; start: RobotView } {
  const world = new World(scenario);
  const r = world.robot;
  return {
    map: world.map,
    start: {
      state: 'IDLE',
      armed: false,
      estopped: false,
      pose: { x: r.x, y: r.y, heading: r.heading },
      battery: r.battery,
      charging: false,
      holding: null,
      zone: world.zoneAt(r)?.name ?? null,
      operation: null,
      path: [],
      objects: [],
      simTime: 0,
    },
  };
}

/** Whether the robot may move, as far as a recording tells: the arm/disarm/e-stop results and status reads it holds. */
export interface ReplayedSafety {
  armed: boolean;
  estopped: boolean;
}

/**
 * The safety flags after one more recorded event. Every safety tool (arm, disarm, the e-stop and
 * its reset) and every status read answers with `armed` and `emergency_stop`; an operator's e-stop
 * is in the recording as the mission's cancellation with `estop: true`. Only the embedded robot's
 * tools speak for this robot: an external server's (`other__arm`) flags are about its own device.
 */
export function replayedSafety(s: ReplayedSafety, e: MissionEvent | ReplayEvent): ReplayedSafety {
  if (e.type === 'cancelled') return e.estop ? { armed: false, estopped: true } : s;
  if (e.type !== 'tool_call_finished' || e.name.includes(TOOL_NAME_SEPARATOR)) return s;
  const out = e.result.structuredContent;
  return {
    armed: typeof out?.armed === 'boolean' ? out.armed : s.armed,
    estopped: typeof out?.emergency_stop === 'boolean' ? out.emergency_stop : s.estopped,
  };
}

/**
 * The robot during playback, from what the recording holds: telemetry after each round of tool
 * calls, the safety flags its results reported, the call in progress, and the objects its
 * detection results reported.
 */
export function playbackView({ start, map, safety }: { start: RobotView; map: StaticMap; safety: ReplayedSafety }, t: TranscriptState): RobotView {
  const tel = t.telemetry;
  const running = t.entries.findLast((e): e is ToolEntry => e.kind === 'tool' && (e.status === 'running' || e.status === 'awaiting'));
  return {
    ...start,
    ...(tel ? { state: tel.state, pose: { x: tel.x, y: tel.y, heading: tel.heading }, battery: tel.battery, charging: tel.state === 'CHARGING', holding: tel.holding, simTime: tel.simTime } : {}),
    armed: safety.armed,
    estopped: safety.estopped,
    zone: tel ? (innermostZone(map.zones, tel)?.name ?? null) : start.zone,
    operation: running ? { id: running.callId, kind: running.name, progress: running.progress ?? 0, message: 'replaying' } : null,
    objects: t.detected,
  };
}
