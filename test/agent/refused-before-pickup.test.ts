import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';

/**
 * A delivery that cannot be done is found out before the object is picked up, on the real runtime
 * and judged by the simulator's truth: a point inside furniture or against a wall, a zone the
 * robot cannot get into, or an object to put it next to that is not there, was found out only
 * with the object already in the gripper.
 */
const plannerMission = plannerMissions({ maxSteps: 60 });
async function mission(instruction: string, scenario = 'warehouse') {
  const { run, calls } = await plannerMission(scenario, 1, instruction);
  return { run, called: calls.map((c) => c.name) };
}

describe('points out of reach are refused before anything moves', { timeout: 120_000 }, () => {
  it('a drop inside the pallet: refused naming it, the red cube left where it was, the robot where it started', async () => {
    const { run, called } = await mission('pick up the red cube and put it at (6.8, 3.4)');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/x=6\.8 y=3\.4 is inside obstacle "pallet"/);
    expect(called).toEqual(['get_robot_status']);
    expect(run.world.objects.find((o) => o.id === 'red_cube')).toMatchObject({ x: 6.2, y: 6.2, heldBy: null });
    expect(run.world.robot).toMatchObject({ x: 1, y: 1 });
    expect(run.goals?.every((g) => g.status === 'not_attempted')).toBe(true);
  });

  it('a point against a wall or outside the room, for a drive as for a drop', async () => {
    const wall = await mission('go to (9.9, 1)');
    expect(wall.run.outcome).toBe('failed');
    expect(wall.run.summary).toMatch(/too close to the east wall/);
    expect(wall.called).toEqual(['get_robot_status']);
    const outside = await mission('put the blue cube at (40, 4)');
    expect(outside.run.summary).toMatch(/outside the room/);
    expect(outside.called).toEqual(['get_robot_status']);
  });

  it('a free point still gets the delivery', async () => {
    const { run } = await mission('put the red cube at (5, 6.5)');
    expect(run.outcome, run.summary).toBe('succeeded');
    const cube = run.world.objects.find((o) => o.id === 'red_cube')!;
    expect(cube.heldBy).toBeNull();
    expect(Math.hypot(cube.x - 5, cube.y - 6.5)).toBeLessThan(0.6);
  });

  it('next to an object that is not there: searched for first, and the red cube never picked up', async () => {
    const { run, called } = await mission('put the red cube next to the yellow ball');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/cannot put the red cube next to the yellow ball: I could not find the yellow ball anywhere/);
    expect(called).not.toContain('grasp_object');
    expect(run.world.objects.find((o) => o.id === 'red_cube')).toMatchObject({ x: 6.2, y: 6.2, heldBy: null });
  });

  it('into a zone with no spot to stand facing that the robot can drive to (the closed cage): refused before the pickup', async () => {
    const { run, called } = await mission('put the red cube in the cage', join(import.meta.dirname, '../../bench/agent-suite/scenarios/dark-storeroom.json'));
    expect(run.outcome).toBe('failed');
    expect(run.summary).toMatch(/no free spot of cage has a place to stand facing it that I can drive to/);
    expect(called).not.toContain('grasp_object');
    expect(run.world.objects.every((o) => o.heldBy === null)).toBe(true);
  });
});
