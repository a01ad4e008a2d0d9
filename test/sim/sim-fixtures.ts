import { World } from '../../src/sim/world.js';
import { SimEngine } from '../../src/sim/engine.js';
import { loadScenario, parseScenario, type Scenario } from '../../src/sim/scenario.js';
import { clearanceAt } from '../../src/core/planning/collision.js';
import type { MotionLimits, MotionState } from '../../src/core/motion-types.js';
import { DEFAULT_ROBOT_CONFIG } from '../../src/sim/robot-config.js';

/** Shared set-up for the simulator suites: a world and engine, stepped directly. */
export function makeEngine(scenario: string | Scenario = 'warehouse'): { world: World; engine: SimEngine } {
  const world = new World(typeof scenario === 'string' ? loadScenario(scenario) : scenario);
  return { world, engine: new SimEngine(world) };
}

export const FULL_SPEED: MotionLimits = {
  maxLinear: DEFAULT_ROBOT_CONFIG.maxLinearSpeed,
  maxAngular: DEFAULT_ROBOT_CONFIG.maxAngularSpeed,
  tolerance: 0.05,
};

export interface DriveRecord {
  state: MotionState;
  steps: number;
  /** Smallest distance from the robot's centre to anything, over every step. */
  minClearance: number;
}

/** Steps until the motion goal ends (or the time budget runs out), watching clearance. */
export function runMotion(engine: SimEngine, maxSeconds = 120, onStep?: () => void): DriveRecord {
  const { world } = engine;
  let minClearance = Infinity;
  let steps = 0;
  while (engine.motionState().status === 'active' && steps < maxSeconds / engine.dt) {
    engine.step();
    steps++;
    minClearance = Math.min(minClearance, clearanceAt(world.map, world.objects, world.robot.x, world.robot.y));
    onStep?.();
  }
  return { state: engine.motionState(), steps, minClearance };
}

export function stepSeconds(engine: SimEngine, seconds: number): void {
  for (let i = 0; i < Math.round(seconds / engine.dt); i++) engine.step();
}

/** A small room with a closed pen of boxes in the middle, for "enclosed" goals. */
export function penScenario(): Scenario {
  return parseScenario({
    name: 'pen',
    summary: 'a closed pen of boxes',
    room: { width: 6, depth: 6 },
    obstacles: [
      { id: 'pen_south', x: 3, y: 2, width: 2.2, depth: 0.2 },
      { id: 'pen_north', x: 3, y: 4, width: 2.2, depth: 0.2 },
      { id: 'pen_west', x: 2, y: 3, width: 0.2, depth: 2.2 },
      { id: 'pen_east', x: 4, y: 3, width: 0.2, depth: 2.2 },
    ],
    zones: [{ name: 'home', x: 1, y: 1, width: 1, depth: 1 }],
    robot: { x: 1, y: 1 },
  });
}
