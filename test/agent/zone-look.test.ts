import { describe, expect, it } from 'vitest';
import { zonePoints } from '../../src/agent/planner/skills/zone-look.js';

describe('the points a look at a whole zone must have seen', () => {
  it('cover a 1 m bin from edge to edge: its corners, its edges and its middle, just inside it', () => {
    const pts = zonePoints({ name: 'bin_right', min_x: 3.5, min_y: 0.5, max_x: 4.5, max_y: 1.5 });
    expect(pts).toHaveLength(9);
    expect(pts).toContainEqual({ x: 3.58, y: 0.58 });
    expect(pts).toContainEqual({ x: 4.42, y: 1.42 });
    expect(pts).toContainEqual({ x: 4, y: 1 });
    for (const p of pts) expect(p.x >= 3.5 && p.x <= 4.5 && p.y >= 0.5 && p.y <= 1.5).toBe(true);
  });

  it('are at most half a metre apart over a long zone, so an object anywhere in it is near one', () => {
    const pts = zonePoints({ name: 'bench', min_x: 7, min_y: 0.4, max_x: 10, max_y: 1.6 });
    const xs = [...new Set(pts.map((p) => p.x))].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(7.08);
    expect(xs.at(-1)).toBeCloseTo(9.92);
    for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeLessThanOrEqual(0.5);
  });

  it('are its middle alone for a zone narrower than twice the margin', () => {
    expect(zonePoints({ name: 'tiny', min_x: 1, min_y: 1, max_x: 1.1, max_y: 1.1 })).toEqual([{ x: 1.05, y: 1.05 }]);
  });
});
