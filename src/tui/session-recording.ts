import { MissionRecorder } from '../replay/recorder.js';
import { fileLineSink, imageDirectory } from '../replay/file-sink.js';
import { buildReplayHeader, type HeaderFacts } from '../replay/replay-header.js';
import type { ReplayHeader } from '../replay/replay-format.js';

/**
 * Where a session mission starts: the scenario's initial world (mission 1 after the world was
 * built, no operator e-stop since), or the world the earlier recordings of the session left
 * behind, listed in order. A replay can verify only the first kind on its own.
 */
export type SessionPlace = NonNullable<ReplayHeader['session']>;

/** Starts recording one mission of a session; throws when the file cannot be written. */
export function recordSessionMission(path: string, facts: HeaderFacts, place: SessionPlace): MissionRecorder {
  return new MissionRecorder(fileLineSink(path), buildReplayHeader({ ...facts, session: place }), imageDirectory(path));
}
