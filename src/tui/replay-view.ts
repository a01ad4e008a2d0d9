import type { Scenario } from '../sim/scenario.js';
import { World } from '../sim/world.js';
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

/**
 * The robot during playback, from what the recording holds: telemetry after each round of tool
 * calls, the call in progress, and the objects its detection results reported.
 */
export function playbackView(start: RobotView, t: TranscriptState): RobotView {
  const tel = t.telemetry;
  const running = t.entries.findLast((e): e is ToolEntry => e.kind === 'tool' && (e.status === 'running' || e.status === 'awaiting'));
  return {
    ...start,
    ...(tel ? { state: tel.state, pose: { x: tel.x, y: tel.y, heading: tel.heading }, battery: tel.battery, holding: tel.holding, simTime: tel.simTime } : {}),
    operation: running ? { id: running.callId, kind: running.name, progress: running.progress ?? 0, message: 'replaying' } : null,
    objects: t.detected,
  };
}
