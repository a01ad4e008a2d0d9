import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');

/** The benches and training scripts are plain JavaScript that import the build; no type check
 *  reads them, so a module that moved in src/ would only be found when someone runs them. */
const SCRIPT_DIRS = ['bench', 'models/train'];

function scripts(): string[] {
  return SCRIPT_DIRS.flatMap((dir) =>
    readdirSync(join(repo, dir))
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => join(repo, dir, f)),
  );
}

describe('bench and training scripts', () => {
  it('import only build modules whose source exists', () => {
    const imports = scripts().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"]((?:\.\.\/)+dist\/[^'"]+)\.js['"]/g)].map((m) => ({
        file: relative(repo, file),
        source: relative(repo, resolve(file, '..', m[1]!.replace('/dist/', '/src/'))),
      })),
    );
    expect(imports.length).toBeGreaterThan(10);
    const missing = imports.filter(({ source }) => !existsSync(join(repo, `${source}.ts`)) && !existsSync(join(repo, `${source}.tsx`)));
    expect(missing).toEqual([]);
  });
});
