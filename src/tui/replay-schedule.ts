import type { MissionEvent } from '../agent/mission-events.js';
import type { ReplayEvent } from '../replay/replay-format.js';

/** A recorded event with the playback time (seconds at 1x) it is shown at. */
export interface ScheduledEvent {
  at: number;
  event: MissionEvent;
}

/** Pause after a model turn so its narration can be read; robot actions take their recorded robot time. */
const READ_PAUSE_S = 0.4;
const STEP_PAUSE_S = 0.1;

/**
 * When each recorded event shows during playback: tool calls take the robot time they took
 * when recorded, telemetry lands at its recorded robot time, and model turns (which take no
 * robot time) get a short pause. The wall-clock values a recording keeps are not shown.
 */
export function replaySchedule(events: readonly ReplayEvent[]): ScheduledEvent[] {
  const out: ScheduledEvent[] = [];
  const callStart = new Map<string, number>();
  let t = 0;
  let simOrigin: number | null = null;
  let pause = 0;
  for (const e of events) {
    const event = asMissionEvent(e);
    if (!event) continue;
    if (event.type === 'mission_started') simOrigin = event.simTime;
    if (event.type === 'tool_call_started') callStart.set(event.callId, t);
    if (event.type === 'tool_call_finished') t = Math.max(t, (callStart.get(event.callId) ?? t) + event.simSeconds);
    if (event.type === 'telemetry' && simOrigin !== null) t = Math.max(t, event.telemetry.simTime - simOrigin + pause);
    out.push({ at: t, event });
    // A call's own robot time follows its start; other events get a moment on screen.
    const gap = event.type === 'model_turn' ? READ_PAUSE_S : event.type === 'tool_call_started' ? 0 : STEP_PAUSE_S;
    t += gap;
    pause += gap;
  }
  return out;
}

/** Recorded lines as MissionEvents for the UI's reducer; wall-clock reads are not events. */
export function asMissionEvent(e: ReplayEvent): MissionEvent | null {
  if (e.type === 'clock') return null;
  // The recorded shapes are the MissionEvent shapes, with images stored by hash (never read here).
  return e as unknown as MissionEvent;
}

/** Index of the first scheduled event not yet due at playback time `t`. */
export function dueUntil(schedule: readonly ScheduledEvent[], from: number, t: number): number {
  let i = from;
  while (i < schedule.length && schedule[i]!.at <= t) i++;
  return i;
}
