import { parseScenario } from '../../../src/sim/scenario.js';
import { World } from '../../../src/sim/world.js';

/** A plain 10 × 8 m room with the given objects and obstacles, robot at (1, 4) facing +x. */
export function roomWorld(opts: {
  objects?: { id: string; color: string; shape: string; size?: number; x: number; y: number; yaw?: number }[];
  obstacles?: { id: string; x: number; y: number; width: number; depth: number; height: number; color?: string }[];
  brightness?: number;
  ambient?: number;
} = {}): World {
  return new World(
    parseScenario({
      name: 'test-room',
      summary: 'test room',
      room: { width: 10, depth: 8 },
      lighting: { brightness: opts.brightness ?? 1, ambient: opts.ambient ?? 0.45, wallColor: '#c9c4b8', floorColor: '#9c9a94' },
      obstacles: opts.obstacles ?? [],
      zones: [{ name: 'home', x: 1, y: 4, width: 1, depth: 1 }],
      objects: opts.objects ?? [],
      robot: { x: 1, y: 4, heading: 0 },
    }),
  );
}

export const START_POSE = { x: 1, y: 4, heading: 0 };

/** Mean RGB over a square window of a frame. */
export function meanColor(frame: { width: number; rgb: Uint8Array }, u: number, v: number, half = 2): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let j = Math.round(v) - half; j <= Math.round(v) + half; j++) {
    for (let i = Math.round(u) - half; i <= Math.round(u) + half; i++) {
      const p = (j * frame.width + i) * 3;
      sum[0] += frame.rgb[p]!;
      sum[1] += frame.rgb[p + 1]!;
      sum[2] += frame.rgb[p + 2]!;
      n++;
    }
  }
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}
