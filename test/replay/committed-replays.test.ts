import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/runtime/replay-mission.js';
import { readReplay } from '../../src/replay/replay-reader.js';
import { sharedDetector } from '../helpers/shared-detector.js';

const dir = 'missions/replays';
const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();

/** Every committed recording replays exactly: CI's guard against unintended behaviour changes. */
describe('committed mission replays', () => {
  it('has the recorded mission set', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });

  it.each(files)('%s replays without divergence', async (file) => {
    const replay = readReplay(join(dir, file));
    const verdict = await verifyReplay(replay, { version: 'test', sharedDetector: await sharedDetector() });
    expect(verdict.divergence?.diff ?? '', JSON.stringify(verdict.divergence ?? {})).toBe('');
    expect(verdict.ok).toBe(true);
  });
});
