import { round } from '../core/geometry.js';
import type { Robot } from '../robot/robot.js';
import type { World } from '../sim/world.js';

/**
 * The final ground truth of a mission, for evaluation only (tests, benches, the --json report).
 * The agent never sees it: it learns about the world through the robot's tools.
 */
export interface WorldReport {
  robot: { x: number; y: number; heading: number; battery: number; holding: string | null; armed: boolean; state: string; zone: string | null };
  objects: Array<{ id: string; color: string; shape: string; x: number; y: number; zone: string | null; heldBy: 'robot' | null }>;
  parameters: Record<string, number | string | boolean>;
}

export function reportWorld(world: World, robot: Robot): WorldReport {
  const body = world.robot;
  return {
    robot: {
      x: round(body.x),
      y: round(body.y),
      heading: round(body.heading),
      battery: round(body.battery, 4),
      holding: body.holding,
      armed: robot.armed,
      state: robot.state,
      zone: world.zoneAt(body)?.name ?? null,
    },
    objects: world.objects.map((o) => ({
      id: o.id,
      color: o.color,
      shape: o.shape,
      x: round(o.x),
      y: round(o.y),
      zone: o.heldBy ? null : (world.zoneAt(o)?.name ?? null),
      heldBy: o.heldBy,
    })),
    parameters: robot.parameters.snapshot(),
  };
}
