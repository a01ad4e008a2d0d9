import { useCallback, useEffect } from 'react';
import type { MissionSession } from '../../runtime/mission-session.js';
import type { TranscriptAction } from '../transcript.js';
import { useSyncedState } from './use-synced-state.js';

export interface TypeAhead {
  /** Instructions submitted while a mission ran, oldest first: each runs when the one before has ended. */
  queued: readonly string[];
  /** True when `line` was queued (a mission runs, or others wait already); false when it may run now. */
  enqueueIfBusy: (line: string) => boolean;
  /** Drops every queued instruction, saying so in the conversation; how many were dropped. */
  clear: () => number;
}

/**
 * Type-ahead, as in Claude Code: an instruction submitted during a mission waits its turn rather
 * than being refused, and runs when the mission has ended, however it ended, in the order typed.
 * Esc, Ctrl-C and the e-stop key cancel the mission and the queue together (a robot told to stop
 * must not set off on the next instruction).
 */
export function useTypeAhead(session: MissionSession, running: boolean, dispatch: (action: TranscriptAction) => void): TypeAhead {
  const [queued, queuedRef, setQueued] = useSyncedState<string[]>([]);

  const enqueueIfBusy = useCallback(
    (line: string) => {
      // Behind others that wait: order is kept even in the moment between two missions.
      if (!session.getState().running && !queuedRef.current.length) return false;
      setQueued((q) => [...q, line]);
      return true;
    },
    [session, queuedRef, setQueued],
  );

  const clear = useCallback(() => {
    const n = queuedRef.current.length;
    if (!n) return 0;
    setQueued([]);
    dispatch({ type: 'note', level: 'info', text: `queue cleared: ${n} queued instruction${n === 1 ? '' : 's'} will not run` });
    return n;
  }, [queuedRef, setQueued, dispatch]);

  // The session, not the rendered flag, decides: runMission marks itself running at once, so a
  // second pass of this effect before the re-render does not start another.
  useEffect(() => {
    const state = session.getState();
    if (state.running || state.confirmation || !queuedRef.current.length) return;
    const [next, ...rest] = queuedRef.current;
    setQueued(rest);
    void session.runMission(next!);
  }, [session, running, queued, queuedRef, setQueued]);

  return { queued, enqueueIfBusy, clear };
}
