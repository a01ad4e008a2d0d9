import { basename } from 'node:path';
import { recordingPath, utcStamp } from '../replay/file-sink.js';
import type { MissionRecorder } from '../replay/recorder.js';
import { openMissionRecording } from './mission-recording.js';
import type { MissionOptions, MissionRuntime } from './mission-runtime.js';

/** A mission's recording could not be started (the file exists, or cannot be written). */
export class RecordingError extends Error {
  override name = 'RecordingError';
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super((cause as Error).message, { cause });
  }

  /** Recordings are never overwritten: the file was there already. */
  get fileExists(): boolean {
    return (this.cause as NodeJS.ErrnoException).code === 'EEXIST';
  }
}

export interface StartedRecording {
  path: string;
  recorder: MissionRecorder;
}

/**
 * The recordings of a session: each mission's file, and — in an interactive session — where in
 * the session it started: the scenario's initial world (the first mission since the world was
 * built, with no operator e-stop since), or the world the earlier recordings left behind, listed
 * in order. A replay can verify only the first kind on its own. A one-shot session's single
 * mission always starts from the initial world, and its header says nothing more, as a recording
 * made before sessions existed.
 */
export class SessionRecordings {
  private readonly id: string;
  /** Recordings made since this world was built, in order: a later mission starts where they left it. */
  private chain: string[] = [];
  /** The operator changed the world outside any recorded mission (the e-stop key). */
  private touched = false;

  constructor(
    /** Directory for the recordings, or null not to record (unless a mission names its own file). */
    private readonly dir: string | null,
    private readonly now: () => number,
    private readonly oneShot: boolean,
  ) {
    this.id = utcStamp(new Date(now()));
  }

  /**
   * Starts recording a mission about to run in `runtime`, to `file` or a new file in the
   * directory; null when the session does not record. Throws a RecordingError when the file
   * cannot be created.
   */
  start(runtime: MissionRuntime, mission: MissionOptions, providerNote: string | undefined, file?: string): StartedRecording | null {
    const path = file ?? (this.dir === null ? null : recordingPath(this.dir, mission.instruction, new Date(this.now())));
    if (path === null) return null;
    const session = { id: this.id, mission: this.chain.length + 1, initialWorld: this.chain.length === 0 && !this.touched, after: [...this.chain] };
    try {
      const recorder = openMissionRecording(runtime, mission, {
        path,
        recordedAt: new Date(this.now()),
        ...(providerNote ? { providerNote } : {}),
        ...(this.oneShot ? {} : { session }),
      });
      return { path, recorder };
    } catch (e) {
      throw new RecordingError(path, e);
    }
  }

  /** A mission was recorded to `path`: the next one starts from the world it left. */
  recorded(path: string): void {
    this.chain.push(basename(path));
  }

  /** The operator changed the world between missions. */
  touchedByOperator(): void {
    this.touched = true;
  }

  /** A fresh world: the next mission starts from the scenario's initial world again. */
  newWorld(): void {
    this.chain = [];
    this.touched = false;
  }
}
