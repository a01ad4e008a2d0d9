import { describe, expect, it } from 'vitest';
import { DEFAULT_ROBOT_CONFIG } from '../../src/sim/robot-config.js';
import type { SimEngine } from '../../src/sim/engine.js';
import type { World } from '../../src/sim/world.js';
import { makeEngine, FULL_SPEED, runMotion } from './sim-fixtures.js';

const actionSeconds = DEFAULT_ROBOT_CONFIG.gripper.actionSeconds;

function place(world: World, x: number, y: number, heading: number): void {
  Object.assign(world.robot, { x, y, heading });
}

function act(engine: SimEngine, action: 'grasp' | 'release') {
  engine.startGripper(action);
  let steps = 0;
  while (engine.gripperState().status === 'active') {
    engine.step();
    steps++;
  }
  return { state: engine.gripperState(), seconds: steps * engine.dt };
}

describe('gripper', () => {
  it('fails a grasp with nothing in reach, saying where the nearest object is', () => {
    const { world, engine } = makeEngine('warehouse');
    place(world, 4.0, 1.5, 0); // the blue cube (4.6, 1.3) is 0.6 m ahead, 0.2 m right
    const { state, seconds } = act(engine, 'grasp');
    expect(seconds).toBeCloseTo(actionSeconds, 9);
    expect(state.status).toBe('failed');
    expect(state.reason).toMatch(/^nothing in reach: nearest object is 0\.60 m ahead, 0\.20 m right \(the gripper reaches objects 0\.24–0\.48 m ahead/);
    place(world, 1, 1, 0);
    expect(act(engine, 'grasp').state.reason).toMatch(/^nothing in reach: no object within 1 m/);
  });

  it('grasps the object in front after the action time, and carries it', () => {
    const { world, engine } = makeEngine('warehouse');
    place(world, 4.24, 1.3, 0);
    engine.startGripper('grasp');
    expect(engine.gripperState()).toEqual({ status: 'active', action: 'grasp' });
    const { state, seconds } = act(engine, 'grasp');
    expect(seconds).toBeCloseTo(actionSeconds, 9);
    expect(state).toEqual({ status: 'succeeded', action: 'grasp', objectId: 'blue_cube' });
    expect(world.robot.holding).toBe('blue_cube');
    const cube = world.object('blue_cube')!;
    expect(cube.heldBy).toBe('robot');
    engine.startMotion({ kind: 'rotate', angle: Math.PI / 2, limits: FULL_SPEED });
    runMotion(engine);
    const d = DEFAULT_ROBOT_CONFIG.gripper.dropDistance;
    expect(cube.x).toBeCloseTo(world.robot.x + Math.cos(world.robot.heading) * d, 9);
    expect(cube.y).toBeCloseTo(world.robot.y + Math.sin(world.robot.heading) * d, 9);
    expect(act(engine, 'grasp').state).toEqual({ status: 'failed', action: 'grasp', reason: 'already holding an object' });
  });

  it('releases into the zone under the drop point and reports it', () => {
    const { world, engine } = makeEngine('warehouse');
    place(world, 4.24, 1.3, 0);
    act(engine, 'grasp');
    place(world, 6.82, 1.0, 0); // drop point (7.2, 1.0) is the centre of bin_b
    const { state } = act(engine, 'release');
    expect(state).toEqual({ status: 'succeeded', action: 'release', objectId: 'blue_cube', zone: 'bin_b' });
    const cube = world.object('blue_cube')!;
    expect(cube.heldBy).toBeNull();
    expect(cube.x).toBeCloseTo(7.2, 9);
    expect(world.robot.holding).toBeNull();
    expect(act(engine, 'release').state).toEqual({ status: 'failed', action: 'release', reason: 'not holding anything' });
    // Off any zone, the landing zone is null.
    place(world, 6.2 - 0.36, 6.2, 0);
    act(engine, 'grasp');
    place(world, 5, 3, 0);
    expect(act(engine, 'release').state).toMatchObject({ status: 'succeeded', zone: null });
  });

  it('refuses to release into an obstacle or a wall, keeping hold', () => {
    const { world, engine } = makeEngine('warehouse');
    place(world, 4.24, 1.3, 0);
    act(engine, 'grasp');
    place(world, 3.6, 4.6, 0); // drop point 3.98 is inside the rack (x 3.9..4.5)
    expect(act(engine, 'release').state).toEqual({
      status: 'failed',
      action: 'release',
      reason: 'cannot release here: the drop point 0.38 m ahead is inside obstacle "rack"',
    });
    place(world, 9.7, 4, 0);
    expect(act(engine, 'release').state.reason).toBe('cannot release here: the drop point 0.38 m ahead is against the east wall');
    expect(world.robot.holding).toBe('blue_cube');
  });
});
