import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const depcruise = join(repo, 'node_modules/.bin/depcruise');

/** Runs the project's dependency rules over a small tree of files; returns exit code and output. */
async function check(cwd: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(depcruise, ['src', '--config', '.dependency-cruiser.cjs'], { cwd });
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string };
    return { code: err.code, out: err.stdout };
  }
}

const dirs: string[] = [];
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'));
  dirs.push(dir);
  cpSync(join(repo, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the layer rules (npm run depcheck)', () => {
  it('pass on the repository as it is', async () => {
    const { code, out } = await check(repo);
    expect(out).toContain('no dependency violations');
    expect(code).toBe(0);
  }, 60_000);

  it('fail on a wrong-way import: the robot reaching up into mcp', async () => {
    const dir = tree({
      'src/mcp/server.ts': "export const name = 'server';\n",
      'src/robot/robot.ts': "import { name } from '../mcp/server.js';\nexport const robot = name;\n",
    });
    const { code, out } = await check(dir);
    expect(code).not.toBe(0);
    expect(out).toContain('layer-robot');
  }, 60_000);

  it('fail on vision importing the simulator, and allow it the robot ports', async () => {
    const dir = tree({
      'src/sim/world.ts': "export const world = 1;\n",
      'src/robot/perception.ts': 'export interface Perception { x: number }\n',
      'src/vision/pipeline.ts': "import { world } from '../sim/world.js';\nimport type { Perception } from '../robot/perception.js';\nexport const p: Perception = { x: world };\n",
    });
    const { code, out } = await check(dir);
    expect(code).not.toBe(0);
    expect(out).toContain('src/vision/pipeline.ts → src/sim/world.ts');
    expect(out).not.toContain('src/vision/pipeline.ts → src/robot/perception.ts');
  }, 60_000);

  it('fail on a cycle inside one layer', async () => {
    const dir = tree({
      'src/tui/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/tui/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    const { code, out } = await check(dir);
    expect(code).not.toBe(0);
    expect(out).toContain('no-circular');
  }, 60_000);
});
