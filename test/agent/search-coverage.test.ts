import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CoverageMap, type FloorMap } from '../../src/agent/planner/coverage.js';

/** The coverage planner on map rectangles alone (what robot://map gives the planner). */
function mapOf(file: string): FloorMap {
  const s = JSON.parse(readFileSync(file, 'utf8'));
  return {
    width: s.room.width,
    depth: s.room.depth,
    obstacles: s.obstacles.map((o: { x: number; y: number; width: number; depth: number }) => ({ min_x: o.x - o.width / 2, max_x: o.x + o.width / 2, min_y: o.y - o.depth / 2, max_y: o.y + o.depth / 2 })),
  };
}

/** Scans from where it starts and from every view it proposes, until it proposes none. */
function sweep(map: FloorMap, start: { x: number; y: number }) {
  const c = new CoverageMap(map);
  const views = [start];
  c.scannedFrom(start);
  for (let v = c.nextView(start); v; v = c.nextView(views.at(-1)!)) {
    views.push(v);
    c.scannedFrom(v);
  }
  return { c, views };
}

describe('coverage views', () => {
  it('covers a 20 x 15 m hall with obstacles from a number of views that grows with its area, not a fixed grid', () => {
    const map = mapOf('test/fixtures/scenarios/hall-20x15.json');
    const { c, views } = sweep(map, { x: 1, y: 1 });
    expect(c.coveredShare()).toBeGreaterThan(0.97);
    // 300 m² seen about 35 m² at a time: well under the 48 points of a 2.5 m grid.
    expect(views.length).toBeLessThanOrEqual(20);
    for (const v of views.slice(1)) {
      expect(map.obstacles.some((o) => v.x > o.min_x - 0.5 && v.x < o.max_x + 0.5 && v.y > o.min_y - 0.5 && v.y < o.max_y + 0.5)).toBe(false);
    }
  });

  it('needs few views in a small room, and none once it is covered', () => {
    const { c, views } = sweep(mapOf('missions/scenarios/warehouse.json'), { x: 1, y: 1 });
    expect(views.length).toBeLessThanOrEqual(7);
    expect(c.nextView({ x: 5, y: 4 })).toBeNull();
  });

  it('does not count floor hidden behind an obstacle as seen', () => {
    const wall: FloorMap = { width: 10, depth: 4, obstacles: [{ min_x: 4.8, max_x: 5.2, min_y: 0, max_y: 4 }] };
    const c = new CoverageMap(wall);
    c.scannedFrom({ x: 3, y: 2 });
    const share = c.coveredShare();
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.5);
    // What is left lies behind the wall; a view the robot cannot reach is dropped and not proposed again.
    const next = c.nextView({ x: 3, y: 2 })!;
    expect(next.x).toBeGreaterThan(5.2);
    c.dropView(next);
    expect(c.nextView({ x: 3, y: 2 })).not.toEqual(next);
  });
});
