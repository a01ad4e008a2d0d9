import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileReadError, readBinaryFile, readTextFile } from '../../src/core/read-file.js';

const tmp = mkdtempSync(join(tmpdir(), 'read-file-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

class ScenarioProblem extends Error {}

describe('readTextFile / readBinaryFile', () => {
  it('returns the contents as text or bytes', () => {
    const file = join(tmp, 'a.txt');
    writeFileSync(file, 'héllo');
    expect(readTextFile(file, { what: 'file' })).toBe('héllo');
    expect([...readBinaryFile(file, { what: 'file' })]).toEqual([...Buffer.from('héllo')]);
  });

  it('throws one line naming the file and the reason, with the hint', () => {
    const missing = join(tmp, 'missing.json');
    expect(() => readTextFile(missing, { what: 'labels file', hint: 'check the --detector-labels path' })).toThrow(
      new FileReadError(`labels file ${missing} not found: check the --detector-labels path`),
    );
    expect(() => readBinaryFile(tmp, { what: 'image', shown: 'the-dir' })).toThrow('image the-dir is a directory, not a file');
  });

  it("throws the caller's own error class", () => {
    const error = (() => {
      try {
        readTextFile(join(tmp, 'nope.json'), { what: 'scenario file', errorClass: ScenarioProblem });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ScenarioProblem);
    expect((error as Error).message).toMatch(/^scenario file .*nope\.json not found$/);
  });
});
