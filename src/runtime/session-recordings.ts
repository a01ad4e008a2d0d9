import { basename } from 'node:path';
import { recordingPath, utcStamp } from '../replay/file-sink.js';
import type { RecordingPlan } from './mission-recording.js';

/**
 * The recordings of an interactive session: each mission's file, and where in the session it
 * started — the scenario's initial world (the first mission since the world was built, with no
 * operator e-stop since), or the world the earlier recordings left behind, listed in order. A
 * replay can verify only the first kind on its own.
 */
export class SessionRecordings {
  private readonly id: string;
  /** Recordings made since this world was built, in order: a later mission starts where they left it. */
  private chain: string[] = [];
  /** The operator changed the world outside any recorded mission (the e-stop key). */
  private touched = false;

  constructor(
    /** Directory for the recordings, or null not to record. */
    private readonly dir: string | null,
    private readonly now: () => number,
  ) {
    this.id = utcStamp(new Date(now()));
  }

  /** How to record the next mission, or null when the session does not record. */
  next(instruction: string, providerNote: string | undefined): RecordingPlan | null {
    if (!this.dir) return null;
    return {
      path: recordingPath(this.dir, instruction, new Date(this.now())),
      recordedAt: new Date(this.now()),
      ...(providerNote ? { providerNote } : {}),
      session: { id: this.id, mission: this.chain.length + 1, initialWorld: this.chain.length === 0 && !this.touched, after: [...this.chain] },
    };
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
