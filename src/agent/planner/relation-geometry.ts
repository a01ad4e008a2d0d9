import type { Compass, Landmark, Relation, WallSide } from './relations.js';
import { distanceToArea } from './map-areas.js';

/**
 * Relations measured on the map (x east, y north, origin at the south-west corner): how far an
 * object is from a wall, a corner, a zone, a piece of furniture or another object it was seen
 * near; whether it lies between two things or on the robot's left. A score per candidate, lower
 * is better, or null when the relation does not hold — and how close two scores may be before
 * the two candidates are equally good and must not be picked between.
 */
type Point = { x: number; y: number };
type Rect = { min_x: number; min_y: number; max_x: number; max_y: number };
/** What of the map (robot://map) relations are measured on: the room, its obstacles and zones. */
export interface RoomMap {
  width: number;
  depth: number;
  obstacles: Array<Rect & { id: string }>;
  zones: Array<Rect & { name: string }>;
}

export interface Scene {
  map: RoomMap | null;
  /** Objects seen, for relations to other objects. */
  objects: ReadonlyArray<{ id: string; color: string; shape: string; x: number; y: number }>;
  /** Where the robot stood and faced (degrees) when the instruction was given. */
  origin: { x: number; y: number; heading: number } | null;
}

/** How close "by", "next to", "in the corner" reach; beyond this an object is not by the thing. */
const REACH_M = { wall: 0.8, corner: 1.0, point: 0.5, other: 1.0 };
/** Two candidates whose scores differ by no more than this are equally good. */
export const TIE_M = 0.15;

const centre = (r: Rect): Point => ({ x: (r.min_x + r.max_x) / 2, y: (r.min_y + r.max_y) / 2 });

/** Obstacles that are walls: thin and long (partitions, dividers, walls with doorways), or named so. */
export function wallObstacles(map: RoomMap): RoomMap['obstacles'] {
  return map.obstacles.filter((o) => {
    const [thin, long] = [o.max_x - o.min_x, o.max_y - o.min_y].sort((a, b) => a - b) as [number, number];
    return (thin <= 0.3 && long >= 1) || /wall|partition|divider/.test(o.id);
  });
}

/** Distance from a point to the room's wall on this side. */
function sideDistance(p: Point, side: Compass, map: RoomMap): number {
  return { west: p.x, east: map.width - p.x, south: p.y, north: map.depth - p.y }[side];
}

const COMPASS: Compass[] = ['west', 'east', 'south', 'north'];
const NORMAL: Record<Compass, Point> = { west: { x: -1, y: 0 }, east: { x: 1, y: 0 }, south: { x: 0, y: -1 }, north: { x: 0, y: 1 } };

/** The room side a wall word means: compass words as they are, the rest from where the robot stood. */
export function wallSide(side: WallSide, map: RoomMap, origin: Scene['origin']): Compass | null {
  if (side === 'west' || side === 'east' || side === 'south' || side === 'north') return side;
  if (!origin) return null;
  if (side === 'far' || side === 'near') {
    const sorted = [...COMPASS].sort((a, b) => sideDistance(origin, a, map) - sideDistance(origin, b, map));
    return side === 'near' ? sorted[0]! : sorted.at(-1)!;
  }
  const turn = { ahead: 0, behind: 180, 'robot-left': 90, 'robot-right': -90 }[side];
  const a = ((origin.heading + turn) * Math.PI) / 180;
  return [...COMPASS].sort((p, q) => NORMAL[q].x * Math.cos(a) + NORMAL[q].y * Math.sin(a) - (NORMAL[p].x * Math.cos(a) + NORMAL[p].y * Math.sin(a)))[0]!;
}

const cornerCache = new WeakMap<RoomMap, Point[]>();

/**
 * The room's inside corners: where two wall faces (the room's sides, or faces of obstacles)
 * meet with only one quadrant around the point free — a room corner, or where a partition
 * meets a wall — not the outside corner of a piece of furniture.
 */
