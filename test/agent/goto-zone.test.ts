import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { PlannerMap } from '../../src/agent/planner/beliefs.js';
import { centreIsFree, spreadStandingPoints, STAND_CLEARANCE_M, standingPointsInZone } from '../../src/agent/planner/skills/zone-stand.js';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Going to a zone whose centre has furniture on it (the office corridor's meeting room, its
 * table on the centre): the planner reads the map, goes to a free point inside the zone instead,
 * and checks it is in the zone from the robot's status; on the real runtime, the truth agreeing.
 */
const OFFICE = join(import.meta.dirname, '../../bench/agent-suite/scenarios/office-corridor.json');

const openRuntime = runtimesClosedAfterEach();

/** A 6 × 4 m room with a table on the centre of its one zone. */
const ROOM: PlannerMap = {
  width: 6,
  depth: 4,
  obstacles: [{ id: 'table', min_x: 2, min_y: 1.5, max_x: 4, max_y: 2.5 }],
  zones: [{ name: 'meeting', min_x: 1, min_y: 0.5, max_x: 5, max_y: 3.5, center: { x: 3, y: 2 } }],
};
const zone = ROOM.zones[0]!;
const clearance = (p: { x: number; y: number }) => Math.hypot(Math.max(2 - p.x, 0, p.x - 4), Math.max(1.5 - p.y, 0, p.y - 2.5));

describe('standing points in a zone', () => {
  it('are inside the zone, clear of the furniture, nearest the centre first', () => {
    expect(centreIsFree(ROOM, zone)).toBe(false);
    const points = standingPointsInZone(ROOM, zone);
    expect(points.length).toBeGreaterThan(10);
    for (const p of points) {
      expect(p.x >= zone.min_x && p.x <= zone.max_x && p.y >= zone.min_y && p.y <= zone.max_y).toBe(true);
      expect(clearance(p)).toBeGreaterThanOrEqual(STAND_CLEARANCE_M);
    }
    // Above or below the table's middle (on the 0.1 m grid), just clear of it.
    expect(Math.abs(points[0]!.x - 3)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.abs(points[0]!.y - 2) - 0.5).toBeGreaterThanOrEqual(STAND_CLEARANCE_M);
    expect(Math.abs(points[0]!.y - 2) - 0.5).toBeLessThan(STAND_CLEARANCE_M + 0.1);
  });

  it('spread over the zone when several are asked for', () => {
    const spread = spreadStandingPoints(ROOM, zone, 3);
    expect(spread).toHaveLength(3);
    for (let i = 1; i < spread.length; i++) for (let j = 0; j < i; j++) expect(Math.hypot(spread[i]!.x - spread[j]!.x, spread[i]!.y - spread[j]!.y)).toBeGreaterThanOrEqual(0.8);
  });

  it('are none in a zone the furniture fills', () => {
    expect(standingPointsInZone({ ...ROOM, obstacles: [{ id: 'slab', min_x: 0.9, min_y: 0.4, max_x: 5.1, max_y: 3.6 }] }, zone)).toEqual([]);
  });
});

describe('going to a zone with furniture on its centre', { timeout: 240_000 }, () => {
  it('when the robot finds the centre taken (an object the map lacks), tries other points of the zone', async () => {
    const file = warehouseScenarioFile('cube-on-bin-a', (warehouse) => ({
      ...warehouse,
      objects: warehouse.objects.map((o: { id: string }) => (o.id === 'red_cube' ? { ...o, x: 8.9, y: 1.0 } : o)),
    }));
    const runtime = await openRuntime(file, 1);
    const run = await runTestMission(runtime, 'go to bin a', new PlannerProvider(), { maxSteps: 40 });
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.zone).toBe('bin_a');
    const finished = run.events.flatMap((e) => (e.type === 'tool_call_finished' && e.name.startsWith('navigate') ? [e] : []));
    expect(finished[0]).toMatchObject({ name: 'navigate_to_zone', isError: true });
    expect(finished.at(-1)).toMatchObject({ name: 'navigate_to', isError: false });
    expect(run.world.objects.find((o) => o.id === 'red_cube')).toMatchObject({ x: 8.9, y: 1.0 });
  });

  it('goes to a free point inside the meeting room and checks it is there', async () => {
    const runtime = await openRuntime(OFFICE, 1);
    const run = await runTestMission(runtime, 'go to the meeting room', new PlannerProvider(), { maxSteps: 40 });
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.zone).toBe('meeting_room');
    const drives = run.events.flatMap((e) => (e.type === 'tool_call_started' && e.name.startsWith('navigate') ? [e] : []));
    expect(drives.map((d) => d.name)).toEqual(['navigate_to']);
    expect(run.goals).toContainEqual(expect.objectContaining({ text: 'robot in meeting_room', status: 'met' }));
  });
});
