import { useSyncExternalStore } from 'react';
import type { MissionSession, SessionState } from '../../runtime/mission-session.js';

/** The session's flags (running, confirmation, world, provider), re-rendering when they change. */
export function useSessionState(session: MissionSession): SessionState {
  return useSyncExternalStore(session.subscribeState, session.getState);
}