export function corners(map: RoomMap): Point[] {
  const cached = cornerCache.get(map);
  if (cached) return cached;
  const xs = [0, map.width, ...map.obstacles.flatMap((o) => [o.min_x, o.max_x])];
  const ys = [0, map.depth, ...map.obstacles.flatMap((o) => [o.min_y, o.max_y])];
  const free = (p: Point) => p.x > 0 && p.y > 0 && p.x < map.width && p.y < map.depth && !map.obstacles.some((o) => p.x > o.min_x && p.x < o.max_x && p.y > o.min_y && p.y < o.max_y);
  const found: Point[] = [];
  for (const x of xs) {
    for (const y of ys) {
      const onFaces = onVerticalFace(map, x, y) && onHorizontalFace(map, x, y);
      if (!onFaces || found.some((c) => Math.hypot(c.x - x, c.y - y) < 0.05)) continue;
      const quadrants = [[1, 1], [1, -1], [-1, 1], [-1, -1]].filter(([dx, dy]) => free({ x: x + dx! * 0.05, y: y + dy! * 0.05 }));
      if (quadrants.length === 1) found.push({ x, y });
    }
  }
  cornerCache.set(map, found);
  return found;
}

function onVerticalFace(map: RoomMap, x: number, y: number): boolean {
  return x === 0 || x === map.width || map.obstacles.some((o) => (x === o.min_x || x === o.max_x) && y >= o.min_y - 1e-6 && y <= o.max_y + 1e-6);
}

function onHorizontalFace(map: RoomMap, x: number, y: number): boolean {
  return y === 0 || y === map.depth || map.obstacles.some((o) => (y === o.min_y || y === o.max_y) && x >= o.min_x - 1e-6 && x <= o.max_x + 1e-6);
}

/** The corners these side words pick: all of them for "the corner", the far one from the robot for "the far corner". */
function cornersOn(sides: Array<Compass | 'far' | 'near'>, map: RoomMap, origin: Scene['origin']): Point[] {
  let picked = corners(map);
  for (const side of sides) {
    if (side === 'far' || side === 'near') {
      if (!origin) return [];
      const by = (c: Point) => Math.hypot(c.x - origin.x, c.y - origin.y);
      const sorted = [...picked].sort((a, b) => by(a) - by(b));
      picked = sorted.length ? [side === 'near' ? sorted[0]! : sorted.at(-1)!] : [];
    } else picked = picked.filter((c) => sideDistance(c, side, map) < sideDistance(c, opposite(side), map));
  }
  return picked;
}

const opposite = (s: Compass): Compass => ({ west: 'east', east: 'west', south: 'north', north: 'south' })[s] as Compass;

/** Distance from a point to the landmark (its nearest part), or null when the landmark is not there to measure. */
export function landmarkDistance(p: Point & { id?: string }, l: Landmark, scene: Scene): number | null {
  const { map } = scene;
  if ('object' in l) {
    const others = scene.objects.filter((o) => o.id !== p.id && (!l.object.color || o.color === l.object.color) && (!l.object.shape || o.shape === l.object.shape));
    return others.length ? Math.min(...others.map((o) => Math.hypot(o.x - p.x, o.y - p.y))) : null;
  }
  if ('point' in l) return Math.hypot(l.point.x - p.x, l.point.y - p.y);
  if (!map) return null;
  if ('wall' in l) {
    if (l.wall === null) return Math.min(...COMPASS.map((s) => sideDistance(p, s, map)), ...wallObstacles(map).map((o) => distanceToArea(p, o)));
    const side = wallSide(l.wall, map, scene.origin);
    return side ? sideDistance(p, side, map) : null;
  }
  if ('corner' in l) {
    const cs = cornersOn(l.corner, map, scene.origin);
    return cs.length ? Math.min(...cs.map((c) => Math.hypot(c.x - p.x, c.y - p.y))) : null;
  }
  if ('zone' in l) {
    const zone = map.zones.find((z) => z.name === l.zone);
    return zone ? distanceToArea(p, zone) : null;
  }
  if ('obstacles' in l) {
    const rects = map.obstacles.filter((o) => l.obstacles.includes(o.id));
    return rects.length ? Math.min(...rects.map((r) => distanceToArea(p, r))) : null;
  }
  return null;
}

