import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listScenarios, loadScenario, type Scenario } from '../../src/sim/scenario.js';
import { World } from '../../src/sim/world.js';
import { HALVES, loadSuiteFile, splitHalves, type SuiteInstruction } from '../../src/tools/agent-suite.js';

const suiteDir = resolve(import.meta.dirname, '../../bench/agent-suite');
const scenarioFiles = readdirSync(join(suiteDir, 'scenarios')).filter((f) => f.endsWith('.json'));
const suite = loadSuiteFile(join(suiteDir, 'instructions.yaml'));
const scenarios = new Map<string, Scenario>(scenarioFiles.map((f) => [basename(f, '.json'), loadScenario(join(suiteDir, 'scenarios', f))]));

/** Object ids and zone names a judge condition refers to. */
function references(condition: Record<string, unknown>): { objects: string[]; zones: string[] } {
  const [key, arg] = Object.entries(condition)[0]!;
  const objects: string[] = [];
  const zones: string[] = [];
  if (key === 'unmoved' && Array.isArray(arg)) objects.push(...arg);
  if (key === 'holding' && arg !== null) objects.push(...(Array.isArray(arg) ? arg : [arg as string]));
  if (key === 'robot_in_zone' || key === 'never_entered') zones.push(arg as string);
  if (typeof arg === 'object' && arg !== null && !Array.isArray(arg)) {
    const a = arg as Record<string, unknown>;
    for (const k of ['object', 'to']) if (typeof a[k] === 'string') objects.push(a[k]);
    if (typeof a.zone === 'string') zones.push(a.zone);
  }
  return { objects, zones };
}

describe('agent suite rooms', () => {
  it('has at least six rooms, none of them a built-in', () => {
    expect(scenarioFiles.length).toBeGreaterThanOrEqual(6);
    const builtIn = new Set(listScenarios().map((s) => s.name));
    for (const s of scenarios.values()) expect(builtIn.has(s.name), s.name).toBe(false);
  });

  it.each(scenarioFiles)('%s loads, is named after its file, fits 20 x 15 m and builds a world', (file) => {
    const s = scenarios.get(basename(file, '.json'))!;
    expect(s.name).toBe(basename(file, '.json'));
    expect(s.room.width).toBeLessThanOrEqual(20);
    expect(s.room.depth).toBeLessThanOrEqual(15);
    const world = new World(s);
    expect(world.objects.length).toBeGreaterThan(0);
    // zones do not overlap: an object's zone must not depend on the order they are listed in
    for (const a of world.map.zones) {
      for (const b of world.map.zones) {
        if (a !== b) expect(a.maxX <= b.minX || b.maxX <= a.minX || a.maxY <= b.minY || b.maxY <= a.minY, `${a.name} overlaps ${b.name}`).toBe(true);
      }
    }
  });
});

describe('agent suite instructions', () => {
  it('has at least 80 instructions, possible and impossible', () => {
    expect(suite.length).toBeGreaterThanOrEqual(80);
    expect(suite.filter((e) => !e.possible).length).toBeGreaterThanOrEqual(8);
  });

  it.each(suite.map((e) => [e.id, e] as const))('%s names a suite room, and its judge names what that room has', (_id, e: SuiteInstruction) => {
    const s = scenarios.get(e.scenario);
    expect(s, `no scenario ${e.scenario}`).toBeDefined();
    expect(e.judge.length).toBeGreaterThan(0);
    expect(HALVES).toContain(e.half);
    const objects = new Set(s!.objects.map((o) => o.id));
    const zones = new Set(s!.zones.map((z) => z.name));
    for (const c of e.judge) {
      const refs = references(c as Record<string, unknown>);
      for (const o of refs.objects) expect(objects.has(o), `${e.id}: object ${o}`).toBe(true);
      for (const z of refs.zones) expect(zones.has(z), `${e.id}: zone ${z}`).toBe(true);
    }
  });

  it('puts every form, every room and impossible instructions of the split batch in both halves', () => {
    // Rooms and entries added after the split are held-out only, on purpose: nobody tunes on them.
    const firstBatch = suite.filter((e) => !e.added_after_split);
    for (const half of HALVES) {
      const mine = firstBatch.filter((e) => e.half === half);
      expect(new Set(mine.map((e) => e.form))).toEqual(new Set(firstBatch.map((e) => e.form)));
      expect(new Set(mine.map((e) => e.scenario))).toEqual(new Set(firstBatch.map((e) => e.scenario)));
      expect(mine.filter((e) => !e.possible).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('uses every room in the scenarios folder', () => {
    expect(new Set(suite.map((e) => e.scenario))).toEqual(new Set(scenarios.keys()));
  });

  it('keeps the split the rule fixed before tuning; later additions are held-out', () => {
    const firstBatch = suite.filter((e) => !e.added_after_split);
    const rule = splitHalves(firstBatch);
    expect(firstBatch.filter((e) => e.half !== rule.get(e.id)).map((e) => e.id)).toEqual([]);
    expect(suite.filter((e) => e.added_after_split && e.half !== 'held-out')).toEqual([]);
  });

  it('the split rule deals each form out alternately, whatever the order of the entries', () => {
    const entries = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, form: 'x' }));
    const halves = splitHalves(entries);
    const counts = [...halves.values()].reduce((m, h) => m.set(h, (m.get(h) ?? 0) + 1), new Map<string, number>());
    expect([counts.get('tune'), counts.get('held-out')].sort()).toEqual([2, 3]);
    expect(splitHalves([...entries].reverse())).toEqual(halves);
  });
});

describe('agent suite scripts', () => {
  // test/structure checks bench/*.mjs; the suite's modules sit one folder down
  it('import only build modules whose source exists', () => {
    const scripts = readdirSync(suiteDir).filter((f) => f.endsWith('.mjs'));
    const imports = scripts.flatMap((f) => [...readFileSync(join(suiteDir, f), 'utf8').matchAll(/['"]\.\.\/\.\.\/dist\/([^'"]+)\.js['"]/g)].map((m) => m[1]!));
    expect(imports.length).toBeGreaterThan(5);
    expect(imports.filter((m) => !existsSync(resolve(suiteDir, '../../src', `${m}.ts`)))).toEqual([]);
  });
});
