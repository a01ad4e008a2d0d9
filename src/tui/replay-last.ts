import { listRecordings } from '../replay/recording-index.js';

/** The word that names the newest recording, in `/replay last` as in the CLI's `replay last`. */
export const LAST_RECORDING = 'last';

/** The file `/replay` plays: `last` is the newest in the recordings folder, anything else a path. */
export function replayFileFor(file: string, recordDir: string | null): { file: string } | { error: string } {
  if (file !== LAST_RECORDING) return { file };
  if (recordDir === null) return { error: '"last" names the newest recording, but this session records none (--no-record); name a file' };
  const newest = listRecordings(recordDir, 1)[0];
  return newest ? { file: newest.path } : { error: `"last" names no recording: there are none in ${recordDir} yet` };
}
