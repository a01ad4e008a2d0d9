import { describe, expect, it } from 'vitest';
import { instructionAnswering } from '../../src/agent/answer-question.js';
import { plannerMissions } from '../helpers/runtime.js';

/**
 * Two objects fit the words equally well: the mission stops before anything is picked up and asks
 * which, with one option per candidate, and the option's words put into the instruction pick that
 * one — judged by the simulator's world, not by what the robot says. `twins` has red cubes at
 * (3.2, 1.6) and (6.0, 6.4).
 */
const mission = plannerMissions({ maxSteps: 100 });

describe('asking which one, and acting on the answer', { timeout: 300_000 }, () => {
  it('"pick up the red cube" with two: a question naming both; the answer for the far one picks up that one', async () => {
    const asked = (await mission('twins', 1, 'pick up the red cube')).run;
    expect(asked.outcome).toBe('failed');
    expect(asked.world.robot.holding).toBeNull();
    const question = asked.question!;
    expect(question.text).toBe('Which red cube do you mean?');
    expect(question.said).toBe('red cube');
    expect(question.options).toHaveLength(2);
    const far = question.options.findIndex((o) => /at \(5\.\d+, 6\.\d+\)/.test(o.label));
    expect(far).toBeGreaterThanOrEqual(0);

    const again = instructionAnswering('pick up the red cube', question, far)!;
    expect(again).toMatch(/^pick up the red cube at \(5\.\d+, 6\.\d+\)$/);
    const answered = (await mission('twins', 1, again)).run;
    expect(answered.outcome).toBe('succeeded');
    expect(answered.world.robot.holding).toBe('red_cube_2');
    expect(answered.question).toBeUndefined();
  });

  it('the place of the chosen one is kept wherever the words were said: "put the red cube in bin a"', async () => {
    const asked = (await mission('twins', 2, 'put the red cube in bin a')).run;
    expect(asked.outcome).toBe('failed');
    const near = asked.question!.options.findIndex((o) => /at \(3\.\d+, 1\.\d+\)/.test(o.label));
    const again = instructionAnswering('put the red cube in bin a', asked.question!, near)!;
    expect(again).toMatch(/^put the red cube at \(3\.\d+, 1\.\d+\) in bin a$/);
    const { world, outcome } = (await mission('twins', 2, again)).run;
    expect(outcome).toBe('succeeded');
    expect(world.objects.find((o) => o.id === 'red_cube_1')?.zone).toBe('bin_a');
    expect(world.objects.find((o) => o.id === 'red_cube_2')).toMatchObject({ x: 6, y: 6.4, heldBy: null });
  });

  it('a point said that no red cube is at is not taken as the nearest one: nothing is picked up', async () => {
    const { run } = await mission('twins', 1, 'pick up the red cube at (4.5, 4)');
    expect(run.outcome).toBe('failed');
    expect(run.world.robot.holding).toBeNull();
  });
});
