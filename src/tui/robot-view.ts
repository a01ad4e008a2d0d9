import type { SeenObject } from '../robot/perception.js';
import type { Robot } from '../robot/robot.js';
import type { Vec2 } from '../core/geometry.js';

/** An object on the map: where the robot believes it is, from its own detections. */
export type MapObject = Pick<SeenObject, 'id' | 'label' | 'color' | 'shape' | 'x' | 'y'>;

/** Everything the status panel and the map show about the robot, as plain data. */
export interface RobotView {
  state: string;
  armed: boolean;
  estopped: boolean;
  pose: { x: number; y: number; heading: number };
  /** 0..1 */
  battery: number;
  charging: boolean;
  holding: string | null;
  zone: string | null;
  operation: { id: string; kind: string; progress: number; message: string } | null;
  /** The planned path being followed, empty when not driving. */
  path: Vec2[];
  objects: MapObject[];
  simTime: number;
}

/** Reads the live robot. Objects are the robot's detections (perception memory), never ground truth. */
export function viewOfRobot(robot: Robot): RobotView {
  const s = robot.backend.readState();
  const op = robot.currentOperation();
  const motion = robot.backend.motionState();
  return {
    state: robot.state,
    armed: robot.armed,
    estopped: robot.emergencyStopped,
    pose: { ...s.pose },
    battery: s.battery,
    charging: s.charging,
    holding: robot.holding,
    zone: robot.currentZone(),
    operation: op ? { id: op.id, kind: op.kind, progress: op.progress, message: op.message } : null,
    path: motion.status === 'active' && motion.path ? pathAhead(s.pose, motion.path) : [],
    objects: robot.seenObjects().map(({ id, label, color, shape, x, y }) => ({ id, label, color, shape, x, y })),
    simTime: robot.now(),
  };
}

/** The part of a planned path still ahead of the robot: from the segment nearest to it onwards. */
export function pathAhead(pose: Vec2, path: readonly Vec2[]): Vec2[] {
  if (path.length < 2) return path.map(({ x, y }) => ({ x, y }));
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i + 1 < path.length; i++) {
    const d = distanceToSegment(pose, path[i]!, path[i + 1]!);
    if (d < bestD) [best, bestD] = [i, d];
  }
  return path.slice(best + 1).map(({ x, y }) => ({ x, y }));
}

function distanceToSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}
