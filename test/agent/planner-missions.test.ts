import { afterEach, describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import type { MissionRuntime } from '../../src/runtime/mission-runtime.js';
import { openTestRuntime, runTestMission } from '../helpers/runtime.js';

/**
 * The offline planner on the built-in scenarios, judged by the final ground-truth world — never
 * by what the planner says about itself.
 */
let runtimes: MissionRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes) await r.close();
  runtimes = [];
});

async function mission(instruction: string, scenario = 'warehouse', seed = 1) {
  const runtime = await openTestRuntime(scenario, seed);
  runtimes.push(runtime);
  return runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 80 });
}
const object = (run: Awaited<ReturnType<typeof mission>>, id: string) => run.world.objects.find((o) => o.id === id)!;

describe('the offline planner carries out missions', () => {
  it.each([
    ['pick up the red cube', 'red_cube'],
    ['Grab the blue cube!', 'blue_cube'],
    ['get the green ball', 'green_ball'],
  ])('%s', async (instruction, id) => {
    const run = await mission(instruction);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.holding).toBe(id);
    expect(object(run, id).heldBy).toBe('robot');
  });

  it('picks up one of two identical cubes (twins)', async () => {
    const run = await mission('pick up the red cube', 'twins');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(['red_cube_1', 'red_cube_2']).toContain(run.world.robot.holding);
  });

  it('follows a sequence: pick up, then put in a zone', async () => {
    const run = await mission('pick up the blue cube, then put it in bin A', 'warehouse', 2);
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'blue_cube')).toMatchObject({ zone: 'bin_a', heldBy: null });
    expect(run.world.robot.holding).toBeNull();
  });

  it('brings an object to a zone', async () => {
    const run = await mission('bring the yellow cylinder to the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'yellow_cylinder').zone).toBe('shelf');
  });

  it('places an object next to another object', async () => {
    const run = await mission('place the blue cube next to the green ball');
    expect(run.outcome, run.summary).toBe('succeeded');
    const a = object(run, 'blue_cube');
    const b = object(run, 'green_ball');
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.8);
    expect(a.heldBy).toBeNull();
  });

  it('handles plurals: all the cubes on the shelf', async () => {
    const run = await mission('put all the cubes on the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(object(run, 'red_cube').zone).toBe('shelf');
    expect(object(run, 'blue_cube').zone).toBe('shelf');
    expect(object(run, 'green_ball').zone).not.toBe('shelf');
  });

  it('goes to zones and coordinates', async () => {
    const zone = await mission('go to bin b');
    expect(zone.world.robot.zone).toBe('bin_b');
    const point = await mission('navigate to (3, 4.5)', 'cluttered');
    expect(point.outcome, point.summary).toBe('succeeded');
    expect(Math.hypot(point.world.robot.x - 3, point.world.robot.y - 4.5)).toBeLessThanOrEqual(0.05);
  });

  it('finds objects and reports where they are (also hidden ones, and in dim light)', async () => {
    for (const [scenario, instruction, id] of [
      ['warehouse', 'where is the green ball?', 'green_ball'],
      ['cluttered', 'find the red cube', 'red_cube'],
      ['dim', 'look for the yellow cylinder', 'yellow_cylinder'],
    ] as const) {
      const run = await mission(instruction, scenario);
      expect(run.outcome, run.summary).toBe('succeeded');
      const m = /at about \((-?[\d.]+), (-?[\d.]+)\)/.exec(run.summary)!;
      const truth = object(run, id);
      expect(Math.hypot(Number(m[1]) - truth.x, Number(m[2]) - truth.y), run.summary).toBeLessThan(0.25);
    }
  });

  it('charges on the dock, and charges first when the battery is below the reserve', async () => {
    const charge = await mission('go charge', 'warehouse');
    expect(charge.world.robot.battery).toBeGreaterThanOrEqual(0.94);
    const low = await mission('go to bin a', 'low-battery');
    expect(low.outcome, low.summary).toBe('succeeded');
    expect(low.world.robot.zone).toBe('bin_a');
    expect(low.summary).toMatch(/Charged the battery/);
  });

  it('answers status questions from the robot status', async () => {
    expect((await mission('what is your battery level?')).summary).toMatch(/Battery at 90%/);
    expect((await mission('where are you?')).summary).toMatch(/I am at \(1, 1\).*in home/);
    expect((await mission('what are you holding')).summary).toMatch(/not holding anything/);
  });

  it('arms, disarms, stops and sets parameters', async () => {
    expect((await mission('arm')).world.robot.armed).toBe(true);
    expect((await mission('arm the robot, then disarm')).world.robot.armed).toBe(false);
    expect((await mission('stop')).outcome).toBe('succeeded');
    expect((await mission('set max speed to 0.3')).world.parameters.max_linear_speed).toBe(0.3);
    expect((await mission('set the detection threshold to 60%')).world.parameters.detection_confidence).toBe(0.6);
  });

  it('fails honestly when it cannot understand or find something', async () => {
    const elephant = await mission('pick up the purple elephant');
    expect(elephant.outcome).toBe('failed');
    expect(elephant.summary).toMatch(/cannot recognize purple objects/);
    expect(elephant.steps).toBe(0);
    const nothing = await mission('pick up the red cube', 'empty');
    expect(nothing.outcome).toBe('failed');
    expect(nothing.summary).toMatch(/could not find the red cube anywhere: I looked from \d+ place/);
    expect(nothing.world.robot.holding).toBeNull();
    const sandwich = await mission('make me a sandwich');
    expect(sandwich.outcome).toBe('failed');
  });
});
