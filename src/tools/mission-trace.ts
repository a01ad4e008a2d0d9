import type { World } from '../sim/world.js';

/**
 * What the robot did on the way, as the simulator drove it: the zones its centre passed through
 * and whether it charged. Path constraints ("don't go through …", "without charging") cannot be
 * judged from the final world alone, and the agent's own account of its path is no evidence.
 */
export interface MissionTrace {
  /** Zones the robot's centre was in at any physics step (every one containing it), in the order first entered. */
  zonesEntered: string[];
  /** Whether the robot was charging at any physics step. */
  charged: boolean;
}

export interface TraceWatch {
  /** The trace so far. */
  trace(): MissionTrace;
  /** Stops watching. */
  stop(): void;
}

/** Watches the simulated world after every step (`onStep` is the simulation's step hook). */
export function watchMission(world: World, onStep: (listener: () => void) => () => void): TraceWatch {
  const zones = new Set<string>();
  let charged = false;
  const look = () => {
    for (const zone of world.zonesAt(world.robot)) zones.add(zone.name);
    if (world.robot.charging) charged = true;
  };
  look();
  const unsubscribe = onStep(look);
  return { trace: () => ({ zonesEntered: [...zones], charged }), stop: unsubscribe };
}
