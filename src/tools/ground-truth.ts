import type { CameraFrame } from '../core/camera-frame.js';
import { round, type Pose } from '../core/geometry.js';
import { SeededRng } from '../core/rng.js';
import { labelFrame, renderWorld, type GroundTruthBox } from '../sim/camera/index.js';
import { loadScenario } from '../sim/scenario.js';
import { World } from '../sim/world.js';
import { iou, type Box } from '../vision/types.js';

/**
 * What the simulator knows and the detector has to find out: a scenario's camera view with the
 * box of every visible object, and how detections compare with it (which object each one is,
 * how far off its position is, which visible objects nobody found). For `robot-agent detect`;
 * the robot never sees any of this.
 */

/** The object a detection most likely is: the nearest free object with its label. */
export interface TruthMatch {
  objectId: string;
  x: number;
  y: number;
  /** Distance from the detection's world position, metres. */
  errorM: number;
}

export interface MissedObject {
  objectId: string;
  label: string;
  distanceM: number;
  /** Visible pixels in the frame. */
  pixels: number;
}

/** A scenario's world, by built-in name or file path (throws ScenarioError). */
export function openScenarioWorld(nameOrPath: string): World {
  return new World(loadScenario(nameOrPath));
}

/** Why the camera cannot stand at `pose` in this world (outside the room, inside an obstacle),
 *  or undefined when it can. */
export function poseProblem(world: World, pose: Pose): string | undefined {
  const { width, depth } = world.map;
  if (!(pose.x > 0 && pose.y > 0 && pose.x < width && pose.y < depth)) {
    return `pose (${pose.x}, ${pose.y}) is outside the ${width} x ${depth} m room of scenario "${world.scenario.name}"`;
  }
  const inside = world.map.obstacles.find((o) => pose.x >= o.minX && pose.x <= o.maxX && pose.y >= o.minY && pose.y <= o.maxY);
  if (inside) return `pose (${pose.x}, ${pose.y}) is inside obstacle "${inside.id}": pick a free spot on the floor`;
  return undefined;
}

/** The robot camera's frame at `pose` (sensor noise from `seed`) and the truth box of every
 *  object visible in it. */
export function renderTruthView(world: World, pose: Pose, seed: number): { frame: CameraFrame; truthBoxes: GroundTruthBox[] } {
  const result = renderWorld(world, pose, { rng: new SeededRng(seed).fork('camera'), time: 0 });
  return { frame: result.frame, truthBoxes: labelFrame(result) };
}

/** The nearest object not held by the robot whose "<color>_<shape>" is the detection's label,
 *  or null when the world has none. */
export function matchToTruth(world: World, detection: { label: string; world: { x: number; y: number } }): TruthMatch | null {
  let best: TruthMatch | null = null;
  for (const o of world.objects) {
    if (o.heldBy !== null || `${o.color}_${o.shape}` !== detection.label) continue;
    const err = Math.hypot(o.x - detection.world.x, o.y - detection.world.y);
    if (!best || err < best.errorM) best = { objectId: o.id, x: o.x, y: o.y, errorM: round(err, 3) };
  }
  return best;
}

/** Visible objects no detection of their class overlaps by IoU 0.5 or more. */
export function missedObjects(truthBoxes: readonly GroundTruthBox[], detections: ReadonlyArray<{ label: string; box: Box }>): MissedObject[] {
  return truthBoxes
    .filter((t) => !detections.some((d) => d.label === t.cls && iou(d.box, t) >= 0.5))
    .map((t) => ({ objectId: t.objectId, label: t.cls, distanceM: round(t.distanceM, 2), pixels: t.pixels }));
}
