import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/sim/scenario.js';
import { World } from '../../src/sim/world.js';
import { stripAnsi } from '../../src/tui/ansi.js';
import { legendLines } from '../../src/tui/components/map-legend.js';
import { MapView } from '../../src/tui/components/map-view.js';
import { layoutFor } from '../../src/tui/layout.js';
import type { MapObject } from '../../src/tui/robot-view.js';

afterEach(cleanup);

const map = new World(loadScenario('warehouse')).map;
const cube: MapObject = { id: 'red_cube#1', label: 'red_cube', color: 'red', shape: 'cube', x: 6.2, y: 6.2 };
const ball: MapObject = { id: 'blue_ball#2', label: 'blue_ball', color: 'blue', shape: 'ball', x: 2, y: 6 };
const text = (lines: ReturnType<typeof legendLines>) => lines.map((l) => l.map((i) => (i.glyph ? `${i.glyph} ${i.text}` : i.text)).join('  '));

describe('the map legend', () => {
  it('explains every glyph, the dot grid included, then the objects seen', () => {
    expect(text(legendLines([cube, ball], 80, 4))).toEqual(['→ robot  • path  · 1 m grid  █ obstacle  ■ red_cube#1  ● blue_ball#2']);
    expect(text(legendLines([], 36, 4))).toEqual(['→ robot  • path  · 1 m grid', '█ obstacle  no objects seen yet']);
    expect(text(legendLines([cube], 20, 9, true))).toEqual(['→ robot', '• path', '· 1 m grid', '█ obstacle', '■ red_cube#1']);
  });

  it('counts what does not fit instead of cutting it off', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ ...cube, id: `red_cube#${i + 1}` }));
    const lines = text(legendLines(many, 36, 3));
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.length <= 36)).toBe(true);
    expect(lines[2]).toMatch(/\+\d more$/);
    const shown = lines.join('  ').match(/red_cube#\d/g)!.length;
    expect(shown + Number(lines[2]!.match(/\+(\d) more$/)![1])).toBe(6);
  });

  const sizes = [
    { columns: 80, rows: 24 },
    { columns: 100, rows: 32 },
    { columns: 120, rows: 40 },
    { columns: 200, rows: 50 },
  ];
  it.each(sizes)('is always shown whole beside or under the map, at $columns×$rows', (size) => {
    const panel = layoutFor(size.columns, size.rows).side!.panels.find((p) => p.kind === 'map')!;
    const scene = { pose: { x: 1, y: 1, heading: 0 }, path: [], objects: [cube] };
    const frame = stripAnsi(render(<MapView map={map} scene={scene} width={panel.width} height={panel.height} depth={1} />).lastFrame()!);
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThanOrEqual(panel.height);
    expect(lines.every((l) => [...l].length <= panel.width)).toBe(true);
    for (const key of ['→ robot', '• path', '· 1 m grid', '█ obstacle', '■ red_cube#1']) expect(frame).toContain(key);
    expect(frame).not.toContain('…'); // nothing cut off
    expect(frame).toMatch(/┌─+┐/);
  });
});
