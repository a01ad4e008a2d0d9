import type { StaticMap } from '../../../core/map.js';
import type { FloorObject } from '../../../core/objects.js';
import { PathPlanner } from '../../../core/planning/path-planner.js';
import type { PlannerMap } from '../beliefs.js';
import { STAND_CLEARANCE_M } from './zone-stand.js';

/**
 * Routes on the map the planner was given, around the objects it knows lie on the floor: the
 * project's own path planner, a little more cautious than the robot's (a wider base, a coarser
 * grid), so a pose it finds a way to is one worth asking the robot for. What it is for: not
 * putting something down where it closes the robot's own way out — a drop between a wall and an
 * object already there can box the base into a corner it cannot leave.
 */
type Point = { x: number; y: number };

/** The base the routes are planned for: its centre keeps STAND_CLEARANCE_M from walls and boxes. */
const ROUTE_RADIUS_M = STAND_CLEARANCE_M - 0.05;
const ROUTE_GRID_M = 0.1;
/** Known objects are planned around as squares of this size (the project's are at most 0.12 m). */
const OBJECT_SIZE_M = 0.12;

const planners = new WeakMap<PlannerMap, PathPlanner>();

function plannerFor(map: PlannerMap): PathPlanner {
  let planner = planners.get(map);
  if (!planner) {
    const rect = (r: { min_x: number; min_y: number; max_x: number; max_y: number }) => ({ minX: r.min_x, minY: r.min_y, maxX: r.max_x, maxY: r.max_y });
    const staticMap: StaticMap = {
      width: map.width,
      depth: map.depth,
      obstacles: map.obstacles.map((o) => ({ id: o.id, ...rect(o), height: 1, color: '' })),
      zones: map.zones.map((z) => ({ name: z.name, ...rect(z), color: '' })),
    };
    planner = new PathPlanner(staticMap, { robotRadius: ROUTE_RADIUS_M, resolution: ROUTE_GRID_M });
    planners.set(map, planner);
  }
  return planner;
}

const asObjects = (ps: readonly Point[]): FloorObject[] => ps.map((p, i) => ({ id: `known_${i}`, shape: 'cube', size: OBJECT_SIZE_M, x: p.x, y: p.y, yaw: 0, heldBy: null }));

/** Whether the map and the known objects leave a way from `a` to `b`. */
export function routeExists(map: PlannerMap, a: Point, b: Point, objects: readonly Point[]): boolean {
  return plannerFor(map).plan(a, b, asObjects(objects)).ok;
}

/** Whether the robot can get from `from` to `stand`, put something down on `spot`, and still get back. */
export function keepsWayOut(map: PlannerMap, from: Point, stand: Point, spot: Point, objects: readonly Point[]): boolean {
  return routeExists(map, from, stand, objects) && routeExists(map, stand, from, [...objects, spot]);
}
