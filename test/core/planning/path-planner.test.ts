import { describe, expect, it } from 'vitest';
import { PathPlanner } from '../../../src/core/planning/path-planner.js';
import { OccupancyGrid, INFLATION_MARGIN } from '../../../src/core/planning/occupancy-grid.js';
import { clearanceAt, segmentClearance } from '../../../src/core/planning/collision.js';
import { World } from '../../../src/sim/world.js';
import { loadScenario } from '../../../src/sim/scenario.js';
import type { Vec2 } from '../../../src/core/geometry.js';
import { penScenario } from '../../sim/sim-fixtures.js';

function planner(world: World): PathPlanner {
  return new PathPlanner(world.map, { robotRadius: world.config.radius });
}

function okPath(plan: ReturnType<PathPlanner['plan']>): { path: Vec2[]; lengthM: number } {
  if (!plan.ok) throw new Error(`expected a path, got: ${plan.reason}`);
  return plan;
}

const inflation = 0.25 + INFLATION_MARGIN;

describe('occupancy grid', () => {
  it('blocks cells within the robot radius + margin of walls, obstacles and floor objects, not the held one', () => {
    const world = new World(loadScenario('warehouse'));
    const grid = OccupancyGrid.ofStaticMap(world.map, inflation);
    expect(grid.cols).toBe(200);
    expect(grid.rows).toBe(160);
    const blockedAt = (g: OccupancyGrid, x: number, y: number) => g.isBlocked(g.colOf(x), g.rowOf(y));
    expect(blockedAt(grid, 0.1, 4)).toBe(true); // wall
    expect(blockedAt(grid, 0.4, 4)).toBe(false);
    expect(blockedAt(grid, 4.2, 4.6)).toBe(true); // inside the rack
    expect(blockedAt(grid, 3.66, 4.6)).toBe(true); // 0.24 m from the rack
    expect(blockedAt(grid, 3.56, 4.6)).toBe(false); // 0.34 m from the rack
    // The static layer ignores objects; the per-plan copy has them, except a held one.
    expect(blockedAt(grid, 6.2, 6.2)).toBe(false);
    expect(blockedAt(grid.withObjects(world.objects), 6.2, 6.2)).toBe(true);
    world.object('red_cube')!.heldBy = 'robot';
    expect(blockedAt(grid.withObjects(world.objects), 6.2, 6.2)).toBe(false);
  });
});

describe('path planner', () => {
  it('plans a short polyline around obstacles whose every segment keeps clearance', () => {
    const world = new World(loadScenario('warehouse'));
    const { path, lengthM } = okPath(planner(world).plan({ x: 1, y: 1 }, { x: 8, y: 5 }, world.objects));
    expect(path[0]).toEqual({ x: 1, y: 1 });
    expect(path.at(-1)).toEqual({ x: 8, y: 5 });
    expect(path.length).toBeLessThan(8); // string-pulled, not a staircase of cells
    const straight = Math.hypot(7, 4);
    expect(lengthM).toBeGreaterThanOrEqual(straight - 1e-9);
    expect(lengthM).toBeLessThan(straight * 1.15);
    for (let i = 1; i < path.length; i++) {
      expect(segmentClearance(world.map, world.objects, path[i - 1]!, path[i]!)).toBeGreaterThan(world.config.radius + 0.02);
    }
  });

  it('threads the 0.75 m gaps between the wall boxes of the cluttered room', () => {
    const world = new World(loadScenario('cluttered'));
    const { path } = okPath(planner(world).plan({ x: 1, y: 2 }, { x: 7, y: 2.6 }, world.objects));
    // Where the path crosses x = 4 it is inside one of the two gaps.
    let crossing: number | null = null;
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1]!;
      const b = path[i]!;
      if ((a.x - 4) * (b.x - 4) <= 0 && a.x !== b.x) crossing = a.y + ((4 - a.x) / (b.x - a.x)) * (b.y - a.y);
    }
    expect(crossing).not.toBeNull();
    const inLowerGap = crossing! > 1.7 + inflation - 0.01 && crossing! < 2.45 - inflation + 0.01;
    const inUpperGap = crossing! > 3.55 + inflation - 0.01 && crossing! < 4.3 - inflation + 0.01;
    expect(inLowerGap || inUpperGap).toBe(true);
  });

  it('fails fast, with a reason, for a target outside the room', () => {
    const world = new World(loadScenario('warehouse'));
    const plan = planner(world).plan(world.robot, { x: 12, y: 3 }, world.objects);
    expect(plan).toEqual({ ok: false, reason: 'x=12 y=3 is outside the room (0..10, 0..8)' });
  });

  it('names the obstacle a target is inside of or too close to, and the wall', () => {
    const world = new World(loadScenario('warehouse'));
    const p = planner(world);
    const inside = p.plan(world.robot, { x: 4.2, y: 4.6 }, world.objects);
    expect(inside.ok).toBe(false);
    expect(!inside.ok && inside.reason).toBe('x=4.2 y=4.6 is inside obstacle "rack"');
    const close = p.plan(world.robot, { x: 3.75, y: 4.6 }, world.objects);
    expect(!close.ok && close.reason).toMatch(/^x=3\.75 y=4\.6 is too close to obstacle "rack" \(0\.15 m away; the robot's centre must stay 0\.28 m clear\)$/);
    const wall = p.plan(world.robot, { x: 9.9, y: 4 }, world.objects);
    expect(!wall.ok && wall.reason).toMatch(/too close to the east wall/);
    const object = p.plan(world.robot, { x: 6.3, y: 6.2 }, world.objects);
    expect(!object.ok && object.reason).toMatch(/too close to an object on the floor/);
  });

  it('reports no path to an enclosed target, quickly', () => {
    const world = new World(penScenario());
    const plan = planner(world).plan(world.robot, { x: 3, y: 3 }, world.objects);
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.reason).toMatch(/^no path to x=3 y=3: it is cut off by walls or obstacles \(the robot needs gaps of at least 0\.56 m\)$/);
  });

  it('lets a robot touching a wall escape through the nearest free cell', () => {
    const world = new World(loadScenario('warehouse'));
    const start = { x: 0.26, y: 4 }; // 0.01 m from the west wall: inside the inflation
    expect(clearanceAt(world.map, world.objects, start.x, start.y)).toBeLessThan(inflation);
    const { path } = okPath(planner(world).plan(start, { x: 2, y: 2 }, world.objects));
    expect(path[0]).toEqual(start);
    expect(path[1]!.x).toBeGreaterThan(start.x); // first leg leads away from the wall
    expect(Math.abs(path[1]!.y - start.y)).toBeLessThan(0.05);
  });

  it('treats objects on the floor as obstacles to plan around', () => {
    const world = new World(loadScenario('empty'));
    const p = planner(world);
    const before = okPath(p.plan({ x: 1, y: 1.5 }, { x: 6, y: 1.5 }, world.objects));
    expect(before.path).toHaveLength(2);
    world.objects.push({ id: 'box', color: 'red', shape: 'cube', size: 0.3, x: 3.5, y: 1.5, yaw: 0, heldBy: null });
    const after = okPath(p.plan({ x: 1, y: 1.5 }, { x: 6, y: 1.5 }, world.objects));
    expect(after.path.length).toBeGreaterThan(2);
    expect(after.lengthM).toBeGreaterThan(before.lengthM);
  });
});
