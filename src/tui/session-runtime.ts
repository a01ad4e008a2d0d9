import type { MissionRecorder } from '../replay/recorder.js';
import { MissionRuntime } from '../runtime/mission-runtime.js';
import type { Scenario } from '../sim/scenario.js';
import type { SessionConfig } from './session.js';
import type { NoteLevel } from './transcript.js';

/** What the runtime's callbacks reach: the running mission's recorder and the session's notes. */
export interface LiveHooks {
  recorder?: MissionRecorder;
  note?: (level: NoteLevel, text: string) => void;
}

/** One world of the session: the runtime `run` uses, with the hooks wired to whatever mission runs in it. */
export function openRuntime(config: SessionConfig, scenario: Scenario, live: LiveHooks): Promise<MissionRuntime> {
  return MissionRuntime.open({
    scenario,
    seed: config.seed,
    realtime: config.realtime,
    detector: config.detector,
    sharedDetector: config.sharedDetector,
    servers: config.servers,
    preloadDetector: true,
    // get_time reads go into the running mission's recording, so its replay restores them.
    wallClock: () => {
      const now = (config.wallClock ?? Date.now)();
      live.recorder?.recordClock(now);
      return now;
    },
    version: config.version,
    onServerStatus: (change) => {
      if (change.status.state !== 'connected') live.note?.('warning', `MCP server "${change.status.name}" ${change.status.state}${change.status.error ? `: ${change.status.error.split('\n')[0]}` : ''}; its tools are withdrawn`);
    },
  });
}
