import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CoverageMap, type FloorMap, type Point } from '../../src/agent/planner/coverage.js';

/**
 * The order coverage views come in: a search looks near where the robot is first and reaches
 * far floor later, so a near object costs a few calls and a far one more, in proportion to the
 * floor between; never a tour of every waypoint before the first useful look.
 */
function mapOf(file: string): FloorMap & { start: Point } {
  const s = JSON.parse(readFileSync(file, 'utf8'));
  return {
    width: s.room.width,
    depth: s.room.depth,
    obstacles: s.obstacles.map((o: { x: number; y: number; width: number; depth: number }) => ({ min_x: o.x - o.width / 2, max_x: o.x + o.width / 2, min_y: o.y - o.depth / 2, max_y: o.y + o.depth / 2 })),
    start: { x: s.robot.x, y: s.robot.y },
  };
}

/** The views a full sweep takes from the start, and how much floor was covered after each. */
function sweep(map: FloorMap, start: Point) {
  const c = new CoverageMap(map);
  const views = [start];
  const shares: number[] = [];
  c.scannedFrom(start);
  shares.push(c.coveredShare());
  for (let v = c.nextView(start); v; v = c.nextView(views.at(-1)!)) {
    views.push(v);
    c.scannedFrom(v);
    shares.push(c.coveredShare());
  }
  return { c, views, shares };
}

const ROOMS = ['bench/agent-suite/scenarios/loading-hall.json', 'bench/agent-suite/scenarios/office-corridor.json', 'test/fixtures/scenarios/hall-20x15.json'];

describe('coverage order', () => {
  it.each(ROOMS)('covers the free floor of %s, walls and doorways included', (file) => {
    const map = mapOf(file);
    const { c, views } = sweep(map, map.start);
    expect(c.coveredShare()).toBeGreaterThan(0.95);
    // Far fewer views than the 1 m grid of candidate spots (a tour of every waypoint).
    expect(views.length).toBeLessThan((map.width * map.depth) / 10);
  });

  it.each(ROOMS)('uncovers floor in proportion to the views taken in %s: most of it early, not all at the end', (file) => {
    const map = mapOf(file);
    const { shares } = sweep(map, map.start);
    const half = shares[Math.floor(shares.length / 2)]!;
    expect(half).toBeGreaterThan(0.6);
    // Each view adds floor; none is a wasted trip.
    for (let i = 1; i < shares.length; i++) expect(shares[i]!).toBeGreaterThan(shares[i - 1]!);
  });

  it.each(ROOMS)('looks near the robot before it looks far in %s: on average, farther floor takes more scans to reach', (file) => {
    const map = mapOf(file);
    // One sweep; each sample spot is numbered by the scan that first covered it.
    const spots: Array<{ p: Point; d: number; n?: number }> = [];
    for (let x = 0.75; x < map.width; x += 1.5) for (let y = 0.75; y < map.depth; y += 1.5) spots.push({ p: { x, y }, d: Math.hypot(x - map.start.x, y - map.start.y) });
    const c = new CoverageMap(map);
    let at = map.start;
    for (let n = 1; at; n++) {
      c.scannedFrom(at);
      for (const s of spots) if (s.n === undefined && c.covers(s.p)) s.n = n;
      at = c.nextView(at)!;
    }
    const bands = [0, 0, 0].map(() => [] as number[]);
    for (const s of spots) if (s.n !== undefined) bands[s.d < 5 ? 0 : s.d < 12 ? 1 : 2]!.push(s.n);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [near, middle, far] = bands.map(mean) as [number, number, number];
    expect(near).toBeLessThan(middle);
    expect(middle).toBeLessThan(far);
  });

  it('plans the first view a short drive away, not at the far end of the room', () => {
    const map = mapOf('bench/agent-suite/scenarios/loading-hall.json');
    const c = new CoverageMap(map);
    c.scannedFrom(map.start);
    const first = c.nextView(map.start)!;
    expect(Math.hypot(first.x - map.start.x, first.y - map.start.y)).toBeLessThan(7);
  });

  it('says whether a spot has been covered, and that obstacle floor never is', () => {
    const map = mapOf('bench/agent-suite/scenarios/loading-hall.json');
    const c = new CoverageMap(map);
    expect(c.covers({ x: 3, y: 2 })).toBe(false);
    c.scannedFrom({ x: 1, y: 1 });
    expect(c.covers({ x: 3, y: 2 })).toBe(true);
    expect(c.covers({ x: 18, y: 13 })).toBe(false);
    expect(c.covers({ x: 5, y: 5 })).toBe(false); // pillar_1
  });
});
