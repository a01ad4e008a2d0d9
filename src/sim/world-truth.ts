import { round } from '../core/geometry.js';
import type { World } from './world.js';

/** Where everything really is, for evaluation only (tests, benches, the --json report, what
 *  `ros-sim --truth-file` writes at exit). The agent never reads it. `zone` names the innermost
 *  zone (a cube in a tray on a bench is "in tray"); membership ("is it on the bench?") is judged
 *  from the position against the zones' rectangles (mission-judge.ts), never from this name. */
export interface WorldTruth {
  robot: { x: number; y: number; heading: number; battery: number; holding: string | null; zone: string | null };
  objects: Array<{ id: string; color: string; shape: string; x: number; y: number; zone: string | null; heldBy: 'robot' | null }>;
}

export function worldTruth(world: World): WorldTruth {
  const r = world.robot;
  return {
    robot: { x: round(r.x), y: round(r.y), heading: round(r.heading), battery: round(r.battery, 4), holding: r.holding, zone: world.zoneAt(r)?.name ?? null },
    objects: world.objects.map((o) => ({
      id: o.id,
      color: o.color,
      shape: o.shape,
      x: round(o.x),
      y: round(o.y),
      zone: o.heldBy ? null : (world.zoneAt(o)?.name ?? null),
      heldBy: o.heldBy,
    })),
  };
}
