import { copyFileSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLineEnds } from '../../src/replay/line-ends.js';
import { listRecordings } from '../../src/replay/recording-index.js';

const replays = resolve(import.meta.dirname, '../../missions/replays');
const temp = () => mkdtempSync(join(tmpdir(), 'ra-index-'));

/** Copies a committed recording into `dir` as `name`, dated `minutesAgo` by its modification time. */
function place(dir: string, source: string, name: string, minutesAgo: number): string {
  const file = join(dir, name);
  copyFileSync(join(replays, source), file);
  const when = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(file, when, when);
  return file;
}

describe('the recordings index', () => {
  it('lists the newest by modification time up to the limit, with their headers and outcomes', () => {
    const dir = temp();
    place(dir, 'twins-where-are-you.jsonl', 'a.jsonl', 30);
    const middle = place(dir, 'empty-ball-not-found.jsonl', 'b.jsonl', 20);
    const newest = place(dir, 'anthropic-fake-cancelled-operation.jsonl', 'c.jsonl', 10);
    writeFileSync(join(dir, 'notes.jsonl'), 'not a recording\n');

    const two = listRecordings(dir, 2);
    expect(two.map((e) => e.path).sort()).toEqual([middle, newest]);
    expect(listRecordings(dir)).toHaveLength(3);
    const twins = listRecordings(dir).find((e) => e.path.endsWith('a.jsonl'));
    // The header's own stamp, read here so re-recording the committed replays keeps this test true.
    const { recordedAt } = JSON.parse(readFileSync(join(replays, 'twins-where-are-you.jsonl'), 'utf8').split('\n')[0]!) as { recordedAt: string };
    expect(twins).toEqual({ path: join(dir, 'a.jsonl'), recordedAt, scenario: 'twins', instruction: 'go to bin b, then where are you?', outcome: 'succeeded' });
    expect(listRecordings(join(dir, 'not-there'))).toEqual([]);
  });

  it('reads a file again when it changes, and keeps what it read while it does not', () => {
    const dir = temp();
    const file = place(dir, 'twins-where-are-you.jsonl', 'run.jsonl', 5);
    const whole = readFileSync(file, 'utf8');
    expect(listRecordings(dir)[0]!.outcome).toBe('succeeded');

    // Same size and time: the kept entry stands (the file is not read again).
    const sameSize = whole.replace('"outcome":"succeeded"', '"outcome":"abcdefghi"');
    writeFileSync(file, sameSize);
    const then = new Date(Date.now() - 5 * 60_000);
    utimesSync(file, then, then);
    expect(listRecordings(dir)[0]!.outcome).toBe('succeeded');

    // Cut short, as a killed run leaves it: read again, unfinished.
    writeFileSync(file, whole.split('\n').slice(0, 4).join('\n') + '\n');
    expect(listRecordings(dir)[0]!.outcome).toBe('unfinished');
  });
});

describe('reading a file from both ends', () => {
  it('finds the first and last lines, however long, past blank lines and a missing final newline', () => {
    const dir = temp();
    const long = (c: string) => c.repeat(50_000);
    const cases: Array<[string, string | undefined, string | undefined]> = [
      ['', undefined, undefined],
      ['only\n', 'only', 'only'],
      ['only', 'only', 'only'],
      [`${long('h')}\nmiddle\n${long('t')}\n`, long('h'), long('t')],
      ['first\r\nsecond\r\n\r\n\n', 'first\r', 'second'],
      ['\n\n\n', undefined, undefined],
      [`héllo\n${'é'.repeat(20_000)}\n`, 'héllo', 'é'.repeat(20_000)],
    ];
    for (const [text, first, last] of cases) {
      const file = join(dir, 'f.txt');
      writeFileSync(file, text);
      expect(readLineEnds(file, Buffer.byteLength(text)), JSON.stringify(text.slice(0, 20))).toEqual({ first, last });
    }
  });
});
