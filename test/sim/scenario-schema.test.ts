import { describe, expect, it } from 'vitest';
import { listScenarios, loadScenario, parseScenario, ScenarioError } from '../../src/sim/scenario.js';

const valid = () => JSON.parse(JSON.stringify(loadScenario('warehouse')));

function problem(raw: unknown): string {
  try {
    parseScenario(raw, 'test.json');
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as Error).message;
  }
  throw new Error('expected a schema error');
}

describe('scenario files', () => {
  it('loads every built-in scenario and the required zones', () => {
    const all = listScenarios();
    expect(all.map((s) => s.name).sort()).toEqual(['cluttered', 'dim', 'empty', 'low-battery', 'twins', 'warehouse']);
    for (const s of all) {
      for (const zone of ['shelf', 'bin_a', 'bin_b', 'charging_dock', 'home']) expect(s.zones.map((z) => z.name)).toContain(zone);
    }
    expect(loadScenario('low-battery').robot.battery).toBeCloseTo(0.12);
    expect(loadScenario('twins').objects.filter((o) => o.color === 'red' && o.shape === 'cube')).toHaveLength(2);
    expect(loadScenario('empty').objects).toHaveLength(0);
    const shapes = new Set(loadScenario('warehouse').objects.map((o) => `${o.color} ${o.shape}`));
    expect(shapes).toEqual(new Set(['red cube', 'blue cube', 'green ball', 'yellow cylinder']));
  });

  it('names the offending field of a broken scenario', () => {
    const wrongType = valid();
    wrongType.objects[1].size = 'big';
    expect(problem(wrongType)).toMatch(/field "objects\[1\]\.size"/);
    const badColor = valid();
    badColor.objects[0].color = 'purple';
    expect(problem(badColor)).toMatch(/field "objects\[0\]\.color"/);
    const noRobot = valid();
    delete noRobot.robot;
    expect(problem(noRobot)).toMatch(/field "robot"/);
    const outside = valid();
    outside.objects[2].x = 50;
    expect(problem(outside)).toMatch(/objects\[2\]\.x.*outside the room/);
    const dup = valid();
    dup.objects[1].id = dup.objects[0].id;
    expect(problem(dup)).toMatch(/duplicate object id/);
  });

  it('explains unknown names and unreadable files', () => {
    expect(() => loadScenario('atlantis')).toThrow(/unknown scenario "atlantis"; built-in scenarios: .*warehouse/);
    expect(() => loadScenario('/nonexistent/x.json')).toThrow(/^scenario file \/nonexistent\/x\.json not found$/);
  });
});
