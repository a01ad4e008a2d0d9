import { describe, expect, it } from 'vitest';
import type { PlannerMap } from '../../src/agent/planner/beliefs.js';
import { DROP_AHEAD_M, dropPlans, hasRoom } from '../../src/agent/planner/skills/drop-spots.js';
import { inPlainView, standsFacing } from '../../src/agent/planner/skills/facing-poses.js';
import { clearanceOnMap, STAND_CLEARANCE_M } from '../../src/agent/planner/skills/zone-stand.js';

/**
 * Where to put something down in a zone: free floor in it, apart from what is there, with a pose
 * the base can stand in facing it at the drop distance — never a spot against a wall that only a
 * base inside the wall could reach.
 */

/** An 8 × 6 m room; a zone in the north-west corner against both walls, a wall with a doorway
 *  between it and the robot, and a table on part of the zone. */
const ROOM: PlannerMap = {
  width: 8,
  depth: 6,
  obstacles: [
    { id: 'divider_west', min_x: 0, min_y: 3.9, max_x: 1.6, max_y: 4.0 },
    { id: 'divider_east', min_x: 2.6, min_y: 3.9, max_x: 8, max_y: 4.0 },
    { id: 'table', min_x: 0, min_y: 5.2, max_x: 0.8, max_y: 6 },
  ],
  zones: [{ name: 'kitchen', min_x: 0, min_y: 4, max_x: 2.5, max_y: 6, center: { x: 1.25, y: 5 } }],
};
const kitchen = ROOM.zones[0]!;
const ROBOT = { x: 6, y: 2 };
const inZone = (p: { x: number; y: number }, inset: number) => p.x >= kitchen.min_x + inset && p.x <= kitchen.max_x - inset && p.y >= kitchen.min_y + inset && p.y <= kitchen.max_y - inset;

describe('drop plans in a zone', () => {
  it('aim at free floor well inside the zone, from a pose the base fits in, facing it at the drop distance', () => {
    const choice = dropPlans(ROOM, kitchen, ROBOT, []);
    if (!('plans' in choice)) throw new Error(`expected plans, got ${JSON.stringify(choice)}`);
    expect(choice.plans.length).toBeGreaterThan(1);
    for (const { spot, stand } of choice.plans) {
      expect(inZone(spot, 0.15 - 1e-9)).toBe(true);
      expect(clearanceOnMap(ROOM, spot)).toBeGreaterThanOrEqual(0.12);
      expect(clearanceOnMap(ROOM, stand)).toBeGreaterThanOrEqual(STAND_CLEARANCE_M);
      expect(Math.hypot(spot.x - stand.x, spot.y - stand.y)).toBeCloseTo(DROP_AHEAD_M, 1);
      // Facing the spot, with no wall in between.
      const towards = (Math.atan2(spot.y - stand.y, spot.x - stand.x) * 180) / Math.PI;
      expect(Math.abs(((towards - stand.heading + 540) % 360) - 180)).toBeLessThanOrEqual(1);
      expect(inPlainView(ROOM, stand, spot)).toBe(true);
    }
    // Spread: when one is blocked, the next is elsewhere.
    const [a, b] = choice.plans;
    expect(Math.hypot(a!.spot.x - b!.spot.x, a!.spot.y - b!.spot.y)).toBeGreaterThanOrEqual(0.5);
  });

  it('keep apart from objects already there, and say the zone is full when no floor is left', () => {
    const there = [{ x: 1.2, y: 4.5 }, { x: 1.8, y: 4.5 }];
    const choice = dropPlans(ROOM, kitchen, ROBOT, there);
    if (!('plans' in choice)) throw new Error('expected plans');
    for (const { spot } of choice.plans) for (const o of there) expect(Math.hypot(spot.x - o.x, spot.y - o.y)).toBeGreaterThanOrEqual(0.3);
    // A grid of objects 0.25 m apart over the whole zone leaves no spot 0.3 m from all of them.
    const packed: Array<{ x: number; y: number }> = [];
    for (let x = 0.05; x < 2.5; x += 0.25) for (let y = 4.05; y < 6; y += 0.25) packed.push({ x, y });
    expect(hasRoom(ROOM, kitchen, packed)).toBe(false);
    expect(dropPlans(ROOM, kitchen, ROBOT, packed)).toEqual({ full: true, objectsInZone: packed.length });
    expect(hasRoom(ROOM, kitchen, there)).toBe(true);
  });

  it('report free floor nobody can stand facing (the end of an alcove narrower than the base) rather than aim at it', () => {
    const alcove: PlannerMap = { ...ROOM, obstacles: [{ id: 'alcove_side', min_x: 0.6, min_y: 0, max_x: 0.7, max_y: 2 }] };
    const end = { name: 'end', min_x: 0, min_y: 0, max_x: 0.6, max_y: 0.6, center: { x: 0.3, y: 0.3 } };
    expect(dropPlans(alcove, end, ROBOT, [])).toMatchObject({ unreachable: true });
    // The same zone with the side gone is reached from beside it.
    expect(dropPlans({ ...alcove, obstacles: [] }, end, ROBOT, [])).toHaveProperty('plans');
  });
});

describe('poses facing a point', () => {
  it('stand clear of walls, boxes and known objects, on the robot side first', () => {
    const target = { x: 4, y: 2 };
    const poses = standsFacing(ROOM, target, 1.5, ROBOT, { objects: [{ x: 5.5, y: 2 }] });
    expect(poses.length).toBeGreaterThan(8);
    // Straight on from the robot's side would be (5.5, 2): an object stands there.
    expect(poses.some((p) => Math.hypot(p.x - 5.5, p.y - 2) < 0.1)).toBe(false);
    expect(Math.hypot(poses[0]!.x - ROBOT.x, poses[0]!.y - ROBOT.y)).toBeLessThan(Math.hypot(poses.at(-1)!.x - ROBOT.x, poses.at(-1)!.y - ROBOT.y));
    // Behind the divider the point cannot be seen.
    expect(poses.some((p) => p.y > 4)).toBe(false);
  });
});
