import { useSyncExternalStore } from 'react';
import type { SessionState, TuiSession } from '../session.js';

/** The session's flags (running, confirmation, world, provider), re-rendering when they change. */
export function useSessionState(session: TuiSession): SessionState {
  return useSyncExternalStore(session.subscribeState, session.getState);
}
