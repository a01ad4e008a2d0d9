import { performance } from 'node:perf_hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReplayHeader } from '../../replay/replay-format.js';
import { readReplay } from '../../replay/replay-reader.js';
import { parseScenario } from '../../sim/scenario.js';
import { type StaticMap } from '../../core/map.js';
import { dueUntil, replaySchedule, type ScheduledEvent } from '../replay-schedule.js';
import { recordedWorld, replayedSafety, type ReplayedSafety } from '../replay-view.js';
import type { RobotView } from '../robot-view.js';
import type { TranscriptAction } from '../transcript.js';

export interface Playback {
  file: string;
  header: ReplayHeader;
  map: StaticMap;
  start: RobotView;
  /** Armed and e-stopped as the events played so far left the robot. */
  safety: ReplayedSafety;
  /** Playback seconds (at 1x) shown so far, and in all. */
  position: number;
  total: number;
  speed: number;
  paused: boolean;
  done: boolean;
}

export interface PlaybackControls {
  playback: Playback | null;
  play(file: string, speed?: number): void;
  /** Stops playing; `dismiss` also leaves the recording's room (back to the live world). */
  stop(dismiss?: boolean): void;
  changeSpeed(factor: number): void;
  togglePause(): void;
}

export const MIN_SPEED = 0.25;
export const MAX_SPEED = 64;

/**
 * Plays a recording back through the same reducer as live missions, paced by its recorded robot
 * time divided by the speed factor.
 */
export function useReplayPlayback(dispatch: (action: TranscriptAction) => void, tickMs = 50): PlaybackControls {
  const [playback, setPlayback] = useState<Playback | null>(null);
  const schedule = useRef<ScheduledEvent[]>([]);
  const next = useRef(0);
  const safetyNow = useRef<ReplayedSafety>({ armed: false, estopped: false });
  const live = useRef<Playback | null>(null);
  live.current = playback;

  const play = useCallback(
    (file: string, speed = 1) => {
      let replay;
      let world;
      try {
        replay = readReplay(file);
        world = recordedWorld(parseScenario(replay.header.scenario.content, `${file} (scenario)`));
      } catch (e) {
        dispatch({ type: 'note', level: 'error', text: (e as Error).message });
        return;
      }
      schedule.current = replaySchedule(replay.events);
      next.current = 0;
      safetyNow.current = { armed: world.start.armed, estopped: world.start.estopped };
      dispatch({ type: 'replay_started', file });
      const speedNote = speed === 1 ? '' : ` at ${speed}x`;
      dispatch({ type: 'note', level: 'info', text: `recorded ${replay.header.recordedAt}, scenario ${replay.header.scenario.name}, seed ${replay.header.seed}${speedNote}; +/- speed, space pause, Esc stop` });
      const total = schedule.current.at(-1)?.at ?? 0;
      setPlayback({ file, header: replay.header, map: world.map, start: world.start, safety: safetyNow.current, position: 0, total, speed: clampSpeed(speed), paused: false, done: false });
    },
    [dispatch],
  );

  const stop = useCallback((dismiss = false) => {
    setPlayback((p) => (!p || dismiss ? null : { ...p, done: true }));
  }, []);
  const changeSpeed = useCallback((factor: number) => setPlayback((p) => (p ? { ...p, speed: clampSpeed(p.speed * factor) } : p)), []);
  const togglePause = useCallback(() => setPlayback((p) => (p ? { ...p, paused: !p.paused } : p)), []);

  const active = playback !== null && !playback.done;
  useEffect(() => {
    if (!active) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      const p = live.current;
      const dt = (now - last) / 1000;
      last = now;
      if (!p || p.paused || p.done) return;
      const position = p.position + dt * p.speed;
      const upTo = dueUntil(schedule.current, next.current, position);
      // Folded here, not from the last rendered playback: two ticks may pass before React renders.
      let safety = safetyNow.current;
      for (let i = next.current; i < upTo; i++) {
        const { event } = schedule.current[i]!;
        dispatch(event);
        safety = replayedSafety(safety, event);
      }
      safetyNow.current = safety;
      next.current = upTo;
      const done = upTo >= schedule.current.length;
      if (done) dispatch({ type: 'note', level: 'info', text: 'playback finished; Esc returns to the live world' });
      setPlayback((cur) => (cur ? { ...cur, position: Math.min(position, cur.total), done, safety } : cur));
    }, tickMs);
    return () => clearInterval(timer);
  }, [active, dispatch, tickMs]);

  return { playback, play, stop, changeSpeed, togglePause };
}

function clampSpeed(s: number): number {
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, s));
}
