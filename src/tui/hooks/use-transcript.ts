import { useCallback, useEffect, useRef, useState } from 'react';
import type { MissionSession } from '../../runtime/mission-session.js';
import { emptyTranscript, reduceTranscript, type TranscriptAction, type TranscriptState } from '../transcript.js';

/**
 * The conversation pane's state: the session's MissionEvents and notes through the pure reducer.
 * Actions arriving together (a fast virtual-time mission) are applied in one render.
 */
export function useTranscript(session: MissionSession): [TranscriptState, (action: TranscriptAction) => void] {
  const [state, setState] = useState<TranscriptState>(emptyTranscript);
  const queue = useRef<TranscriptAction[]>([]);
  const scheduled = useRef<NodeJS.Immediate | null>(null);

  const dispatch = useCallback((action: TranscriptAction) => {
    queue.current.push(action);
    scheduled.current ??= setImmediate(() => {
      scheduled.current = null;
      const batch = queue.current.splice(0);
      setState((s) => batch.reduce(reduceTranscript, s));
    });
  }, []);

  useEffect(() => session.onAction(dispatch), [session, dispatch]);
  useEffect(
    () => () => {
      if (scheduled.current) clearImmediate(scheduled.current);
    },
    [],
  );
  return [state, dispatch];
}
