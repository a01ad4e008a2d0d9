import { describe, expect, it } from 'vitest';
import { CoverageMap } from '../../src/agent/planner/coverage.js';

/** Which directions a scan from a second place looks in: only those with floor not yet covered. */
describe('coverage: the headings worth a scan', () => {
  const room = { width: 10, depth: 4, obstacles: [] };
  // Long enough that the floor around the first scan's spot (below its camera) is out of reach of the second.
  const corridor = { width: 14, depth: 4, obstacles: [] };

  it('looks all around from the first place, where nothing is covered yet', () => {
    expect(new CoverageMap(room).scanHeadings({ x: 2, y: 2 }, 0)).toBeUndefined();
  });

  it('from further along, skips the directions back over floor the first scan covered', () => {
    const c = new CoverageMap(corridor);
    c.scannedFrom({ x: 2, y: 2 });
    const headings = c.scanHeadings({ x: 6, y: 2 }, 90)!;
    expect(headings.length).toBeGreaterThan(0);
    expect(headings.length).toBeLessThan(12);
    // Ahead (+x, where nothing was seen) is kept; straight back (180°, all covered) is not.
    expect(headings).toContain(0);
    expect(headings).not.toContain(180);
    // Counter-clockwise from the robot's own heading, as a scan all around would turn, in degrees
    // as the robot reports them (-180 < h <= 180).
    expect(headings).toEqual([90, 120, 150, -150, -120, -90, -60, -30, 0, 30, 60]);
  });

  it('every uncovered cell a heading would show keeps each heading whose field holds it', () => {
    const c = new CoverageMap(corridor);
    c.scannedFrom({ x: 2, y: 2 });
    const headings = c.scanHeadings({ x: 6, y: 2 }, 0)!;
    // The far end of the corridor lies at 0° ± 35°: the headings either side are kept too.
    expect(headings).toEqual(expect.arrayContaining([0, 30, -30]));
  });

  it('looks all around when nothing new is in reach (a look for look-alikes looks everywhere)', () => {
    const c = new CoverageMap(room);
    for (const x of [1, 3, 5, 7, 9]) c.scannedFrom({ x, y: 2 });
    expect(c.scanHeadings({ x: 5, y: 2 }, 0)).toBeUndefined();
  });
});
