import { closeSync, existsSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ImageStore, LineSink } from './recorder.js';

/**
 * A recording file written line by line straight to the OS (no user-space buffer), so a process
 * killed mid-mission leaves every completed line on disk and at most a partial last one.
 */
export function fileLineSink(path: string): LineSink {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'wx');
  let open = true;
  return {
    writeLine(line) {
      if (open) writeSync(fd, `${line}\n`);
    },
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}

/** Images beside the recordings, in `images/<sha256>.png`, each written once. */
export function imageDirectory(recordingPath: string): ImageStore {
  const dir = join(dirname(recordingPath), 'images');
  return (sha256, bytes, mimeType) => {
    const file = join(dir, `${sha256}.${mimeType === 'image/png' ? 'png' : 'bin'}`);
    if (existsSync(file)) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, bytes);
  };
}

/** `20261122T081500Z`: UTC to the second, safe in file names. */
export function utcStamp(time: Date): string {
  return time.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** `missions/recordings/20261122T081500Z-pick-up-the-red-cube.jsonl` */
export function recordingPath(dir: string, instruction: string, now: Date): string {
  const stamp = utcStamp(now);
  const slug = instruction.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 48) || 'mission';
  let path = join(dir, `${stamp}-${slug}.jsonl`);
  for (let i = 2; existsSync(path); i++) path = join(dir, `${stamp}-${slug}-${i}.jsonl`);
  return path;
}