/** Where a landmark is, as points (objects seen, a zone's or obstacle's centre), for "between". */
function landmarkPoints(l: Landmark, scene: Scene): Point[] {
  if ('object' in l) return scene.objects.filter((o) => (!l.object.color || o.color === l.object.color) && (!l.object.shape || o.shape === l.object.shape));
  if ('zone' in l) return (scene.map?.zones ?? []).filter((z) => z.name === l.zone).map(centre);
  if ('obstacles' in l) return (scene.map?.obstacles ?? []).filter((o) => l.obstacles.includes(o.id)).map(centre);
  if ('point' in l) return [l.point];
  return [];
}

/** How far off the line between a and b the point lies, when it lies between them at all. */
function offLine(p: Point, a: Point, b: Point): number | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  if (length < 0.3) return null;
  const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (length * length);
  const off = Math.abs((p.x - a.x) * dy - (p.y - a.y) * dx) / length;
  return t > 0.05 && t < 0.95 && off <= Math.max(0.5, 0.35 * length) ? off : null;
}

/** The candidate's score under the relation (lower is better), or null when the relation does not hold for it. */
export function relationScore(o: Point & { id?: string }, r: Relation, scene: Scene): number | null {
  if ('near' in r) {
    const d = landmarkDistance(o, r.near, scene);
    // A point said is where the object is (give or take where it was seen from), not an area near it.
    const reach = 'wall' in r.near ? REACH_M.wall : 'corner' in r.near ? REACH_M.corner : 'point' in r.near ? REACH_M.point : REACH_M.other;
    return d !== null && d <= reach ? d : null;
  }
  if ('ranked' in r) {
    const d = landmarkDistance(o, r.to, scene);
    return d === null ? null : r.ranked === 'nearest' ? d : -d;
  }
  if ('between' in r) {
    const [as, bs] = r.between.map((l) => landmarkPoints(l, scene)) as [Point[], Point[]];
    const offs = as.flatMap((a) => bs.map((b) => offLine(o, a, b))).filter((d): d is number => d !== null);
    return offs.length ? Math.min(...offs) : null;
  }
  if ('side' in r) {
    if (!scene.origin) return null;
    const a = (scene.origin.heading * Math.PI) / 180;
    const lateral = -(o.x - scene.origin.x) * Math.sin(a) + (o.y - scene.origin.y) * Math.cos(a);
    // Every object on that side is as good as another: more than one is for the person to pick.
    return (r.side === 'left' ? lateral : -lateral) > 0.3 ? 0 : null;
  }
  const along = NORMAL[r.extreme];
  return -(o.x * along.x + o.y * along.y);
}

/**
 * The one candidate a relation picks, or the two it cannot tell apart: candidates come in
 * already filtered (each satisfies the relation), one entry per object.
 */
export function bestByRelation<T extends Point & { id?: string }>(candidates: T[], r: Relation, scene: Scene): { best: T } | { tie: [T, T] } | null {
  const scored = candidates
    .map((o) => ({ o, s: relationScore(o, r, scene) }))
    .filter((c): c is { o: T; s: number } => c.s !== null)
    .sort((a, b) => a.s - b.s);
  if (!scored[0]) return null;
  if (scored[1] && scored[1].s - scored[0].s <= TIE_M) return { tie: [scored[0].o, scored[1].o] };
  return { best: scored[0].o };
}

/**
 * The relation as read from the robot's own left or right, when "left"/"right" was said and
 * that is another side of the room than the map's: both readings are checked before choosing.
 */
export function robotReading(r: Relation, scene: Scene): Relation | null {
  if (!scene.map) return null;
  if ('near' in r && 'wall' in r.near && r.near.also) {
    const own = wallSide(r.near.also, scene.map, scene.origin);
    return own && own !== r.near.wall ? { near: { wall: own }, text: r.text.replace(/\b(?:left|right)(?:-hand)?\b/, own) } : null;
  }
  if ('extreme' in r && r.also) {
    const own = wallSide(r.also, scene.map, scene.origin);
    return own && own !== r.extreme ? { extreme: own, text: `farthest ${own}` } : null;
  }
  return null;
}
