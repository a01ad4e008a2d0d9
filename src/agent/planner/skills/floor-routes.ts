import type { StaticMap } from '../../../core/map.js';
import type { FloorObject } from '../../../core/objects.js';
import { PathPlanner } from '../../../core/planning/path-planner.js';
import type { PlannerMap } from '../beliefs.js';
import { clearanceOnMap, STAND_CLEARANCE_M } from './zone-stand.js';

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

/** A base smaller than the robots the project knows (0.25 m and up; the map does not say): what
 *  no route of it reaches, the robot cannot reach either, so refusing it before anything moves
 *  does not refuse what the robot could have done. */
const LENIENT_RADIUS_M = 0.2;

const planners = new WeakMap<PlannerMap, Map<number, PathPlanner>>();

function plannerFor(map: PlannerMap, radius = ROUTE_RADIUS_M): PathPlanner {
  let byRadius = planners.get(map);
  if (!byRadius) planners.set(map, (byRadius = new Map()));
  let planner = byRadius.get(radius);
  if (!planner) {
    const rect = (r: { min_x: number; min_y: number; max_x: number; max_y: number }) => ({ minX: r.min_x, minY: r.min_y, maxX: r.max_x, maxY: r.max_y });
    const staticMap: StaticMap = {
      width: map.width,
      depth: map.depth,
      obstacles: map.obstacles.map((o) => ({ id: o.id, ...rect(o), height: 1, color: '' })),
      zones: map.zones.map((z) => ({ name: z.name, ...rect(z), color: '' })),
    };
    planner = new PathPlanner(staticMap, { robotRadius: radius, resolution: ROUTE_GRID_M });
    byRadius.set(radius, planner);
  }
  return planner;
}

const asObjects = (ps: readonly Point[]): FloorObject[] => ps.map((p, i) => ({ id: `known_${i}`, shape: 'cube', size: OBJECT_SIZE_M, x: p.x, y: p.y, yaw: 0, heldBy: null }));

/**
 * The floor the robot can get to from `from`, by the map alone and for the lenient base: a test
 * of a point, or null when `from` itself is inside furniture (nothing to tell). A room whose door
 * is shut is not in it, so a search does not plan views there only to find each one cut off.
 */
export function reachableFloor(map: PlannerMap, from: Point): ((p: Point) => boolean) | null {
  const grid = plannerFor(map, LENIENT_RADIUS_M).grid([]);
  const start = grid.rowOf(from.y) * grid.cols + grid.colOf(from.x);
  if (grid.blocked[start]) return null;
  const reached = new Uint8Array(grid.cols * grid.rows);
  reached[start] = 1;
  // Four neighbours only: a diagonal step may pass between two blocked cells at a wall's corner.
  for (const queue = [start]; queue.length > 0; ) {
    const i = queue.pop()!;
    const col = i % grid.cols;
    for (const j of [col > 0 ? i - 1 : -1, col < grid.cols - 1 ? i + 1 : -1, i - grid.cols, i + grid.cols]) {
      if (j >= 0 && j < reached.length && !reached[j] && !grid.blocked[j]) {
        reached[j] = 1;
        queue.push(j);
      }
    }
  }
  return (p) => reached[grid.rowOf(p.y) * grid.cols + grid.colOf(p.x)] === 1;
}

/** Whether the map and the known objects leave a way from `a` to `b`. */
export function routeExists(map: PlannerMap, a: Point, b: Point, objects: readonly Point[]): boolean {
  return plannerFor(map).plan(a, b, asObjects(objects)).ok;
}

/** Why, by the map alone, the robot cannot stand at `p` or get there from `from` (outside the
 *  room, inside furniture, against a wall, cut off); null when it may. */
export function whyNoWayTo(map: PlannerMap, from: Point, p: Point): string | null {
  const plan = plannerFor(map, LENIENT_RADIUS_M).plan(from, p, []);
  // Without the clearances the reason quotes: they are the smaller base's, not the robot's.
  return plan.ok ? null : plan.reason.replace(/; the robot's centre must stay [\d.]+ m clear\)/, ')').replace(/ \(the robot needs gaps of at least [\d.]+ m\)/, '');
}

/**
 * Whether the robot can get from `from` to `stand`, put something down on `spot`, and still get
 * back. Back means to where the base fits near `from` with the dropped object there: `from`
 * itself may be too close to an object to plan a route *to* (the robot has just grasped something
 * that stood beside another), though the robot, starting there, can step away from it.
 */
export function keepsWayOut(map: PlannerMap, from: Point, stand: Point, spot: Point, objects: readonly Point[]): boolean {
  if (!routeExists(map, from, stand, objects)) return false;
  const after = [...objects, spot];
  const back = roomNear(map, from, after);
  return back !== null && routeExists(map, stand, back, after);
}

/** How far from `p` a place with room for the base is looked for. */
const ROOM_SEARCH_M = 0.6;

/** `p`, or the nearest point around it where the base's centre keeps its distance from the map and the objects; null when none is near. */
function roomNear(map: PlannerMap, p: Point, objects: readonly Point[]): Point | null {
  const hasRoom = (q: Point) => clearanceOnMap(map, q) >= ROUTE_RADIUS_M + ROUTE_GRID_M && objects.every((o) => Math.hypot(o.x - q.x, o.y - q.y) >= ROUTE_RADIUS_M + OBJECT_SIZE_M);
  if (hasRoom(p)) return p;
  for (let r = ROUTE_GRID_M; r <= ROOM_SEARCH_M + 1e-9; r += ROUTE_GRID_M) {
    for (let k = 0; k < 16; k++) {
      const q = { x: p.x + r * Math.cos((k * Math.PI) / 8), y: p.y + r * Math.sin((k * Math.PI) / 8) };
      if (hasRoom(q)) return q;
    }
  }
  return null;
}
