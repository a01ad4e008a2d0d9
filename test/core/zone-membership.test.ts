import { describe, expect, it } from 'vitest';
import { innermostZone, inZone, zonesContaining } from '../../src/core/zone-membership.js';

const zone = (name: string, minX: number, minY: number, maxX: number, maxY: number) => ({ name, minX, minY, maxX, maxY });
/** A bench listed first with a tray on it, two bins touching at x = 3.5, and a lane overlapping the bench. */
const bench = zone('bench', 7, 0.4, 10, 1.6);
const tray = zone('tray', 8.9, 0.6, 9.7, 1.4);
const binLeft = zone('bin_left', 2.5, 0.5, 3.5, 1.5);
const binRight = zone('bin_right', 3.5, 0.5, 4.5, 1.5);
const lane = zone('lane', 9.5, 0, 11, 2);
const zones = [bench, tray, binLeft, binRight, lane];

describe('zone membership', () => {
  it('a point in a zone nested in another is in both, whichever is listed first', () => {
    const inTray = { x: 9.3, y: 1.0 };
    expect(zonesContaining(zones, inTray).map((z) => z.name)).toEqual(['bench', 'tray']);
    expect(inZone(tray, inTray)).toBe(true);
    expect(inZone(bench, inTray)).toBe(true);
    expect(innermostZone(zones, inTray)?.name).toBe('tray');
    expect(innermostZone([tray, bench], inTray)?.name).toBe('tray');
  });

  it('a point on the bench outside the tray is in the bench only', () => {
    const onBench = { x: 7.5, y: 1.0 };
    expect(zonesContaining(zones, onBench).map((z) => z.name)).toEqual(['bench']);
    expect(inZone(tray, onBench)).toBe(false);
    expect(innermostZone(zones, onBench)?.name).toBe('bench');
  });

  it('overlapping zones both contain the overlap; the smaller names it', () => {
    const overlap = { x: 9.8, y: 1.0 };
    expect(zonesContaining(zones, overlap).map((z) => z.name)).toEqual(['bench', 'lane']);
    expect(innermostZone(zones, overlap)?.name).toBe('lane');
  });

  it('zones that touch share their edge; equal ones are named in map order; no zone is undefined', () => {
    expect(zonesContaining(zones, { x: 3.5, y: 1 }).map((z) => z.name)).toEqual(['bin_left', 'bin_right']);
    expect(innermostZone(zones, { x: 3.5, y: 1 })?.name).toBe('bin_left');
    expect(innermostZone(zones, { x: 3.47, y: 1 })?.name).toBe('bin_left');
    expect(innermostZone(zones, { x: 3.53, y: 1 })?.name).toBe('bin_right');
    expect(innermostZone(zones, { x: 5.5, y: 5 })).toBeUndefined();
    expect(zonesContaining(zones, { x: 5.5, y: 5 })).toEqual([]);
  });
});
